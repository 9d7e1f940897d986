import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ERRORS } from '@tienda/shared/messages';
import { errorMessage } from '../../../lib/api-client';
import { useSendResetCode } from '../api/send-reset-code';
import { AuthShell } from '../components/auth-shell';
import { CodeConfirmationForm } from '../components/code-confirmation-form';
import { emailFromState } from '../lib/navigation-state';
import { EmailText } from '../../../components/ui/email-text';

// spec §2 reset code confirmation, §4 password recovery, §8 reset-flow texts.
export function Component() {
  const { state } = useLocation();
  const email = emailFromState(state);
  const navigate = useNavigate();
  const resend = useSendResetCode();

  if (!email) return <Navigate to="/olvide-contrasena" replace />;

  const onVerified = async () => {
    toast.success(ERRORS.resetCodeVerified);
    navigate('/reset-password', { state: { email }, replace: true });
    return undefined;
  };

  return (
    <AuthShell
      title="Revisa tu correo"
      subtitle={
        <>
          Enviamos un código de 6 dígitos a <EmailText email={email} emphasized />. Escríbelo aquí para continuar.
        </>
      }
      footer={
        <>
          ¿No es tu correo?{' '}
          <Link
            to="/olvide-contrasena"
            className="font-bold text-brand underline underline-offset-4 hover:text-brand-dark"
          >
            Usar otro correo
          </Link>
        </>
      }
    >
      <CodeConfirmationForm
        email={email}
        verifyFailedText={ERRORS.resetVerifyCodeFailed}
        onVerified={onVerified}
        resend={resend}
        resendFailedText={(error) => errorMessage(error, ERRORS.resetCodeFailed)}
      />
    </AuthShell>
  );
}
