import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { changePasswordFormSchema, PASSWORD_HINT } from '@tienda/shared/accounts';
import { ERRORS } from '@tienda/shared/messages';
import { FormAlert, PasswordField } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { setToken } from '../../../lib/session';
import { useChangeOwnPassword } from '../../../lib/api/users';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

// spec §2 /profile change-password form; spec §5 password change rules; spec §8 texts.
export function ChangePasswordForm({ email }: { email: string }) {
  const change = useChangeOwnPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFailure(null);
    try {
      const reply = await change.mutateAsync({ email, currentPassword, newPassword });
      // Other devices are signed out now; this one goes on with the new token.
      if (reply.token) setToken(reply.token);
    } catch (error) {
      setFailure(errorMessage(error, ERRORS.profilePasswordFailed));
      return;
    }
    reset(EMPTY);
    toast.success(ERRORS.passwordChanged);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby="perfil-contrasena">
      <h2 id="perfil-contrasena" className="font-display text-2xl font-semibold text-ink">
        Cambiar contraseña
      </h2>
      <PasswordField
        label="Contraseña actual"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <PasswordField
        label="Nueva contraseña"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordField
        label="Confirmar nueva contraseña"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <FormAlert>{failure}</FormAlert>
      <button type="submit" className="btn-secondary w-full sm:w-auto sm:justify-self-start" disabled={isSubmitting}>
        {isSubmitting ? 'Cambiando...' : 'Cambiar contraseña'}
      </button>
    </form>
  );
}
