import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '../../lib/class-names';

// Form building blocks with no domain knowledge: a visible <label> tied to each control, errors announced
// (role="alert") and linked with aria-describedby, 44 px touch targets.

const INVALID = 'aria-[invalid=true]:border-danger aria-[invalid=true]:bg-coral-light/30';

function describedBy(...ids: Array<string | false | undefined | null>): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

interface FieldChrome {
  label: ReactNode;
  /** The field's own message, shown under it. */
  error?: string;
  /** Marks the field invalid without a message of its own (the form shows one message for several fields). */
  invalid?: boolean;
  /** Id of a message elsewhere (the form-level alert) that explains why the field is invalid. */
  errorRef?: string;
  hint?: ReactNode;
  className?: string;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  // The text sits directly in the element that carries the id, so what aria-describedby points at is the message.
  return (
    <p id={id} role="alert" className="field-error flex items-start gap-1.5">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 fill-current">
        <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm-.9 4.2h1.8v5.6H9.1V5.7Zm.9 9a1.1 1.1 0 1 1 0-2.2 1.1 1.1 0 0 1 0 2.2Z" />
      </svg>
      {message}
    </p>
  );
}

/** What ties a control to its label, hint and message. */
interface ControlWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The label, hint and message around one control; `children` draws the control with the wiring it is given. */
function FieldFrame(props: FieldChrome & { id?: string; children: (wiring: ControlWiring) => ReactNode }) {
  const [{ label, error, invalid, errorRef, hint, className, id }, { children }] = splitChrome(props);
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      {children({
        id: inputId,
        'aria-invalid': error || invalid ? true : undefined,
        'aria-describedby': describedBy(hint ? hintId : undefined, error ? errorId : invalid && errorRef),
      })}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-ink-soft">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** Splits a field's props into the frame's (label, messages, id) and the control's own attributes. */
function splitChrome<P extends FieldChrome & { id?: string }>({
  label,
  error,
  invalid,
  errorRef,
  hint,
  className,
  id,
  ...control
}: P) {
  return [{ label, error, invalid, errorRef, hint, className, id }, control] as const;
}

export type TextFieldProps = FieldChrome &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & { ref?: Ref<HTMLInputElement> };

export function TextField({ ref, ...props }: TextFieldProps) {
  const [chrome, input] = splitChrome(props);
  return (
    <FieldFrame {...chrome}>
      {(wiring) => <input ref={ref} {...wiring} className={`field-input ${INVALID}`} {...input} />}
    </FieldFrame>
  );
}

/** The e-mail field every form shares: the same label, keyboard and autofill. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'inputMode' | 'autoComplete'>) {
  return <TextField label="Correo electrónico" type="email" inputMode="email" autoComplete="email" {...props} />;
}

type TextAreaFieldProps = FieldChrome &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> & { ref?: Ref<HTMLTextAreaElement> };

export function TextAreaField({ ref, ...props }: TextAreaFieldProps) {
  const [chrome, textarea] = splitChrome(props);
  return (
    <FieldFrame {...chrome}>
      {(wiring) => (
        <textarea ref={ref} {...wiring} className={`field-input min-h-32 resize-y ${INVALID}`} {...textarea} />
      )}
    </FieldFrame>
  );
}

type SelectFieldProps = FieldChrome &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & { ref?: Ref<HTMLSelectElement>; children: ReactNode };

export function SelectField({ ref, children, ...props }: SelectFieldProps) {
  const [chrome, select] = splitChrome(props);
  return (
    <FieldFrame {...chrome}>
      {(wiring) => (
        <div className="relative">
          <select ref={ref} {...wiring} className={cn('field-input appearance-none pr-10', INVALID)} {...select}>
            {children}
          </select>
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 fill-ink-soft"
          >
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </div>
      )}
    </FieldFrame>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A password input with its own show/hide button (spec §2: each password can be shown or hidden). */
export function PasswordField({ ref, ...props }: PasswordFieldProps) {
  const [chrome, input] = splitChrome(props);
  const [visible, setVisible] = useState(false);
  const labelText = typeof chrome.label === 'string' ? chrome.label.toLowerCase() : 'contraseña';
  return (
    <FieldFrame {...chrome}>
      {(wiring) => (
        <div className="relative">
          <input
            ref={ref}
            {...wiring}
            type={visible ? 'text' : 'password'}
            className={`field-input pr-14 ${INVALID}`}
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            {...input}
          />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-controls={wiring.id}
            aria-pressed={visible}
            aria-label={`${visible ? 'Ocultar' : 'Mostrar'} ${labelText}`}
            className={cn(
              'absolute top-0 right-0 flex size-11 items-center',
              'justify-center rounded-r-xl text-ink-soft transition',
              'hover:text-brand',
            )}
          >
            {visible ? (
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
                <path
                  d="M3 3l18 18M10.6 10.6a2 2 0 0 0 2.8 2.8M9.4 5.2A9.8 9.8 0 0 1 12 5c5 0 9 4.5 10 7a12.6 12.6 0 0 1-3 4.2M6.2 6.7C4 8.1 2.6 10.2 2 12c1 2.5 5 7 10 7a9.7 9.7 0 0 0 4.3-1"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            ) : (
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-none stroke-current stroke-2">
                <path d="M2 12c1-2.5 5-7 10-7s9 4.5 10 7c-1 2.5-5 7-10 7S3 14.5 2 12Z" strokeLinejoin="round" />
                <circle cx="12" cy="12" r="3" />
              </svg>
            )}
          </button>
        </div>
      )}
    </FieldFrame>
  );
}

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'type'> & {
  label: ReactNode;
  invalid?: boolean;
  errorRef?: string;
  className?: string;
  ref?: Ref<HTMLInputElement>;
};

export function CheckboxField({ label, invalid, errorRef, className, id, ref, ...input }: CheckboxFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className={`flex min-h-11 items-start gap-3 py-2 ${className ?? ''}`}>
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        className="size-6 shrink-0 cursor-pointer rounded accent-brand"
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? errorRef : undefined}
        {...input}
      />
      <label
        htmlFor={inputId}
        className={`cursor-pointer pt-0.5 text-[0.95rem] leading-snug ${invalid ? 'text-danger' : 'text-ink'}`}
      >
        {label}
      </label>
    </div>
  );
}

