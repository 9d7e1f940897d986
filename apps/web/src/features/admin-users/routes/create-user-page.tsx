import { useId, useRef } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { createUserFormSchema, type CreateUserForm } from '@tienda/shared/accounts';
import { ROLE_ADMIN } from '@tienda/shared/constants';
import { ERRORS, VALIDATION } from '@tienda/shared/messages';
import { ApiError } from '../../../lib/api-client';
import { AdminPage } from '../../admin-shared/components/admin-page';
import { Field, FormAlert, splitErrors, useFocusFirstInvalid } from '../../admin-shared/components/form-fields';
import { inputClass } from '../../admin-shared/components/styles';
import { useCreateAdminUser } from '../api/create-admin-user';

type Values = Required<CreateUserForm>;

/** spec §8: a 409 carries 'El usuario ya existe…'; anything else is 'Hubo un problema al crear el usuario'. */
function createFailure(error: unknown): string {
  return error instanceof ApiError && error.status === 409 && error.message ? error.message : ERRORS.userCreateFailed;
}

// spec §2 Create user: name, email, username, password; the role is fixed to ADMIN in a disabled selector.
export function Component() {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const roleId = useId();
  const create = useCreateAdminUser();
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(createUserFormSchema) as unknown as Resolver<Values>,
    shouldFocusError: false,
    defaultValues: { name: '', email: '', username: '', password: '' },
  });
  const errors = splitErrors(formState.errors, [VALIDATION.createUserIncomplete], ['name', 'email', 'username', 'password']);
  const field = (name: keyof Values) => ({ error: errors.fieldError(name), invalid: errors.invalid(name) });
  useFocusFirstInvalid(formRef, formState.submitCount);
  return (
    <AdminPage title="Crear usuario administrador" back={{ to: '/admin/usuarios', label: 'Volver a usuarios' }} width="narrow">
      <form
        ref={formRef}
        noValidate
        className="card space-y-5 p-5 sm:p-8"
        onSubmit={handleSubmit((values) =>
          create.mutate(values, {
            onSuccess: (user) => {
              toast.success(`Usuario administrador ${user.username} creado exitosamente`);
              void navigate('/admin/usuarios');
            },
            onError: (error) => toast.error(createFailure(error)),
          }),
        )}
      >
        <Field label="Nombre" required {...field('name')}>
          {(c) => <input {...c} {...register('name')} type="text" autoComplete="off" className={inputClass} />}
        </Field>
        <Field label="Correo electrónico" required {...field('email')}>
          {(c) => <input {...c} {...register('email')} type="email" autoComplete="off" className={inputClass} />}
        </Field>
        <Field label="Usuario" required {...field('username')} hint="Letras, números, puntos, guiones y guiones bajos (3 a 50).">
          {(c) => <input {...c} {...register('username')} type="text" autoComplete="off" autoCapitalize="none" className={inputClass} />}
        </Field>
        <Field label="Contraseña" required {...field('password')} hint="Al menos 6 caracteres.">
          {(c) => <input {...c} {...register('password')} type="password" autoComplete="new-password" className={inputClass} />}
        </Field>
        <div>
          <label htmlFor={roleId} className="field-label">
            Rol
          </label>
          <select id={roleId} disabled defaultValue={ROLE_ADMIN} className="field-input bg-sand/50 text-ink" aria-describedby={`${roleId}-hint`}>
            <option value={ROLE_ADMIN}>ADMIN</option>
          </select>
          <p id={`${roleId}-hint`} className="mt-1 text-sm text-ink-soft">
            Los usuarios creados aquí son administradores.
          </p>
        </div>
        <FormAlert message={create.error ? createFailure(create.error) : undefined} />
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={create.isPending}>
          {create.isPending ? 'Creando...' : 'Crear usuario'}
        </button>
      </form>
    </AdminPage>
  );
}
