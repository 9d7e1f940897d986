import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { IN_DIALOG_TOASTS } from '../../../lib/toasts';
import { DialogToasts } from '../../admin-shared/components/dialog-toasts';
import { updateUserBody, type UpdateUserBody, type UpdateUserFields, type User } from '@tienda/shared/accounts';
import { ADMIN_ERRORS } from '@tienda/shared/admin-messages';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/form-field';
import { DraftNotice, FormAlert, requiredLabel } from '../../admin-shared/components/form-fields';
import { forgetFormDraft, useFormDraft } from '../../admin-shared/lib/use-form-draft';
import { serverReason } from '../../admin-shared/lib/request-errors';
import { useUpdateUser } from '../../../lib/api/users';

/** Where the dialog's unsaved values wait for it (admin-shared/lib/use-form-draft.ts), as the product dialog's do. */
const userDraftKey = (user: User) => `usuario:${user.userId}`;

function EditUserForm({
  id,
  user,
  serverError,
  onUnsavedChange,
  onSubmit,
}: {
  id: string;
  user: User;
  serverError?: string;
  onUnsavedChange: (unsaved: boolean) => void;
  onSubmit: (body: UpdateUserBody) => void;
}) {
  const form = useForm<UpdateUserBody, unknown, UpdateUserFields>({
    resolver: zodResolver(updateUserBody),
    defaultValues: { name: user.name, email: user.email, username: user.username },
  });
  const { register, handleSubmit, formState } = form;
  // A session that ends mid-edit, or a tab the phone drops, ends the dialog without asking: what was typed waits.
  const draft = useFormDraft(form, { key: userDraftKey(user) });
  const { errors, isDirty } = formState;
  useEffect(() => onUnsavedChange(isDirty), [isDirty, onUnsavedChange]);
  return (
    <form id={id} noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      <DraftNotice draft={draft} />
      <TextField
        label={requiredLabel('Nombre')}
        error={errors.name?.message}
        {...register('name')}
        type="text"
        autoComplete="off"
      />
      <TextField
        label={requiredLabel('Correo electrónico')}
        error={errors.email?.message}
        {...register('email')}
        type="email"
        autoComplete="off"
      />
      <TextField
        label={requiredLabel('Usuario')}
        error={errors.username?.message}
        {...register('username')}
        type="text"
        autoComplete="off"
        autoCapitalize="none"
      />
      <FormAlert message={serverError} />
    </form>
  );
}

/** spec §2 Users admin: the edit dialog of one row (name, email, username → PUT /api/User/{id}). */
export function EditUserDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const formId = useId();
  const update = useUpdateUser();
  const [unsaved, setUnsaved] = useState(false);
  const close = () => {
    if (update.isPending) return;
    // Closed on purpose ('Descartar', or nothing changed): nothing waits for next time.
    if (user) forgetFormDraft(userDraftKey(user));
    update.reset();
    setUnsaved(false);
    onClose();
  };
  const reason = update.error ? serverReason(update.error) : '';
  return (
    <Dialog
      open={user !== null}
      onClose={close}
      size="md"
      title="Editar usuario"
      inside={<DialogToasts />}
      unsaved={unsaved && !update.isPending}
      actions={(cancel) => (
        <>
          <button type="button" className="btn-secondary" onClick={cancel} disabled={update.isPending}>
            Cancelar
          </button>
          <button type="submit" form={formId} className="btn-primary" disabled={update.isPending}>
            {update.isPending ? 'Guardando...' : 'Guardar Cambios'}
          </button>
        </>
      )}
    >
      {user && (
        <EditUserForm
          id={formId}
          user={user}
          serverError={update.error ? `${ADMIN_ERRORS.userEditFailed}${reason ? `: ${reason}` : ''}` : undefined}
          onUnsavedChange={setUnsaved}
          onSubmit={(body) =>
            update.mutate(
              { userId: user.userId, body },
              {
                onSuccess: () => {
                  forgetFormDraft(userDraftKey(user));
                  toast.success(ADMIN_ERRORS.userEdited);
                  update.reset();
                  setUnsaved(false);
                  onClose();
                },
                onError: () => toast.error(ADMIN_ERRORS.userEditFailed, { containerId: IN_DIALOG_TOASTS }),
              },
            )
          }
        />
      )}
    </Dialog>
  );
}
