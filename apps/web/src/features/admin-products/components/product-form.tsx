import { useEffect, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  productFormSchema,
  toIdList,
  type Category,
  type Product,
  type ProductFormOutput,
  type ProductFormValues,
  type ProductInput,
} from '@tienda/shared/catalog';
import { PRODUCT_DESCRIPTION_MAX, PRODUCT_NAME_MAX } from '@tienda/shared/constants';
import { VALIDATION } from '@tienda/shared/messages';
import { assetUrl } from '../../../lib/api-client';
import {
  DraftNotice,
  FormAlert,
  NameAndDescriptionFields,
  NumberField,
  requiredLabel,
  useAdminForm,
} from '../../admin-shared/components/form-fields';
import { MainImageField, MultiImagePicker } from '../../admin-shared/components/image-picker';
import { cn } from '../../../lib/class-names';

export interface ProductFormResult {
  fields: ProductInput;
  image: File | null;
  newImages: File[];
  removedImageIds: number[];
}

export interface ProductFormProps {
  /** The form element's id, so the dialog's footer button can submit it. */
  id: string;
  /** The product being edited; absent in create mode (spec §4: the mode is decided by this). */
  product?: Product | null;
  categories: Category[];
  /** spec §8 'Error al cargar categorías.' (the form still works without them). */
  categoriesError?: string;
  serverError?: string;
  /** Told whether the form holds changes not saved yet (a field, a picked image, an image marked to go). */
  onUnsavedChange?: (unsaved: boolean) => void;
  /** Answers mutateUntilSettled's promise (lib/mutate-until-settled.ts): the form takes no other submit until the save has settled. */
  onSubmit: (result: ProductFormResult) => Promise<boolean>;
}

/** Where the dialog's unsaved values wait for it (admin-shared/lib/use-form-draft.ts): one per product, one for a new one. */
export const productDraftKey = (product?: Product | null) => `producto:${product?.productId ?? 'nuevo'}`;

function initialValues(product?: Product | null): ProductFormValues {
  return {
    name: product?.name ?? '',
    description: product?.description ?? '',
    price: product ? String(product.price) : '',
    stock: product ? String(product.stock) : '',
    // spec §5: discount defaults to 0.
    discount: product ? String(product.discount ?? 0) : '0',
    categoryIds: product?.categoryIds ?? [],
    image: null,
  };
}

/**
 * spec §2 'Crear Producto' / 'Editar Producto': Nombre, Descripción, Precio, Stock, Descuento (%), Categorías,
 * Imagen Principal and Imágenes Secundarias, with the validation of spec §5 — including the 100/1000 limits,
 * which the original compared as text and so never enforced (spec §5: treat them as the intended limits).
 */
