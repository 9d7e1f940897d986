import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { ADMIN_ERRORS } from '@tienda/shared/admin-messages';
import { failureReason } from '../../admin-shared/lib/request-errors';
import { AdminPage } from '../../admin-shared/components/admin-page';
import { ErrorNotice, ListSkeleton } from '../../admin-shared/components/state-views';
import { useCategory } from '../api/get-category';
import { useUpdateCategory } from '../api/save-category';
import { CategoryForm } from '../components/category-form';
import { mutateUntilSettled } from '../../../lib/mutate-until-settled';

// spec §2 Edit category ('Editar Categoría'): the same fields prefilled and 'Guardar Cambios'.
export function Component() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const category = useCategory(id);
  const update = useUpdateCategory(id);
  const failure = update.error ? ADMIN_ERRORS.categoryUpdateFailed + failureReason(update.error) : undefined;
  return (
    <AdminPage title="Editar Categoría" back={{ to: '/admin/categorias', label: 'Volver a categorías' }} width="narrow">
      {category.isPending ? (
        <ListSkeleton rows={2} />
      ) : category.isError ? (
        <ErrorNotice>{ADMIN_ERRORS.categoryLoadFailed + failureReason(category.error)}</ErrorNotice>
      ) : (
        <CategoryForm
          draftKey={`categoria:${id}`}
          defaultValues={{ name: category.data.name, description: category.data.description }}
          submitLabel="Guardar Cambios"
          busyLabel="Guardando..."
          busy={update.isPending}
          serverError={failure}
          onSubmit={(fields) =>
            mutateUntilSettled(update, fields, {
              onSuccess: () => {
                toast.success(ADMIN_ERRORS.categoryUpdated);
                void navigate('/admin/categorias');
              },
              onError: (error) => toast.error(ADMIN_ERRORS.categoryUpdateFailed + failureReason(error)),
            })
          }
        />
      )}
    </AdminPage>
  );
}
