import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ERRORS } from '@tienda/shared/messages';
import { ApiError } from '../../../lib/api-client';
import { accountFromDraft, useCreateUser } from '../api/create-user';
import { useSendVerificationCode } from '../api/send-verification-code';
import { AuthShell } from '../components/auth-shell';
import { CodeConfirmationForm, type CodeNotice } from '../components/code-confirmation-form';
import { finishRegistration, readRegistrationDraft, saveRegistrationDraft } from '../lib/registration-draft';
import { EmailText } from '../../../components/ui/email-text';
import { passReturnOn } from '../../../lib/return-after-login';

// spec §2 /codeconfirmation and §4 registration: code verified → user created → draft deleted, flag set → /login.
export function Component() {
  const [draft] = useState(readRegistrationDraft);
  const navigate = useNavigate();
  const { state } = useLocation();
  const createUser = useCreateUser();
  const resend = useSendVerificationCode();

  if (!draft) return <Navigate to="/registro" replace />;

  const onVerified = async (): Promise<CodeNotice | undefined> => {
    try {
      await createUser.mutateAsync(accountFromDraft(draft));
    } catch (error) {
      // spec §4: an existing user gets a warning and stays on this screen.
      if (error instanceof ApiError && error.status === 409) {
        saveRegistrationDraft({ ...draft, verifiedEmail: draft.correoElectronico });
        return { tone: 'warning', text: ERRORS.userExists };
      }
      return { tone: 'error', text: ERRORS.registerFailed };
    }
    finishRegistration();
    navigate('/login', { replace: true, state: passReturnOn(state, draft.correoElectronico) });
    return undefined;
  };

  return (
    <AuthShell
      title="Confirma tu correo"
      subtitle={
        <>
          Escribe el código de 6 dígitos que enviamos a <EmailText email={draft.correoElectronico} emphasized />. Si no
          lo ves, revisa la carpeta de spam.
        </>
      }
      footer={
        <>
          ¿Te equivocaste en algún dato?{' '}
          <Link
            to="/registro"
            state={passReturnOn(state)}
            className="font-bold text-brand underline underline-offset-4 hover:text-brand-dark"
          >
            Volver al registro
          </Link>
        </>
      }
    >
      <CodeConfirmationForm
        email={draft.correoElectronico}
        verifyFailedText={ERRORS.verifyCodeFailed}
        onVerified={onVerified}
        resend={resend}
        resendFailedText={(error) =>
          error instanceof ApiError && error.status === 429 && error.message
            ? error.message
            : ERRORS.verificationEmailFailed
        }
      />
    </AuthShell>
  );
}
