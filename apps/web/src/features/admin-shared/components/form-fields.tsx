import { useEffect, useId, useRef, type BaseSyntheticEvent, type ReactNode, type RefObject } from 'react';
import {
  useForm,
  useWatch,
  type Control,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormRegister,
} from 'react-hook-form';
import { TextAreaField, TextField, type TextFieldProps } from '../../../components/ui/form-field';
import { scrollBehavior } from '../../../lib/scroll';
import { useFormDraft, type DraftOptions, type FormDraft } from '../lib/use-form-draft';

// The admin's own pieces around the shared form fields (components/ui/form-field): the required mark, the length
// counter, the Nombre/Descripción pair, the form-level alert, the submit button and the form hook that puts a
// shared spec text under the first field it covers.

/** The red asterisk of a required field (decoration: the spec's own texts say what is missing). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-danger">
      {' '}
      *
    </span>
  );
}

/** A field's label with the required mark. */
export function requiredLabel(label: string): ReactNode {
  return (
    <>
      {label}
      <RequiredMark />
    </>
  );
}

/**
 * A number the admin types in a product or combo form: lempiras and percentages with cents (a decimal keypad on a
 * phone), or with `whole` a count of units (a numeric keypad). A text field, not type="number": a number field drops
 * what it cannot read as the browser's locale would, so '12,50' reached the form as 1250 and saved a price a hundred
 * times too high. The schema reads the text itself, centavos after a comma included (catalog.ts toNumberInput).
 */
export function NumberField({ whole = false, ...props }: TextFieldProps & { whole?: boolean }) {
  return <TextField type="text" inputMode={whole ? 'numeric' : 'decimal'} autoComplete="off" {...props} />;
}

/** A live "12/100" counter under a text field with a length limit (the limit itself is checked on submit). */
export function CharCount<V extends FieldValues, O>({
  control,
  name,
  max,
}: {
  control: Control<V, unknown, O>;
  name: Path<V>;
  max: number;
}) {
  const value: unknown = useWatch({ control, name });
  const length = typeof value === 'string' ? value.length : 0;
  return (
    <span className={length > max ? 'font-bold text-danger' : undefined}>
      {length}/{max} caracteres
    </span>
  );
}

export interface NameAndDescriptionProps<V extends { name: string; description?: string | null }, O> {
  /** What useAdminForm answers. */
  form: {
    control: Control<V, unknown, O>;
    register: UseFormRegister<V>;
    errors: { field: (name: 'name' | 'description') => { error?: string; invalid: boolean } };
  };
  nameMax: number;
  descriptionMax: number;
  /** spec §5: a product's description may stay empty; a category's or combo's may not. */
  descriptionRequired?: boolean;
}

/** Nombre and Descripción with their live length counters, the first fields of the category, product and combo forms. */
export function NameAndDescriptionFields<V extends { name: string; description?: string | null }, O>({
  form: { control, register, errors },
  nameMax,
  descriptionMax,
  descriptionRequired = true,
}: NameAndDescriptionProps<V, O>) {
  // V has both fields (its constraint says so); TypeScript cannot follow that into Path<V> by itself.
  const name = 'name' as Path<V>;
  const description = 'description' as Path<V>;
  return (
    <>
      <TextField
        label={requiredLabel('Nombre')}
        {...errors.field('name')}
        hint={<CharCount control={control} name={name} max={nameMax} />}
        {...register(name)}
        type="text"
        autoComplete="off"
      />
      <TextAreaField
        label={descriptionRequired ? requiredLabel('Descripción') : 'Descripción'}
        {...errors.field('description')}
        hint={<CharCount control={control} name={description} max={descriptionMax} />}
        {...register(description)}
        rows={4}
      />
    </>
  );
}

/** A failed save (the server's reason), shown above the form's button, announced and scrolled into view. */
export function FormAlert({ id, message }: { id?: string; message?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // In a dialog the button stays in its footer while the alert ends a long form, below the fold on a phone.
  useEffect(() => {
    if (message) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [message]);
  return (
    <div
      ref={ref}
      id={id}
      role="alert"
      className={
        message ? 'rounded-xl border border-danger/30 bg-coral-light/60 px-4 py-3 font-semibold text-danger' : undefined
      }
    >
      {message}
    </div>
  );
}

/** The form's submit button, which says what it is doing while the save runs. */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
      {busy ? busyLabel : children}
    </button>
  );
}

/**
 * Splits a form's errors so that a spec text covering several fields ('Todos los campos son obligatorios.',
 * one of `general`) appears once, under the first field it applies to (where the focus goes), while every
 * field it covers is still marked invalid and points a screen reader at that message. Field-specific messages stay
 * under their own field. `ids` names the form's fields (`${ids}-${name}`), so the others can point at the first.
 */
