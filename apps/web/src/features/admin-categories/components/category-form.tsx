import { zodResolver } from '@hookform/resolvers/zod';
import {
  CATEGORY_DESCRIPTION_MAX,
  CATEGORY_NAME_MAX,
  categoryFormSchema,
  type CategoryForm as CategoryFields,
} from '@tienda/shared/catalog';
import { VALIDATION } from '@tienda/shared/messages';
import {
  DraftNotice,
  FormAlert,
  NameAndDescriptionFields,
  SubmitButton,
  useAdminForm,
} from '../../admin-shared/components/form-fields';

export interface CategoryFormProps {
  defaultValues?: CategoryFields;
  /** What is typed and not saved is kept under it until saved: 'categoria:nueva', 'categoria:{id}'. */
  draftKey: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** A failed save, shown above the button. */
  serverError?: string;
  /** Answers mutateUntilSettled's promise (lib/mutate-until-settled.ts): the form takes no other submit until the save has settled. */
  onSubmit: (fields: CategoryFields) => Promise<boolean>;
}

/** Nombre and Descripción; spec §5: both non-blank after trimming, else 'Todos los campos son obligatorios.' and no request. */
export function CategoryForm({
  defaultValues,
  draftKey,
  submitLabel,
  busyLabel,
  busy,
  serverError,
  onSubmit,
}: CategoryFormProps) {
  const form = useAdminForm<CategoryFields>({
    resolver: zodResolver(categoryFormSchema),
    defaultValues: defaultValues ?? { name: '', description: '' },
    general: [VALIDATION.categoryIncomplete],
    order: ['name', 'description'],
    draft: { key: draftKey },
  });
  const { formRef, handleSubmit } = form;
  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit(onSubmit)} className="card space-y-5 p-5 sm:p-8">
      <DraftNotice draft={form.draft} />
      <NameAndDescriptionFields form={form} nameMax={CATEGORY_NAME_MAX} descriptionMax={CATEGORY_DESCRIPTION_MAX} />
      <FormAlert message={serverError} />
      <SubmitButton busy={busy} busyLabel={busyLabel}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}
