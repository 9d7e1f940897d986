import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ADMIN_ERRORS } from '@tienda/shared/admin-messages';
import { AdminPage } from '../../admin-shared/components/admin-page';
import { serverReason } from '../../admin-shared/lib/request-errors';
import { useCreateCombo } from '../api/save-combo';
import { ComboForm } from '../components/combo-form';
import { mutateUntilSettled } from '../../../lib/mutate-until-settled';

// spec §2 Create combo.
export function Component() {
  const navigate = useNavigate();
  const create = useCreateCombo();
  const reason = create.error ? serverReason(create.error) : '';
  return (
    <AdminPage title="Crear Combo" back={{ to: '/combos-admin', label: 'Volver a combos' }} width="narrow">
      <ComboForm
        mode="create"
        busy={create.isPending}
        serverError={create.error ? `${ADMIN_ERRORS.comboCreateFailed}${reason ? ` ${reason}` : ''}` : undefined}
        onSubmit={(input) =>
          mutateUntilSettled(create, input, {
            onSuccess: () => {
              toast.success(ADMIN_ERRORS.comboCreated);
              void navigate('/combos-admin');
            },
            onError: () => toast.error(ADMIN_ERRORS.comboCreateFailed),
          })
        }
      />
    </AdminPage>
  );
}
