import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { codeFormSchema } from '@tienda/shared/accounts';
import { API, ERRORS } from '@tienda/shared/messages';
import { FormAlert } from '../../../components/ui/form-field';
import { codeErrorMessage, useVerifyCode } from '../api/verify-code';
import { Spinner } from './auth-shell';
import { CodeField } from '../../../components/ui/code-field';

export type CodeNotice = { tone: 'error' | 'warning'; text: string };

interface CodeConfirmationFormProps {
  /** The address the code was mailed to: it is verified against it and a new code goes to it. */
  email: string;
  /** spec §8: the screen's own text when the code could not be checked at all (offline, server fault). */
  verifyFailedText: string;
  /** Runs once the server accepts the code: moves on, or returns the notice to show and stays. */
  onVerified: () => Promise<CodeNotice | undefined>;
  /** The screen's "send the code again" mutation (registration or password reset). */
  resend: { mutateAsync: (email: string) => Promise<unknown>; isPending: boolean };
  /** The text shown when mailing a new code fails. */
  resendFailedText: (error: unknown) => string;
}

/**
 * The 6-digit code form of registration and password recovery (spec §2, §4): checks the code with
 * POST /Email/verificar-codigo, then hands over to the screen; "Reenviar código" mails a new one.
 */
export function CodeConfirmationForm({
  email,
  verifyFailedText,
  onVerified,
  resend,
  resendFailedText,
}: CodeConfirmationFormProps) {
  const verify = useVerifyCode();
  const [notice, setNotice] = useState<CodeNotice | null>(null);
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm({ resolver: zodResolver(codeFormSchema), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async ({ code }) => {
    setNotice(null);
    try {
      await verify.mutateAsync({ correo: email, codigo: code });
    } catch (error) {
      setNotice({ tone: 'error', text: codeErrorMessage(error, ERRORS.wrongCode, verifyFailedText) });
      return;
    }
    const failure = await onVerified();
    if (failure) setNotice(failure);
  });

  const onResend = async () => {
    setNotice(null);
    try {
      await resend.mutateAsync(email);
      toast.success(API.codeSent);
    } catch (error) {
      setNotice({ tone: 'error', text: resendFailedText(error) });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Controller
        control={control}
        name="code"
        render={({ field, fieldState }) => (
          <CodeField
            label="Código de verificación"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            autoFocus
          />
        )}
      />
      {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      <button type="submit" className="btn-primary w-full text-lg" disabled={isSubmitting}>
        {isSubmitting && <Spinner />}
        {isSubmitting ? 'Confirmando...' : 'Confirmar'}
      </button>
      <button
        type="button"
        className="btn-ghost w-full text-brand"
        onClick={onResend}
        disabled={resend.isPending || isSubmitting}
      >
        {resend.isPending ? 'Reenviando...' : 'Reenviar código'}
      </button>
    </form>
  );
}
