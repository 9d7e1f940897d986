import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginFormSchema } from '@tienda/shared/accounts';
import { ERRORS, VALIDATION } from '@tienda/shared/messages';
import { CheckboxField, FormAlert, PasswordField, TextField, splitFormErrors } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { passReturnOn, pathAfterLogin, registeredEmailIn } from '../../../lib/return-after-login';
import { sessionEndSaid, setToken } from '../../../lib/session';
import { useLogin } from '../api/login';
import { AuthShell, Spinner } from '../components/auth-shell';
import { clearRegistrationDone, hasRegistrationDone } from '../lib/registration-draft';

// spec §2 /login, §5 login rules, §8 login errors.
export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  const alertId = useId();
  const login = useLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  // spec §4: the flag set after registration; greet once, then forget it.
  const [justRegistered] = useState(hasRegistrationDone);
  useEffect(() => {
    if (justRegistered) clearRegistrationDone();
  }, [justRegistered]);
  // A session the server ended has been said by now (lib/session.ts): later guarded screens are a guest's.
  useEffect(sessionEndSaid, []);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { identifier: registeredEmailIn(location.state), password: '' },
  });
  const issues = splitFormErrors<'identifier' | 'password'>(errors, VALIDATION.loginIncomplete);

  const onSubmit = handleSubmit(async ({ identifier, password }) => {
    setServerError(null);
    try {
      const { token } = await login.mutateAsync({ identifier, password });
      setToken(token);
      navigate(pathAfterLogin(location.state), { replace: true });
    } catch (error) {
      if (error instanceof ApiError) setServerError(error.message || ERRORS.invalidCredentials);
      else setServerError(ERRORS.unexpected);
    }
  });

  return (
    <AuthShell
      title="Inicia sesión"
      subtitle="¡Qué gusto verte de nuevo! Entra para ver tu carrito y tus pedidos."
      footer={
        <>
          ¿Aún no tienes cuenta?{' '}
          <Link
            to="/registro"
            state={passReturnOn(location.state)}
            className="font-bold text-brand underline underline-offset-4 hover:text-brand-dark"
          >
            Crea una aquí
          </Link>
        </>
      }
    >
      {justRegistered && (
        <div className="mb-5">
          <FormAlert tone="success">
            ¡Tu cuenta está lista! Inicia sesión con tu correo o tu nombre de usuario.
          </FormAlert>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <TextField
          label="Correo electrónico o nombre de usuario"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          invalid={issues.isMissing('identifier')}
          errorRef={alertId}
          error={issues.own('identifier')}
          {...register('identifier')}
        />
        <PasswordField
          label="Contraseña"
          autoComplete="current-password"
          invalid={issues.isMissing('password')}
          errorRef={alertId}
          error={issues.own('password')}
          {...register('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          {/* spec §2: 'Recuérdame' is shown with no effect; the session already survives closing the browser. */}
          <CheckboxField label="Recuérdame" name="remember" />
          <Link
            to="/olvide-contrasena"
            className="inline-flex min-h-11 items-center font-bold text-brand underline underline-offset-4 hover:text-brand-dark"
          >
            ¿Olvidaste tu contraseña?
          </Link>
        </div>
        <FormAlert id={alertId}>{issues.shared}</FormAlert>
        <FormAlert>{serverError}</FormAlert>
        <button type="submit" className="btn-primary w-full text-lg" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? 'Entrando...' : 'Iniciar sesión'}
        </button>
      </form>
    </AuthShell>
  );
}
