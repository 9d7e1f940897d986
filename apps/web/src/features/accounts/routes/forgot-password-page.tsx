import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { forgotPasswordFormSchema } from '@tienda/shared/accounts';
import { ERRORS } from '@tienda/shared/messages';
import { EmailField } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useSendResetCode } from '../api/send-reset-code';
import { AuthShell, Spinner } from '../components/auth-shell';

// spec §2 /olvide-contrasena, §4 password recovery, §5 and §8.
export function Component() {
  const navigate = useNavigate();
  const sendResetCode = useSendResetCode();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(forgotPasswordFormSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await sendResetCode.mutateAsync(email);
      navigate('/reset-code-confirmation', { state: { email } });
    } catch (error) {
      // spec §8: the server's message or 'Error al enviar código', under the field.
      setError(
        'email',
        { type: 'server', message: errorMessage(error, ERRORS.resetCodeFailed) },
        { shouldFocus: true },
      );
    }
  });

  return (
    <AuthShell
      title="¿Olvidaste tu contraseña?"
      subtitle="No te preocupes. Escribe el correo de tu cuenta y te enviaremos un código para crear una nueva."
      footer={
        <>
          ¿La recordaste?{' '}
          <Link to="/login" className="font-bold text-brand underline underline-offset-4 hover:text-brand-dark">
            Volver a iniciar sesión
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <EmailField error={errors.email?.message} {...register('email')} />
        <button type="submit" className="btn-primary w-full text-lg" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? 'Enviando...' : 'Enviar código'}
        </button>
      </form>
    </AuthShell>
  );
}
