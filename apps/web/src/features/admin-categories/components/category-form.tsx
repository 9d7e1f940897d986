import { useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_NAME_MAX, categoryFormSchema, type CategoryForm as CategoryFields } from '@tienda/shared/catalog';
import { VALIDATION } from '@tienda/shared/messages';
import { CharCount, Field, FormAlert, splitErrors, useFocusFirstInvalid } from '../../admin-shared/components/form-fields';
import { inputClass } from '../../admin-shared/components/styles';

export interface CategoryFormProps {
  defaultValues?: CategoryFields;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** A failed save, shown above the button. */
  serverError?: string;
  onSubmit: (fields: CategoryFields) => void;
}

/** Nombre and Descripción; spec §5: both non-blank after trimming, else 'Todos los campos son obligatorios.' and no request. */
export function CategoryForm({ defaultValues, submitLabel, busyLabel, busy, serverError, onSubmit }: CategoryFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const { register, control, handleSubmit, formState } = useForm<CategoryFields>({
    resolver: zodResolver(categoryFormSchema),
    shouldFocusError: false,
    defaultValues: defaultValues ?? { name: '', description: '' },
  });
  const errors = splitErrors(formState.errors, [VALIDATION.categoryIncomplete], ['name', 'description']);
  useFocusFirstInvalid(formRef, formState.submitCount);
  const name = useWatch({ control, name: 'name' }) ?? '';
  const description = useWatch({ control, name: 'description' }) ?? '';
  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit(onSubmit)} className="card space-y-5 p-5 sm:p-8">
      <Field
        label="Nombre"
        required
        error={errors.fieldError('name')}
        invalid={errors.invalid('name')}
        hint={<CharCount length={name.length} max={CATEGORY_NAME_MAX} />}
      >
        {(control) => <input {...control} {...register('name')} type="text" className={inputClass} autoComplete="off" />}
      </Field>
      <Field
        label="Descripción"
        required
        error={errors.fieldError('description')}
        invalid={errors.invalid('description')}
        hint={<CharCount length={description.length} max={CATEGORY_DESCRIPTION_MAX} />}
      >
        {(control) => <textarea {...control} {...register('description')} rows={4} className={inputClass} />}
      </Field>
      <FormAlert message={serverError} />
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
