import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { padUserId, type User } from '@tienda/shared/accounts';
import { ROLE_ADMIN } from '@tienda/shared/constants';
import { ADMIN_ERRORS } from '@tienda/shared/admin-messages';
import { useSession } from '../../../lib/session';
import { AddLink, AdminListView } from '../../admin-shared/components/admin-list-page';
import { EmailText } from '../../../components/ui/email-text';
import { ClipboardIcon } from '../../admin-shared/components/icons';
import { EditButton } from '../../admin-shared/components/row-actions';
import { rowButton } from '../../admin-shared/components/styles';
import { formatDate } from '../../../lib/dates';
import { serverReason } from '../../admin-shared/lib/request-errors';
import { useLoggedError } from '../../admin-shared/lib/use-logged-error';
import { useDeleteUser } from '../api/delete-user';
import { useAdminUserList } from '../api/list-users';
import { EditUserDialog } from '../components/edit-user-dialog';
import { countOf } from '@tienda/shared/plural';

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
  const { query: users, list } = useAdminUserList();
  const { userId: me } = useSession();
  const [editing, setEditing] = useState<User | null>(null);
  useLoggedError(ADMIN_ERRORS.usersLoadFailed, users.error);

  return (
    <AdminListView
      title="Administración de Usuarios"
      addAction={<AddLink to="/crear-usuario" label="Nuevo usuario" english="New user" />}
      query={users}
      // spec §9: id, name, email and username, case-insensitive substring (the id as shown, 00007, or as typed, 7),
      // found by the server (docs/decisions/0035-admin-lists-paged-by-the-server.md).
      list={list}
      search={{
        placeholder: 'Buscar por ID, nombre, correo o usuario',
        found: (count) => countOf(count, 'usuario encontrado', 'usuarios encontrados'),
      }}
      errorText={ADMIN_ERRORS.usersLoadFailed}
      // spec §8: a load error asks the admin to log out and back in.
      recover="log-out"
      emptyText="No hay usuarios registrados."
      noMatchText="Ningún usuario coincide con la búsqueda."
      nameOf={(u) => u.name}
      // The API refuses an admin's own deletion; the button is not offered.
      canDelete={(u) => u.userId !== me}
      deletion={{
        remove: useDeleteUser(),
        title: 'Eliminar usuario',
        question: '¿Estás seguro que deseas eliminar este usuario?',
        describe: (u) => (
          <>
            {u.name} <span className="font-normal text-ink-soft">({u.email})</span>
          </>
        ),
        deletedText: ADMIN_ERRORS.userDeleted,
        onFailed: (error) => {
          const reason = serverReason(error);
          toast.error(reason ? `${ADMIN_ERRORS.userDeleteFailed}: ${reason}` : ADMIN_ERRORS.userDeleteFailed);
        },
      }}
      caption="Usuarios"
      rowKey={(u) => u.userId}
      cardTitle={(u) => (
        <span className="flex flex-wrap items-center gap-2">
          {/* In a span of its own: bare text in a flex row cannot be narrower than its longest word. */}
          <span className="min-w-0">{u.name}</span>
          {u.userId === me && <span className="text-sm font-semibold text-ink-soft">(tú)</span>}
        </span>
      )}
      tableFrom="lg"
      columns={[
        {
          key: 'id',
          header: 'ID',
          cell: (u) => <span className="tabular-nums">{padUserId(u.userId)}</span>,
          className: 'w-20',
        },
        {
          key: 'name',
          header: 'Nombre',
          cell: (u) => (
            // Typed by people: a name with no spaces wraps at this width instead of widening the table.
            <span className="block max-w-64 font-bold">
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
            <span className="block max-w-64">
              <EmailText email={u.email} />
            </span>
          ),
        },
        { key: 'username', header: 'Usuario', cell: (u) => <span className="block max-w-48">{u.username}</span> },
        { key: 'role', header: 'Rol', cell: (u) => <RoleBadge user={u} /> },
        { key: 'created', header: 'Registro', cell: (u) => formatDate(u.createdAt) },
      ]}
      actions={(u) => (
        <>
          <EditButton onClick={() => setEditing(u)} name={u.name} />
          {/* The account's orders, in the orders admin (docs/decisions/0035-…). */}
          <Link to={`/ordenes-pendientes?cliente=${u.userId}`} className={rowButton}>
            <ClipboardIcon width={16} height={16} /> Órdenes <span className="sr-only">de {u.name}</span>
          </Link>
        </>
      )}
      pagesLabel="Páginas de usuarios"
    >
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
    </AdminListView>
  );
}
