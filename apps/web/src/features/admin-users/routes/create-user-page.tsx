import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import {
  type CreateUserFields,
  type CreateUserForm,
  createUserFormSchema,
  PASSWORD_HINT,
} from '@tienda/shared/accounts';
import { ROLE_ADMIN } from '@tienda/shared/constants';
import { VALIDATION } from '@tienda/shared/messages';
import { ADMIN_ERRORS } from '@tienda/shared/admin-messages';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { AdminPage } from '../../admin-shared/components/admin-page';
import {
  DraftNotice,
  FormAlert,
  requiredLabel,
  SubmitButton,
  useAdminForm,
} from '../../admin-shared/components/form-fields';
import { useCreateAdminUser } from '../api/create-admin-user';
import { mutateUntilSettled } from '../../../lib/mutate-until-settled';

/** spec §8: a 409 carries 'El usuario ya existe…'; anything else is 'Hubo un problema al crear el usuario'. */
function createFailure(error: unknown): string {
  return error instanceof ApiError && error.status === 409 && error.message
    ? error.message
    : ADMIN_ERRORS.userCreateFailed;
}

// spec §2 Create user: name, email, username, password; the role is fixed to ADMIN in a disabled selector.
export function Component() {
  const navigate = useNavigate();
  const create = useCreateAdminUser();
  const { formRef, register, handleSubmit, errors, draft } = useAdminForm<CreateUserForm, CreateUserFields>({
    resolver: zodResolver(createUserFormSchema),
    defaultValues: { name: '', email: '', username: '', password: '' },
    general: [VALIDATION.createUserIncomplete],
    order: ['name', 'email', 'username', 'password'],
    // A password is never written to storage.
    draft: { key: 'usuario:nuevo', omit: ['password'] },
  });
  return (
    <AdminPage
      title="Crear usuario administrador"
      back={{ to: '/admin/usuarios', label: 'Volver a usuarios' }}
      width="narrow"
    >
      <form
        ref={formRef}
        noValidate
        className="card space-y-5 p-5 sm:p-8"
        onSubmit={handleSubmit((values) =>
          mutateUntilSettled(create, values, {
            onSuccess: (user) => {
              toast.success(`Usuario administrador ${user.username} creado exitosamente`);
              void navigate('/admin/usuarios');
            },
            onError: (error) => toast.error(createFailure(error)),
          }),
        )}
      >
        <DraftNotice draft={draft} note="La contraseña no se guarda: escríbela otra vez." />
        <TextField
          label={requiredLabel('Nombre')}
          {...errors.field('name')}
          {...register('name')}
          type="text"
          autoComplete="off"
        />
        <TextField
          label={requiredLabel('Correo electrónico')}
          {...errors.field('email')}
          {...register('email')}
          type="email"
          autoComplete="off"
        />
        <TextField
          label={requiredLabel('Usuario')}
          {...errors.field('username')}
          hint="Letras, números, puntos, guiones y guiones bajos (3 a 50)."
          {...register('username')}
          type="text"
          autoComplete="off"
          autoCapitalize="none"
        />
        <TextField
          label={requiredLabel('Contraseña')}
          {...errors.field('password')}
          hint={PASSWORD_HINT}
          {...register('password')}
          type="password"
          autoComplete="new-password"
        />
        <SelectField
          label="Rol"
          hint="Los usuarios creados aquí son administradores."
          disabled
          defaultValue={ROLE_ADMIN}
        >
          <option value={ROLE_ADMIN}>ADMIN</option>
        </SelectField>
        <FormAlert message={create.error ? createFailure(create.error) : undefined} />
        <SubmitButton busy={create.isPending} busyLabel="Creando...">
          Crear usuario
        </SubmitButton>
      </form>
    </AdminPage>
  );
}
