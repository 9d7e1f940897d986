import { useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { ERRORS } from '@tienda/shared/messages';
import { ADMIN_ERRORS, stockMovedWhileEditing } from '@tienda/shared/admin-messages';
import { AdminPage } from '../../admin-shared/components/admin-page';
import { ErrorNotice, ListSkeleton } from '../../admin-shared/components/state-views';
import { serverReason } from '../../admin-shared/lib/request-errors';
import { useCombo } from '../api/get-combo';
import { useUpdateCombo } from '../api/save-combo';
import { ComboForm } from '../components/combo-form';
import { fetchCombo } from '../../../lib/api/combos';
import { useStockEdit } from '../../admin-shared/lib/use-stock-edit';
import { mutateUntilSettled } from '../../../lib/mutate-until-settled';

// spec §2 Edit combo /editar-combo/{comboId}.
export function Component() {
  const comboId = Number(useParams().comboId);
  const navigate = useNavigate();
  const combo = useCombo(comboId);
  const update = useUpdateCombo(comboId);
  // The stock the form opened with, kept while it is open even if the combo is read again meanwhile.
  const stock = useStockEdit(combo.data?.stock);
  const reason = update.error ? serverReason(update.error) : '';
  return (
    <AdminPage title="Editar Combo" back={{ to: '/combos-admin', label: 'Volver a combos' }} width="narrow">
      {combo.isPending ? (
        <ListSkeleton rows={3} />
      ) : combo.isError ? (
        <ErrorNotice>{ERRORS.comboLoadFailed}</ErrorNotice>
      ) : (
        <ComboForm
          mode="edit"
          combo={combo.data}
          busy={update.isPending}
          serverError={update.error ? `${ADMIN_ERRORS.comboUpdateFailed}${reason ? `: ${reason}` : ''}` : undefined}
          onSubmit={(input) =>
            mutateUntilSettled(
              update,
              { ...input, ...stock.edit },
              {
                onSuccess: (saved, { fields }) => {
                  toast.success(ADMIN_ERRORS.comboUpdated);
                  if (saved.stock !== fields.stock) toast.info(stockMovedWhileEditing(saved.stock, fields.stock));
                  void navigate('/combos-admin');
                },
                onError: (error) => {
                  toast.error(ADMIN_ERRORS.comboUpdateFailed);
                  stock.afterFailedSave(error, () => fetchCombo(comboId));
                },
              },
            )
          }
        />
      )}
    </AdminPage>
  );
}
