import { useEffect, useId, type ReactNode, type RefObject } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';

export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: string;
  /** A message to show under this field. */
  error?: string;
  /** The field is wrong but the message that says so is shown under another field (see splitErrors). */
  invalid?: boolean;
  hint?: ReactNode;
  required?: boolean;
  children: (control: ControlProps) => ReactNode;
}

/** A visible label, the control, its hint and its message, tied together for screen readers. */
export function Field({ label, error, invalid, hint, required, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : '';
  const errorId = error ? `${id}-error` : '';
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
        {required && <span aria-hidden="true" className="text-danger"> *</span>}
      </label>
      {children({ id, 'aria-invalid': error || invalid ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-ink-soft">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A live "12/100" counter under a text field with a length limit (the limit itself is checked on submit). */
export function CharCount({ length, max }: { length: number; max: number }) {
  return (
    <span className={length > max ? 'font-bold text-danger' : undefined}>
      {length}/{max} caracteres
    </span>
  );
}

/** A failed save (the server's reason), shown above the form's button and announced. */
export function FormAlert({ id, message }: { id?: string; message?: string }) {
  return (
    <div id={id} role="alert" className={message ? 'rounded-xl border border-danger/30 bg-coral-light/60 px-4 py-3 font-semibold text-danger' : undefined}>
      {message}
    </div>
  );
}

/**
 * Splits a form's errors so that a spec text covering several fields ('Todos los campos son obligatorios.',
 * one of `general`) appears once, under the first field it applies to (where the focus goes), while every
 * field it covers is still marked invalid. Field-specific messages stay under their own field.
 */
export function splitErrors<T extends FieldValues>(errors: FieldErrors<T>, general: readonly string[], order: readonly (keyof T & string)[]) {
  const messageOf = (name: keyof T & string): string | undefined => {
    const error = errors[name] as { message?: unknown } | undefined;
    return typeof error?.message === 'string' ? error.message : undefined;
  };
  const firstGeneral = order.find((name) => {
    const message = messageOf(name);
    return message !== undefined && general.includes(message);
  });
  return {
    /** The message to show under the field. */
    fieldError: (name: keyof T & string) => {
      const message = messageOf(name);
      if (message === undefined) return undefined;
      return !general.includes(message) || name === firstGeneral ? message : undefined;
    },
    invalid: (name: keyof T & string) => messageOf(name) !== undefined,
  };
}

/**
 * After a submit that failed validation, moves the focus to the first invalid control (or scrolls to the first
 * invalid group, e.g. the product picker), so the message under it is seen and read out.
 */
export function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>, submitCount: number) {
  useEffect(() => {
    const form = formRef.current;
    if (!form || submitCount === 0) return;
    const first = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    if (first.matches('input, textarea, select')) first.focus();
    else first.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [formRef, submitCount]);
}