function splitErrors<T extends FieldValues>(
  errors: FieldErrors<T>,
  general: readonly string[],
  order: readonly (keyof T & string)[],
  ids: string,
) {
  const messageOf = (name: keyof T & string): string | undefined => {
    const error = errors[name] as { message?: unknown } | undefined;
    return typeof error?.message === 'string' ? error.message : undefined;
  };
  const firstGeneral = order.find((name) => {
    const message = messageOf(name);
    return message !== undefined && general.includes(message);
  });
  const fieldError = (name: keyof T & string) => {
    const message = messageOf(name);
    if (message === undefined) return undefined;
    return !general.includes(message) || name === firstGeneral ? message : undefined;
  };
  const invalid = (name: keyof T & string) => messageOf(name) !== undefined;
  return {
    /** The message to show under the field. */
    fieldError,
    invalid,
    /** A field's `id`, `error`, `invalid` and `errorRef` (the shared message it is marked invalid by) props. */
    field: (name: keyof T & string) => {
      const message = messageOf(name);
      const shared = message !== undefined && general.includes(message) && name !== firstGeneral;
      return {
        id: `${ids}-${name}`,
        error: fieldError(name),
        invalid: invalid(name),
        errorRef: shared ? `${ids}-${firstGeneral}-error` : undefined,
      };
    },
  };
}

/**
 * After a submit that failed validation, moves the focus to the first invalid control (or scrolls to the first
 * invalid group, e.g. the product picker), so the message under it is seen and read out.
 */
function useFocusFirstInvalid(formRef: RefObject<HTMLFormElement | null>, submitCount: number) {
  useEffect(() => {
    const form = formRef.current;
    if (!form || submitCount === 0) return;
    const first = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    if (first.matches('input, textarea, select')) first.focus();
    else first.scrollIntoView?.({ block: 'center', behavior: scrollBehavior() });
  }, [formRef, submitCount]);
}

export interface AdminFormOptions<V extends FieldValues, O> {
  resolver: Resolver<V, unknown, O>;
  defaultValues: DefaultValues<V>;
  /** Spec texts that cover several fields: each is shown once, under the first field it applies to. */
  general: readonly string[];
  /** The fields in the order the form shows them. */
  order: readonly (keyof V & string)[];
  /** A page form keeps what is typed until it is saved (lib/use-form-draft.ts); a dialog asks instead. */
  draft?: DraftOptions<V>;
}

/**
 * react-hook-form for an admin form: validated on submit by the shared schema, then the focus goes to the first
 * invalid field (`formRef` goes on the <form>) and `errors` says what to show under each field.
 */
export function useAdminForm<V extends FieldValues, O = V>({
  resolver,
  defaultValues,
  general,
  order,
  draft: draftOptions,
}: AdminFormOptions<V, O>) {
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  const form = useForm<V, unknown, O>({ resolver, shouldFocusError: false, defaultValues });
  const draft = useFormDraft(form, draftOptions);
  useFocusFirstInvalid(formRef, form.formState.submitCount);
  // A double click submits twice before the busy state disables the button (the schema's check is asynchronous),
  // which created a product or a combo twice. A submit is dropped while the previous one is being checked or, when
  // its handler answers a promise (lib/mutate-until-settled.ts), saved.
  const submitting = useRef(false);
  const handleSubmit =
    (onValid: SubmitHandler<O>, onInvalid?: SubmitErrorHandler<V>) =>
    async (event?: BaseSyntheticEvent): Promise<void> => {
      if (submitting.current) {
        event?.preventDefault();
        return;
      }
      submitting.current = true;
      // A handler that answers mutateUntilSettled's promise says whether the values were saved.
      const saveThenForget: SubmitHandler<O> = async (values, submitEvent) => {
        if ((await onValid(values, submitEvent)) === true) draft.forget();
      };
      try {
        await form.handleSubmit(saveThenForget, onInvalid)(event);
      } finally {
        submitting.current = false;
      }
    };
  return { ...form, handleSubmit, formRef, draft, errors: splitErrors(form.formState.errors, general, order, ids) };
}

/** Says that the form shows values an earlier visit left unsaved, and offers the saved ones back. */
export function DraftNotice({ draft, note }: { draft: FormDraft; note?: string }) {
  if (!draft.restored) return null;
  return (
    <div role="status" className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-sun-light px-4 py-3">
      {/* Wide enough to read; on a phone the button goes under it. */}
      <p className="min-w-48 flex-1 text-ink">Recuperamos los cambios que no guardaste.{note ? ` ${note}` : ''}</p>
      <button type="button" className="btn-secondary h-11 shrink-0 px-4" onClick={draft.discard}>
        Descartar cambios
      </button>
    </div>
  );
}