export function ProductForm({
  id,
  product,
  categories,
  categoriesError,
  serverError,
  onUnsavedChange,
  onSubmit,
}: ProductFormProps) {
  const mode = product ? 'edit' : 'create';
  const [newImages, setNewImages] = useState<File[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const form = useAdminForm<ProductFormValues, ProductFormOutput>({
    resolver: zodResolver(productFormSchema(mode)),
    defaultValues: initialValues(product),
    general: [VALIDATION.productRequired],
    order: ['name', 'description', 'price', 'stock', 'discount', 'categoryIds', 'image'],
    // The picked images stay out: the page holds the files, not the storage.
    draft: { key: productDraftKey(product), omit: ['image'] },
  });
  const { formRef, register, control, handleSubmit, errors, reset } = form;
  // A product created here whose images did not upload comes back as `product`: the form goes on as its edit form,
  // with the images picked, so saving again uploads those to it and not the main image a second time.
  const openedOn = useRef(product?.productId);
  useEffect(() => {
    if (!product || product.productId === openedOn.current) return;
    openedOn.current = product.productId;
    reset(initialValues(product));
  }, [product, reset]);
  const unsaved = form.formState.isDirty || newImages.length > 0 || removed.length > 0;
  useEffect(() => onUnsavedChange?.(unsaved), [unsaved, onUnsavedChange]);

  return (
    <form
      ref={formRef}
      id={id}
      noValidate
      onSubmit={handleSubmit(({ image, ...fields }) =>
        onSubmit({
          fields,
          image: image instanceof File ? image : null,
          newImages,
          removedImageIds: removed,
        }),
      )}
      className="space-y-5"
    >
      <DraftNotice draft={form.draft} note="Si habías elegido o quitado imágenes, hazlo otra vez." />
      <NameAndDescriptionFields
        form={form}
        nameMax={PRODUCT_NAME_MAX}
        descriptionMax={PRODUCT_DESCRIPTION_MAX}
        descriptionRequired={false}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <NumberField label={requiredLabel('Precio')} {...errors.field('price')} {...register('price')} />
        <NumberField whole label={requiredLabel('Stock')} {...errors.field('stock')} {...register('stock')} />
        <NumberField label="Descuento (%)" error={errors.fieldError('discount')} {...register('discount')} />
      </div>

      <Controller
        control={control}
        name="categoryIds"
        render={({ field }) => (
          <fieldset className="min-w-0">
            <legend className="field-label">Categorías</legend>
            {categoriesError ? (
              <p role="alert" className="field-error">
                {categoriesError}
              </p>
            ) : categories.length === 0 ? (
              <p className="text-sm text-ink-soft">No hay categorías todavía.</p>
            ) : (
              <div
                className={cn(
                  'grid max-h-52 grid-cols-1 gap-1 overflow-y-auto rounded-xl',
                  'border border-ink-soft/20 bg-cream/60 p-2 sm:grid-cols-2',
                )}
              >
                {categories.map((category) => {
                  const selected = toIdList(field.value);
                  const checked = selected.includes(category.categoryId);
                  return (
                    <label
                      key={category.categoryId}
                      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-white"
                    >
                      <input
                        type="checkbox"
                        className="size-5 accent-brand"
                        checked={checked}
                        onChange={() =>
                          field.onChange(
                            checked
                              ? selected.filter((v) => v !== category.categoryId)
                              : [...selected, category.categoryId],
                          )
                        }
                      />
                      <span>{category.name}</span>
                    </label>
                  );
                })}
              </div>
            )}
            {errors.fieldError('categoryIds') && <p className="field-error">{errors.fieldError('categoryIds')}</p>}
          </fieldset>
        )}
      />

      <MainImageField form={form} label="Imagen Principal" mode={mode} saved={product} />

      <fieldset className="min-w-0">
        <legend className="field-label">Imágenes Secundarias</legend>
        {product && product.secondaryImages.length > 0 && (
          <ul aria-label="Imágenes secundarias actuales" className="mb-3 flex flex-wrap gap-3">
            {product.secondaryImages.map((image, index) => {
              const isRemoved = removed.includes(image.imageId);
              return (
                <li key={image.imageId} className="flex w-24 flex-col items-center gap-1">
                  <img
                    src={assetUrl(image.thumbnailUrl)}
                    alt={`Imagen secundaria ${index + 1}`}
                    width={80}
                    height={80}
                    className={`size-20 rounded-xl border border-sand object-cover ${isRemoved ? 'opacity-30 grayscale' : ''}`}
                  />
                  <button
                    type="button"
                    aria-pressed={isRemoved}
                    onClick={() =>
                      setRemoved(isRemoved ? removed.filter((r) => r !== image.imageId) : [...removed, image.imageId])
                    }
                    className="min-h-11 rounded-full px-2 text-sm font-bold text-danger underline-offset-2 hover:underline"
                  >
                    {isRemoved ? 'Deshacer' : 'Quitar'} <span className="sr-only">imagen secundaria {index + 1}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {removed.length > 0 && (
          <p className="mb-2 text-sm text-ink-soft">Las imágenes marcadas se quitarán al guardar.</p>
        )}
        <MultiImagePicker
          label="Agregar imágenes secundarias"
          files={newImages}
          onChange={setNewImages}
          hint="Puedes elegir varias a la vez."
        />
      </fieldset>

      <FormAlert message={serverError} />
    </form>
  );
}
