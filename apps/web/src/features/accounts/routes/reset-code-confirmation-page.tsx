import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { codeFormSchema } from '@tienda/shared/accounts';
import { API, ERRORS } from '@tienda/shared/messages';
import { FormAlert } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useSendResetCode } from '../api/send-reset-code';
import { codeErrorMessage, useVerifyCode } from '../api/verify-code';
import { AuthShell, Spinner } from '../components/auth-shell';
import { CodeField } from '../components/code-field';
import { emailFromState } from '../lib/navigation-state';

// spec §2 reset code confirmation, §4 password recovery, §8 reset-flow texts.
export function Component() {
  const { state } = useLocation();
  const email = emailFromState(state);
  const navigate = useNavigate();
  const verify = useVerifyCode();
  const resend = useSendResetCode();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });

  if (!email) return <Navigate to="/olvide-contrasena" replace />;

  const onSubmit = handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await verify.mutateAsync({ correo: email, codigo: code });
    } catch (error) {
      setFailure(codeErrorMessage(error, ERRORS.wrongCode, ERRORS.resetVerifyCodeFailed));
      return;
    }
    toast.success(ERRORS.resetCodeVerified);
    navigate('/reset-password', { state: { email }, replace: true });
  });

  const onResend = async () => {
    setFailure(null);
    try {
      await resend.mutateAsync(email);
      toast.success(API.codeSent);
    } catch (error) {
      setFailure(errorMessage(error, ERRORS.resetCodeFailed));
    }
  };

  return (
    <AuthShell
      title="Revisa tu correo"
      subtitle={
        <>
          Enviamos un código de 6 dígitos a <strong className="break-all text-ink">{email}</strong>. Escríbelo aquí para continuar.
        </>
      }
      footer={
        <>
          ¿No es tu correo?{' '}
          <Link to="/olvide-contrasena" className="font-bold text-brand underline underline-offset-4 hover:text-brand-dark">
            Usar otro correo
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <Controller
          control={control}
          name="code"
          render={({ field, fieldState }) => (
            <CodeField label="Código de verificación" value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} autoFocus />
          )}
        />
        <FormAlert>{failure}</FormAlert>
        <button type="submit" className="btn-primary w-full text-lg" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? 'Confirmando...' : 'Confirmar'}
        </button>
        <button type="button" className="btn-ghost w-full text-brand" onClick={onResend} disabled={resend.isPending || isSubmitting}>
          {resend.isPending ? 'Reenviando...' : 'Reenviar código'}
        </button>
      </form>
    </AuthShell>
  );
}
