import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { User } from '@tienda/shared/accounts';
import { ROLE_ADMIN } from '@tienda/shared/constants';
import { ERRORS } from '@tienda/shared/messages';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { logOut, useSession } from '../../../lib/session';
import { AdminPage } from '../../admin-shared/components/admin-page';
import { DataTable } from '../../admin-shared/components/data-table';
import { EmailText } from '../../admin-shared/components/email-text';
import { PencilIcon, PlusIcon, TrashIcon } from '../../admin-shared/components/icons';
import { Pager } from '../../admin-shared/components/pager';
import { SearchBox } from '../../admin-shared/components/search-box';
import { EmptyNotice, ErrorNotice, ListSkeleton } from '../../admin-shared/components/state-views';
import { rowButton, rowButtonDanger } from '../../admin-shared/components/styles';
import { matchesTerm, padId } from '../../admin-shared/lib/admin-search';
import { formatDate } from '../../admin-shared/lib/format';
import { serverReason } from '../../admin-shared/lib/request-errors';
import { usePaged } from '../../admin-shared/lib/use-paged';
import { useSearchParam } from '../../admin-shared/lib/use-search-param';
import { useDeleteUser } from '../api/delete-user';
import { useUsers } from '../api/list-users';
import { EditUserDialog } from '../components/edit-user-dialog';

function RoleBadge({ user }: { user: User }) {
  const admin = user.roles.some((role) => role.roleName === ROLE_ADMIN);
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ${admin ? 'bg-lavender text-ink' : 'bg-mint text-ink'}`}>
      {admin ? 'Administrador' : 'Cliente'}
    </span>
  );
}

// spec §2 Users admin: searchable paged table, id padded to 5 digits, edit and delete dialogs per row, 'New user'.
export function Component() {
  const users = useUsers();
  const { userId: me } = useSession();
  const [term, setTerm] = useSearchParam('q');
  const [editing, setEditing] = useState<User | null>(null);
  const [toDelete, setToDelete] = useState<User | null>(null);
  const remove = useDeleteUser();

  useEffect(() => {
    if (users.error) console.error(ERRORS.usersLoadFailed, users.error);
  }, [users.error]);

  // spec §9: id, name, email and username, case-insensitive substring (the id as shown, 00007, or as typed, 7).
  const filtered = (users.data ?? []).filter((u) => matchesTerm(term, [padId(u.userId), u.name, u.email, u.username]));
  const paged = usePaged(filtered, term);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.userId, {
      onSuccess: () => {
        toast.success(ERRORS.userDeleted);
        setToDelete(null);
      },
      onError: (error) => {
        const reason = serverReason(error);
        toast.error(reason ? `${ERRORS.userDeleteFailed}: ${reason}` : ERRORS.userDeleteFailed);
        setToDelete(null);
      },
    });
  };

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
          value={term}
          onChange={setTerm}
          resultText={users.data ? `${filtered.length} usuarios encontrados` : undefined}
        />
      </div>
      {users.isPending ? (
        <ListSkeleton />
      ) : users.isError ? (
        // spec §8: a load error asks the admin to log out and back in.
        <ErrorNotice
          action={
            <button type="button" className={rowButton} onClick={logOut}>
              Cerrar sesión
            </button>
          }
        >
          {ERRORS.usersLoadFailed}
        </ErrorNotice>
      ) : filtered.length === 0 ? (
        <EmptyNotice>{term ? 'Ningún usuario coincide con la búsqueda.' : 'No hay usuarios registrados.'}</EmptyNotice>
      ) : (
        <>
          <DataTable
            caption="Usuarios"
            rows={paged.pageItems}
            rowKey={(u) => u.userId}
            cardTitle={(u) => (
              <span className="flex flex-wrap items-center gap-2">
                {u.name}
                {u.userId === me && <span className="text-sm font-semibold text-ink-soft">(tú)</span>}
              </span>
            )}
            tableFrom="lg"
            columns={[
              { key: 'id', header: 'ID', cell: (u) => <span className="tabular-nums">{padId(u.userId)}</span>, className: 'w-20' },
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
                <button type="button" className={rowButton} onClick={() => setEditing(u)}>
                  <PencilIcon width={16} height={16} /> Editar <span className="sr-only">{u.name}</span>
                </button>
                {/* The API refuses an admin's own deletion; the button is not offered. */}
                {u.userId !== me && (
                  <button type="button" className={rowButtonDanger} onClick={() => setToDelete(u)}>
                    <TrashIcon width={16} height={16} /> Eliminar <span className="sr-only">{u.name}</span>
                  </button>
                )}
              </>
            )}
          />
          <Pager page={paged.page} pageCount={paged.pageCount} onChange={paged.setPage} label="Páginas de usuarios" />
        </>
      )}
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title="Eliminar usuario"
        message={
          <>
            <p>¿Estás seguro que deseas eliminar este usuario?</p>
            <p className="mt-2 font-bold text-ink">
              {toDelete?.name} <span className="font-normal text-ink-soft">({toDelete?.email})</span>
            </p>
          </>
        }
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </AdminPage>
  );
}