export type AlertTone = 'error' | 'warning' | 'success' | 'info';

const TONES: Record<AlertTone, string> = {
  error: 'border-danger/30 bg-coral-light text-danger',
  warning: 'border-sun bg-sun-light text-ink',
  success: 'border-success/30 bg-mint text-success',
  info: 'border-brand/20 bg-brand-light text-brand-dark',
};

/** A message for the whole form (server replies, or one text shared by several fields). Announced when it appears. */
export function FormAlert({ id, tone = 'error', children }: { id?: string; tone?: AlertTone; children: ReactNode }) {
  if (!children) return null;
  return (
    <div
      id={id}
      role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}
      className={`flex items-start gap-2 rounded-xl border px-4 py-3 font-semibold ${TONES[tone]}`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 fill-current">
        {tone === 'success' ? (
          <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm4.1 6.3-4.9 5.3a1 1 0 0 1-1.5 0L5.9 11a1 1 0 1 1 1.5-1.3l1.1 1.2 4.1-4.5a1 1 0 1 1 1.5 1.4Z" />
        ) : (
          <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm-.9 4.2h1.8v5.6H9.1V5.7Zm.9 9a1.1 1.1 0 1 1 0-2.2 1.1 1.1 0 0 1 0 2.2Z" />
        )}
      </svg>
      <div>{children}</div>
    </div>
  );
}

/**
 * Splits a form's errors into the one "please fill everything" text the spec gives for several fields (shown
 * once, for the whole form) and the messages particular to one field (shown under it).
 */
export function splitFormErrors<T extends string>(
  errors: Partial<Record<T, { message?: string } | undefined>>,
  sharedMessage: string,
): { shared: string | undefined; isMissing: (field: T) => boolean; own: (field: T) => string | undefined } {
  const entries = Object.entries(errors) as Array<[T, { message?: string } | undefined]>;
  const missing = new Set(entries.filter(([, e]) => e?.message === sharedMessage).map(([field]) => field));
  return {
    shared: missing.size > 0 ? sharedMessage : undefined,
    isMissing: (field) => missing.has(field),
    own: (field) => {
      const message = errors[field]?.message;
      return message && message !== sharedMessage ? message : undefined;
    },
  };
}
