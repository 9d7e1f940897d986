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
import { productDraftKey, ProductForm } from './product-form';
import { forgetFormDraft } from '../../admin-shared/lib/use-form-draft';
import { mutateUntilSettled } from '../../../lib/mutate-until-settled';

export interface ProductDialogProps {
  open: boolean;
  /** null: create mode. */
  product: Product | null;
  categories: Category[];
  categoriesError?: string;
  onClose: () => void;
}

/** spec §8's image upload error, and what she can do: the product is saved, the images picked are still here. */
const imagesNotUploaded = (error: unknown) =>
  `Error al subir imágenes: ${saveErrorMessage(error)}. El producto ya está guardado y las imágenes siguen aquí: ` +
  'toca Guardar Cambios para subirlas de nuevo.';

/**
 * spec §4 Product modal: create or edit; after a successful save it closes and the list reloads. A save whose images
 * did not upload keeps it open as the saved product's edit dialog, with the images picked, so saving again uploads
 * them to that product (a created product is not created twice).
 */
export function ProductDialog({ open, product, categories, categoriesError, onClose }: ProductDialogProps) {
  const formId = useId();
  const save = useSaveProduct();
  // The product this dialog created whose images did not upload: it is edited from then on.
  const [created, setCreated] = useState<Product | null>(null);
  const editing = product ?? created;
  const stock = useStockEdit(editing?.stock);
  const [unsaved, setUnsaved] = useState(false);
  const [imageError, setImageError] = useState<unknown>(null);
  const closed = () => {
    // Closed on purpose (saved, or 'Descartar'): nothing waits for next time. A session that ended, or a tab the phone
    // dropped, ends the dialog without this, and the draft opens with it again.
    forgetFormDraft(productDraftKey(editing));
    save.reset();
    stock.forget();
    setUnsaved(false);
    setCreated(null);
    setImageError(null);
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
      title={editing ? 'Editar Producto' : 'Crear Producto'}
      inside={<DialogToasts />}
      unsaved={unsaved && !save.isPending}
      actions={(cancel) => (
        <>
          <button type="button" className="btn-secondary" onClick={cancel} disabled={save.isPending}>
            Cancelar
          </button>
          <button type="submit" form={formId} className="btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Guardando...' : editing ? 'Guardar Cambios' : 'Guardar'}
          </button>
        </>
      )}
    >
      <ProductForm
        id={formId}
        product={editing}
        categories={categories}
        categoriesError={categoriesError}
        serverError={save.error ? saveErrorMessage(save.error) : imageError ? imagesNotUploaded(imageError) : undefined}
        onUnsavedChange={setUnsaved}
        onSubmit={(result) =>
          mutateUntilSettled(
            save,
            { productId: editing?.productId, ...stock.edit, ...result },
            {
              onSuccess: ({ product: saved, imageError: failed }, { fields }) => {
                // Toasts above the dialog while it stays open, the page's once it closes.
                const where = failed ? { containerId: IN_DIALOG_TOASTS } : {};
                toast.success(editing ? ADMIN_ERRORS.productUpdated : ADMIN_ERRORS.productCreated, where);
                if (saved.stock !== fields.stock) toast.info(stockMovedWhileEditing(saved.stock, fields.stock), where);
                if (!failed) return closed();
                // spec §8: an image upload error shows the server's text; the product itself is saved.
                toast.error(`Error al subir imágenes: ${saveErrorMessage(failed)}`, where);
                setImageError(failed);
                if (!editing) setCreated(saved);
              },
              onError: (error) => {
                // The dialog stays open: its own toasts, above it (the form's alert says it too).
                setImageError(null);
                toast.error(saveErrorMessage(error), { containerId: IN_DIALOG_TOASTS });
                if (editing) stock.afterFailedSave(error, () => fetchProduct(editing.productId));
              },
            },
          )
        }
      />
    </Dialog>
  );
}
