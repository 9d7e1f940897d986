import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { PASSWORD_HINT, registrationFormSchema } from '@tienda/shared/accounts';
import { ERRORS, VALIDATION } from '@tienda/shared/messages';
import {
  CheckboxField,
  EmailField,
  FormAlert,
  PasswordField,
  TextField,
  splitFormErrors,
} from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { passReturnOn } from '../../../lib/return-after-login';
import { accountFromDraft, useCreateUser } from '../api/create-user';
import { useSendVerificationCode } from '../api/send-verification-code';
import { AuthShell, Spinner } from '../components/auth-shell';
import { finishRegistration, readRegistrationDraft, saveRegistrationDraft } from '../lib/registration-draft';

type Fields =
  'nombreCompleto' | 'nombreUsuario' | 'correoElectronico' | 'contraseña' | 'confirmación' | 'acceptPolicies';

// Coming back from the code screen (to fix a taken username) keeps what was typed, except the passwords.
function initialValues() {
  const draft = readRegistrationDraft();
  return {
    nombreCompleto: draft?.nombreCompleto ?? '',
    nombreUsuario: draft?.nombreUsuario ?? '',
    correoElectronico: draft?.correoElectronico ?? '',
    contraseña: '',
    confirmación: '',
    acceptPolicies: false,
  };
}

// spec §2 /registro, §4 registration, §5 registration rules.
export function Component() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const alertId = useId();
  const [defaults] = useState(initialValues);
  const [verifiedEmail] = useState(() => readRegistrationDraft()?.verifiedEmail);
  const sendCode = useSendVerificationCode();
  const createUser = useCreateUser();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(registrationFormSchema),
    // Coming back from the code screen (to fix a taken username) keeps what was typed.
    defaultValues: defaults,
  });
  const issues = splitFormErrors<Fields>(errors, VALIDATION.registrationIncomplete);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const draft = {
      nombreCompleto: values.nombreCompleto,
      nombreUsuario: values.nombreUsuario,
      correoElectronico: values.correoElectronico,
      contraseña: values.contraseña,
    };
    // Back from a taken username with the same, verified e-mail: the account is created at once, no new code.
    if (verifiedEmail === values.correoElectronico) {
      saveRegistrationDraft({ ...draft, verifiedEmail: values.correoElectronico });
      try {
        await createUser.mutateAsync(accountFromDraft(draft));
        finishRegistration();
        navigate('/login', { replace: true, state: passReturnOn(state, values.correoElectronico) });
        return;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          setServerError(ERRORS.userExists);
          return;
        }
        // The proof ran out (403) or the call failed: a new code, as the first time.
      }
    }
    saveRegistrationDraft(draft);
    try {
      await sendCode.mutateAsync(values.correoElectronico);
      navigate('/codeconfirmation', { state: passReturnOn(state) });
    } catch (error) {
      // A 429 says how long to wait, which helps more than the generic text.
      setServerError(
        error instanceof ApiError && error.status === 429 && error.message
          ? error.message
          : ERRORS.verificationEmailFailed,
      );
    }
  });

  return (
    <AuthShell
      title="Crear cuenta"
      subtitle="Regístrate para guardar tu carrito, pedir a domicilio y ver tus compras."
      footer={
        <>
          ¿Ya tienes una cuenta?{' '}
          <Link
            to="/login"
            state={passReturnOn(state)}
            className="font-bold text-brand underline underline-offset-4 hover:text-brand-dark"
          >
            Inicia sesión
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField
          className="sm:col-span-2"
          label="Nombre completo"
          autoComplete="name"
          invalid={issues.isMissing('nombreCompleto')}
          errorRef={alertId}
          error={issues.own('nombreCompleto')}
          {...register('nombreCompleto')}
        />
        <TextField
          label="Nombre de usuario"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          invalid={issues.isMissing('nombreUsuario')}
          errorRef={alertId}
          error={issues.own('nombreUsuario')}
          {...register('nombreUsuario')}
        />
        <EmailField
          invalid={issues.isMissing('correoElectronico')}
          errorRef={alertId}
          error={issues.own('correoElectronico')}
          {...register('correoElectronico')}
        />
        <PasswordField
          label="Contraseña"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          invalid={issues.isMissing('contraseña')}
          errorRef={alertId}
          error={issues.own('contraseña')}
          {...register('contraseña')}
        />
        <PasswordField
          label="Confirmar contraseña"
          autoComplete="new-password"
          invalid={issues.isMissing('confirmación')}
          errorRef={alertId}
          error={issues.own('confirmación')}
          {...register('confirmación')}
        />
        <CheckboxField
          className="sm:col-span-2"
          invalid={issues.isMissing('acceptPolicies')}
          errorRef={alertId}
          label={
            <>
              He leído y acepto las{' '}
              <Link to="/politicas" className="font-bold text-brand underline underline-offset-4 hover:text-brand-dark">
                políticas de la tienda
              </Link>
              .
            </>
          }
          {...register('acceptPolicies')}
        />
        <div className="grid gap-3 sm:col-span-2">
          <FormAlert id={alertId}>{issues.shared}</FormAlert>
          <FormAlert>{serverError}</FormAlert>
          <button type="submit" className="btn-primary w-full text-lg" disabled={isSubmitting}>
            {isSubmitting && <Spinner />}
            {isSubmitting ? 'Enviando código...' : 'Crear cuenta'}
          </button>
          <p className="text-center text-sm text-ink-soft">
            Te enviaremos un código de 6 dígitos para confirmar tu correo.
          </p>
        </div>
      </form>
    </AuthShell>
  );
}
