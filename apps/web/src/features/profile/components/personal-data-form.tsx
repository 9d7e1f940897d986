import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { CODE_LENGTH } from '@tienda/shared/constants';
import { profileFormSchema, type ProfileForm, type User } from '@tienda/shared/accounts';
import { ERRORS, PROFILE, VALIDATION } from '@tienda/shared/messages';
import { EmailField, FormAlert, TextField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { useUpdateUser } from '../../../lib/api/users';
import { CodeField } from '../../../components/ui/code-field';
import { useSendEmailChangeCode } from '../api/send-email-change-code';

/** The server's own reason for a refusal it explains (taken e-mail, wrong or expired code, too many tries). */
function saveFailure(error: unknown): string {
  return error instanceof ApiError && [400, 409, 429].includes(error.status) && error.message
    ? error.message
    : ERRORS.profileSaveFailed;
}

// spec §2 /profile personal data; spec §5 profile rules; spec §8 'Información actualizada correctamente.' /
// 'Error al guardar cambios.'. A new e-mail is saved only with the code mailed to it (docs/decisions/0014-…).
export function PersonalDataForm({ user }: { user: User }) {
  const update = useUpdateUser();
  const sendCode = useSendEmailChangeCode(user.userId);
  const [failure, setFailure] = useState<string | null>(null);
  /** The values waiting for the code sent to their new e-mail. */
  const [pending, setPending] = useState<ProfileForm | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { name: user.name, username: user.username, email: user.email },
  });

  const save = async (values: ProfileForm, codigo?: string) => {
    const saved = await update.mutateAsync({ userId: user.userId, body: { ...values, ...(codigo ? { codigo } : {}) } });
    reset({ name: saved.name, username: saved.username, email: saved.email });
    setPending(null);
    setCode('');
    toast.success(ERRORS.profileSaved);
  };

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (values.email.trim().toLowerCase() === user.email) {
        await save(values);
        return;
      }
      await sendCode.mutateAsync(values.email.trim().toLowerCase());
      setPending(values);
      setCode('');
      setCodeError(undefined);
    } catch (error) {
      setFailure(saveFailure(error));
    }
  });

  const confirmCode = async () => {
    if (!pending) return;
    if (code.length !== CODE_LENGTH) {
      setCodeError(VALIDATION.codeLength);
      return;
    }
    setCodeError(undefined);
    setFailure(null);
    try {
      await save(pending, code);
    } catch (error) {
      setFailure(saveFailure(error));
    }
  };

  const busy = isSubmitting || update.isPending || sendCode.isPending;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby="perfil-datos">
      <h2 id="perfil-datos" className="font-display text-2xl font-semibold text-ink">
        Datos personales
      </h2>
      <TextField label="Nombre completo" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Nombre de usuario"
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      <EmailField readOnly={pending !== null} error={errors.email?.message} {...register('email')} />
      {pending ? (
        <div className="grid gap-3 rounded-xl bg-brand-light p-4" role="group" aria-label="Confirmar el nuevo correo">
          <p className="text-ink">{PROFILE.emailCodeSent(pending.email.trim().toLowerCase())}</p>
          <CodeField
            label="Código de verificación"
            name="codigo"
            value={code}
            onChange={setCode}
            error={codeError}
            autoFocus
          />
          <FormAlert>{failure}</FormAlert>
          <div className="flex flex-wrap gap-3">
            <button type="button" className="btn-primary" onClick={() => void confirmCode()} disabled={busy}>
              {update.isPending ? 'Guardando...' : 'Confirmar correo'}
            </button>
            <button
              type="button"
              className="btn-secondary"
              disabled={busy}
              onClick={() => {
                setPending(null);
                setFailure(null);
                reset({ ...pending, email: user.email });
              }}
            >
              Cancelar
            </button>
          </div>
        </div>
      ) : (
        <>
          <FormAlert>{failure}</FormAlert>
          <button type="submit" className="btn-primary w-full sm:w-auto sm:justify-self-start" disabled={busy}>
            {busy ? 'Guardando...' : 'Guardar cambios'}
          </button>
        </>
      )}
    </form>
  );
}
