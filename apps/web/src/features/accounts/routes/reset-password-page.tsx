import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { resetPasswordFormSchema } from '@tienda/shared/accounts';
import { ERRORS, VALIDATION } from '@tienda/shared/messages';
import { FormAlert, PasswordField, splitFormErrors } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useResetPassword } from '../../../lib/api/users';
import { AuthShell, Spinner } from '../components/auth-shell';
import { emailFromState } from '../lib/navigation-state';
import { EmailText } from '../../../components/ui/email-text';

// spec §2 /reset-password, §5 reset rules, §8 password reset texts.
export function Component() {
  const { state } = useLocation();
  const email = emailFromState(state);
  const navigate = useNavigate();
  const alertId = useId();
  const resetPassword = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const issues = splitFormErrors<'newPassword' | 'confirmPassword'>(errors, VALIDATION.resetIncomplete);

  if (!email) return <Navigate to="/olvide-contrasena" replace />;

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setFailure(null);
    try {
      await resetPassword.mutateAsync({ email, newPassword });
    } catch (error) {
      setFailure(errorMessage(error, ERRORS.passwordResetFailed));
      return;
    }
    toast.success(ERRORS.passwordChanged);
    navigate('/login', { replace: true });
  });

  return (
    <AuthShell
      title="Crea una nueva contraseña"
      subtitle={
        <>
          Para la cuenta <EmailText email={email} emphasized />. Usa al menos 6 caracteres.
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <PasswordField
          label="Nueva contraseña"
          autoComplete="new-password"
          invalid={issues.isMissing('newPassword')}
          errorRef={alertId}
          error={issues.own('newPassword')}
          {...register('newPassword')}
        />
        <PasswordField
          label="Confirmar nueva contraseña"
          autoComplete="new-password"
          invalid={issues.isMissing('confirmPassword')}
          errorRef={alertId}
          error={issues.own('confirmPassword')}
          {...register('confirmPassword')}
        />
        <FormAlert id={alertId}>{issues.shared}</FormAlert>
        <FormAlert>{failure}</FormAlert>
        <button type="submit" className="btn-primary w-full text-lg" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? 'Guardando...' : 'Cambiar contraseña'}
        </button>
      </form>
    </AuthShell>
  );
}
