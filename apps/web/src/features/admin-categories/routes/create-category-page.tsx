import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ADMIN_ERRORS } from '@tienda/shared/admin-messages';
import { AdminPage } from '../../admin-shared/components/admin-page';
import { failureReason } from '../../admin-shared/lib/request-errors';
import { useCreateCategory } from '../api/save-category';
import { CategoryForm } from '../components/category-form';
import { mutateUntilSettled } from '../../../lib/mutate-until-settled';

// spec §2 Create category ('Crear Nueva Categoría'); the admin check is the router's AdminGuard.
export function Component() {
  const navigate = useNavigate();
  const create = useCreateCategory();
  const failure = create.error ? ADMIN_ERRORS.categoryCreateFailed + failureReason(create.error) : undefined;
  return (
    <AdminPage
      title="Crear Nueva Categoría"
      back={{ to: '/admin/categorias', label: 'Volver a categorías' }}
      width="narrow"
    >
      <CategoryForm
        draftKey="categoria:nueva"
        submitLabel="Crear Categoría"
        busyLabel="Creando..."
        busy={create.isPending}
        serverError={failure}
        onSubmit={(fields) =>
          mutateUntilSettled(create, fields, {
            // spec §8: 'Categoría creada correctamente' then the list.
            onSuccess: () => {
              toast.success(ADMIN_ERRORS.categoryCreated);
              void navigate('/admin/categorias');
            },
            onError: (error) => toast.error(ADMIN_ERRORS.categoryCreateFailed + failureReason(error)),
          })
        }
      />
    </AdminPage>
  );
}
