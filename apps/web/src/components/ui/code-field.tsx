import { useId } from 'react';
import { CODE_LENGTH } from '@tienda/shared/constants';
import { sanitizeCodeInput } from '@tienda/shared/accounts';
import { FieldError } from './form-field';
import { cn } from '../../lib/class-names';

interface CodeFieldProps {
  label: string;
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  error?: string;
  name?: string;
  autoFocus?: boolean;
}

/**
 * The e-mailed code (spec §5): digits only, at most 6. A single input, so pasting the code or letting the phone
 * fill it from the message (autocomplete one-time-code) just works; the numeric keypad opens on phones.
 */
export function CodeField({ label, value, onChange, onBlur, error, name = 'code', autoFocus }: CodeFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        value={value}
        onChange={(event) => {
          const code = sanitizeCodeInput(event.currentTarget.value);
          // A refused character leaves the state as it was, so Preact does not re-render: take it out here
          // (docs/decisions/0028-preact-runtime.md).
          if (event.currentTarget.value !== code) event.currentTarget.value = code;
          onChange(code);
        }}
        onBlur={onBlur}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={CODE_LENGTH}
        placeholder="••••••"
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className={cn(
          'field-input h-16 text-center font-display text-3xl',
          'font-semibold tracking-[0.45em] tabular-nums',
          'placeholder:tracking-[0.35em]',
          'aria-[invalid=true]:border-danger',
        )}
      />
      <p id={hintId} className="mt-1 text-sm text-ink-soft">
        {CODE_LENGTH} dígitos, solo números.
      </p>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
