import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { User } from '@tienda/shared/accounts';
import { ROLE_ADMIN } from '@tienda/shared/constants';
import { ERRORS } from '@tienda/shared/messages';
import { useSession } from '../../../lib/session';
import { AdminPage } from '../../admin-shared/components/admin-page';
import { DataTable } from '../../admin-shared/components/data-table';
import { useDeleteConfirmation } from '../../admin-shared/components/delete-confirmation';
import { EmailText } from '../../admin-shared/components/email-text';
import { PlusIcon } from '../../admin-shared/components/icons';
import { Pager } from '../../admin-shared/components/pager';
import { DeleteButton, EditButton } from '../../admin-shared/components/row-actions';
import { SearchBox } from '../../admin-shared/components/search-box';
import { ListState } from '../../admin-shared/components/state-views';
import { matchesTerm, padId } from '../../admin-shared/lib/admin-search';
import { formatDate } from '../../../lib/dates';
import { serverReason } from '../../admin-shared/lib/request-errors';
import { useLoggedError } from '../../admin-shared/lib/use-logged-error';
import { useSearchedPage } from '../../admin-shared/lib/use-searched-page';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/list-users';
import { EditUserDialog } from '../components/edit-user-dialog';

function RoleBadge({ user }: { user: User }) {
  const admin = user.roles.some((role) => role.roleName === ROLE_ADMIN);
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ${admin ? 'bg-lavender text-ink' : 'bg-mint text-ink'}`}
    >
      {admin ? 'Administrador' : 'Cliente'}
    </span>
  );
}

// spec §2 Users admin: searchable paged table, id padded to 5 digits, edit and delete dialogs per row, 'New user'.
export function Component() {
  const users = useUsers();
  const { userId: me } = useSession();
  const [editing, setEditing] = useState<User | null>(null);
  useLoggedError(ERRORS.usersLoadFailed, users.error);

  // spec §9: id, name, email and username, case-insensitive substring (the id as shown, 00007, or as typed, 7).
  const list = useSearchedPage(users.data, (u, term) =>
    matchesTerm(term, [padId(u.userId), u.name, u.email, u.username]),
  );
  const deletion = useDeleteConfirmation<User>({
    remove: useDeleteUser(),
    idOf: (u) => u.userId,
    title: 'Eliminar usuario',
    question: '¿Estás seguro que deseas eliminar este usuario?',
    describe: (u) => (
      <>
        {u.name} <span className="font-normal text-ink-soft">({u.email})</span>
      </>
    ),
    deletedText: ERRORS.userDeleted,
    onFailed: (error) => {
      const reason = serverReason(error);
      toast.error(reason ? `${ERRORS.userDeleteFailed}: ${reason}` : ERRORS.userDeleteFailed);
    },
  });

  return (
    <AdminPage
      title="Administración de Usuarios"
      back={{ to: '/admin/inicio', label: 'Volver al panel' }}
      actions={
        <Link to="/crear-usuario" className="btn-primary">
          <PlusIcon /> Nuevo usuario
          <span lang="en" className="text-sm font-semibold opacity-90">
            (New user)
          </span>
        </Link>
      }
    >
      <div className="mb-5">
        <SearchBox
          label="Buscar usuarios"
          placeholder="Buscar por ID, nombre, correo o usuario"
          value={list.term}
          onChange={list.setTerm}
          resultText={users.data ? `${list.filtered.length} usuarios encontrados` : undefined}
        />
      </div>
      {/* spec §8: a load error asks the admin to log out and back in. */}
      <ListState
        query={users}
        errorText={ERRORS.usersLoadFailed}
        recover="log-out"
        emptyText={
          list.filtered.length === 0 &&
          (list.term ? 'Ningún usuario coincide con la búsqueda.' : 'No hay usuarios registrados.')
        }
      >
        <DataTable
          caption="Usuarios"
          rows={list.pageItems}
          rowKey={(u) => u.userId}
          cardTitle={(u) => (
            <span className="flex flex-wrap items-center gap-2">
              {u.name}
              {u.userId === me && <span className="text-sm font-semibold text-ink-soft">(tú)</span>}
            </span>
          )}
          tableFrom="lg"
          columns={[
            {
              key: 'id',
              header: 'ID',
              cell: (u) => <span className="tabular-nums">{padId(u.userId)}</span>,
              className: 'w-20',
            },
            {
              key: 'name',
              header: 'Nombre',
              cell: (u) => (
                <span className="font-bold">
                  {u.name}
                  {u.userId === me && <span className="ml-1 font-semibold text-ink-soft">(tú)</span>}
                </span>
              ),
              hideOnCard: true,
            },
            {
              key: 'email',
              header: 'Correo',
              cell: (u) => (
                <span className="[overflow-wrap:anywhere]">
                  <EmailText email={u.email} />
                </span>
              ),
            },
            { key: 'username', header: 'Usuario', cell: (u) => u.username },
            { key: 'role', header: 'Rol', cell: (u) => <RoleBadge user={u} /> },
            { key: 'created', header: 'Registro', cell: (u) => formatDate(u.createdAt) },
          ]}
          actions={(u) => (
            <>
              <EditButton onClick={() => setEditing(u)} name={u.name} />
              {/* The API refuses an admin's own deletion; the button is not offered. */}
              {u.userId !== me && <DeleteButton onClick={() => deletion.ask(u)} name={u.name} />}
            </>
          )}
        />
        <Pager page={list.page} pageCount={list.pageCount} onChange={list.setPage} label="Páginas de usuarios" />
      </ListState>
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      {deletion.dialog}
    </AdminPage>
  );
}
