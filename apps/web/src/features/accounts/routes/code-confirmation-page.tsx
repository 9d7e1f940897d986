import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { codeFormSchema } from '@tienda/shared/accounts';
import { API, ERRORS } from '@tienda/shared/messages';
import { FormAlert } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { useCreateUser } from '../api/create-user';
import { useSendVerificationCode } from '../api/send-verification-code';
import { codeErrorMessage, useVerifyCode } from '../api/verify-code';
import { AuthShell, Spinner } from '../components/auth-shell';
import { CodeField } from '../components/code-field';
import { clearRegistrationDraft, markRegistrationDone, readRegistrationDraft } from '../lib/registration-draft';

type Notice = { tone: 'error' | 'warning'; text: string } | null;

// spec §2 /codeconfirmation and §4 registration: code verified → user created → draft deleted, flag set → /login.
export function Component() {
  const [draft] = useState(readRegistrationDraft);
  const navigate = useNavigate();
  const verify = useVerifyCode();
  const createUser = useCreateUser();
  const resend = useSendVerificationCode();
  const [notice, setNotice] = useState<Notice>(null);
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });

  if (!draft) return <Navigate to="/registro" replace />;

  const onSubmit = handleSubmit(async ({ code }) => {
    setNotice(null);
    try {
      await verify.mutateAsync({ correo: draft.correoElectronico, codigo: code });
    } catch (error) {
      setNotice({ tone: 'error', text: codeErrorMessage(error, ERRORS.wrongCode, ERRORS.verifyCodeFailed) });
      return;
    }
    try {
      await createUser.mutateAsync({
        name: draft.nombreCompleto,
        username: draft.nombreUsuario,
        email: draft.correoElectronico,
        passwordHash: draft.contraseña,
      });
    } catch (error) {
      // spec §4: an existing user gets a warning and stays on this screen.
      if (error instanceof ApiError && error.status === 409) setNotice({ tone: 'warning', text: ERRORS.userExists });
      else setNotice({ tone: 'error', text: ERRORS.registerFailed });
      return;
    }
    clearRegistrationDraft();
    markRegistrationDone();
    navigate('/login', { replace: true });
  });

  const onResend = async () => {
    setNotice(null);
    try {
      await resend.mutateAsync(draft.correoElectronico);
      toast.success(API.codeSent);
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof ApiError && error.status === 429 && error.message ? error.message : ERRORS.verificationEmailFailed });
    }
  };

  return (
    <AuthShell
      title="Confirma tu correo"
      subtitle={
        <>
          Escribe el código de 6 dígitos que enviamos a <strong className="break-all text-ink">{draft.correoElectronico}</strong>. Si no lo ves,
          revisa la carpeta de spam.
        </>
      }
      footer={
        <>
          ¿Te equivocaste en algún dato?{' '}
          <Link to="/registro" className="font-bold text-brand underline underline-offset-4 hover:text-brand-dark">
            Volver al registro
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
        {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
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
