import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { IN_DIALOG_TOASTS } from '../../../lib/toasts';
import { DialogToasts } from '../../admin-shared/components/dialog-toasts';
import type { Category, Product } from '@tienda/shared/catalog';
import { ADMIN_ERRORS, stockMovedWhileEditing } from '@tienda/shared/admin-messages';
import { Dialog } from '../../../components/ui/dialog';
import { saveErrorMessage } from '../../admin-shared/lib/request-errors';
import { useSaveProduct } from '../api/save-product';
import { fetchProduct } from '../../../lib/api/products';
import { useStockEdit } from '../../admin-shared/lib/use-stock-edit';
import { ProductForm } from './product-form';
import { mutateUntilSettled } from '../../../lib/mutate-until-settled';

export interface ProductDialogProps {
  open: boolean;
  /** null: create mode. */
  product: Product | null;
  categories: Category[];
  categoriesError?: string;
  onClose: () => void;
}

/** spec §4 Product modal: create or edit; after a successful save it closes and the list reloads. */
export function ProductDialog({ open, product, categories, categoriesError, onClose }: ProductDialogProps) {
  const formId = useId();
  const save = useSaveProduct();
  const stock = useStockEdit(product?.stock);
  const [unsaved, setUnsaved] = useState(false);
  const closed = () => {
    save.reset();
    stock.forget();
    setUnsaved(false);
    onClose();
  };
  const close = () => {
    if (!save.isPending) closed();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title={product ? 'Editar Producto' : 'Crear Producto'}
      inside={<DialogToasts />}
      unsaved={unsaved && !save.isPending}
      actions={(cancel) => (
        <>
          <button type="button" className="btn-secondary" onClick={cancel} disabled={save.isPending}>
            Cancelar
          </button>
          <button type="submit" form={formId} className="btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Guardando...' : product ? 'Guardar Cambios' : 'Guardar'}
          </button>
        </>
      )}
    >
      <ProductForm
        id={formId}
        product={product}
        categories={categories}
        categoriesError={categoriesError}
        serverError={save.error ? saveErrorMessage(save.error) : undefined}
        onUnsavedChange={setUnsaved}
        onSubmit={(result) =>
          mutateUntilSettled(
            save,
            { productId: product?.productId, ...stock.edit, ...result },
            {
              onSuccess: ({ product: saved, imageError }, { fields }) => {
                toast.success(product ? ADMIN_ERRORS.productUpdated : ADMIN_ERRORS.productCreated);
                if (saved.stock !== fields.stock) toast.info(stockMovedWhileEditing(saved.stock, fields.stock));
                // spec §8: an image upload error shows the server's text; the product itself is saved.
                if (imageError) toast.error(`Error al subir imágenes: ${saveErrorMessage(imageError)}`);
                closed();
              },
              onError: (error) => {
                // The dialog stays open: its own toasts, above it (the form's alert says it too).
                toast.error(saveErrorMessage(error), { containerId: IN_DIALOG_TOASTS });
                if (product) stock.afterFailedSave(error, () => fetchProduct(product.productId));
              },
            },
          )
        }
      />
    </Dialog>
  );
}
