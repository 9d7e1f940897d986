import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { profileFormSchema, type User } from '@tienda/shared/accounts';
import { ERRORS } from '@tienda/shared/messages';
import { FormAlert, TextField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { useUpdateUser } from '../../accounts/api/update-user';

// spec §2 /profile personal data; spec §5 profile rules; spec §8 'Información actualizada correctamente.' /
// 'Error al guardar cambios.'.
export function PersonalDataForm({ user }: { user: User }) {
  const update = useUpdateUser(user.userId);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { name: user.name, username: user.username, email: user.email },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await update.mutateAsync(values);
      reset({ name: saved.name, username: saved.username, email: saved.email });
      toast.success(ERRORS.profileSaved);
    } catch (error) {
      // A taken e-mail or username (409) says so; anything else is the spec's text.
      setFailure(
        error instanceof ApiError && error.status === 409 && error.message ? error.message : ERRORS.profileSaveFailed,
      );
    }
  });

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
      <TextField
        label="Correo electrónico"
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <FormAlert>{failure}</FormAlert>
      <button type="submit" className="btn-primary w-full sm:w-auto sm:justify-self-start" disabled={isSubmitting}>
        {isSubmitting ? 'Guardando...' : 'Guardar cambios'}
      </button>
    </form>
  );
}
