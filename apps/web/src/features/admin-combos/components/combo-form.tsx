import { useRef } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { COMBO_DESCRIPTION_MAX, COMBO_NAME_MAX, comboCreateFormSchema, comboEditFormSchema, type Combo, type ComboInput, type Product } from '@tienda/shared/catalog';
import { VALIDATION } from '@tienda/shared/messages';
import { assetUrl } from '../../../lib/api-client';
import { CharCount, Field, FormAlert, splitErrors, useFocusFirstInvalid } from '../../admin-shared/components/form-fields';
import { inputClass } from '../../admin-shared/components/styles';
import { ImagePicker } from '../../admin-shared/components/image-picker';
import { ProductPicker } from './product-picker';

export interface ComboFormValues {
  name: string;
  description: string;
  price: string;
  stock: string;
  productIds: number[];
  image: File | null;
}

export interface ComboFormProps {
  mode: 'create' | 'edit';
  combo?: Combo;
  products: Product[];
  productsLoading: boolean;
  productsError?: string;
  busy: boolean;
  serverError?: string;
  onSubmit: (input: { fields: ComboInput; image: File | null }) => void;
}

type Output = ComboInput & { image?: unknown };

/**
 * spec §2/§5 Create combo and Edit combo: name, description, price (min 0), stock (an integer; 0 by default on
 * create, required on edit), image (an image file; required on create, optional on edit) and at least one product.
 */
export function ComboForm({ mode, combo, products, productsLoading, productsError, busy, serverError, onSubmit }: ComboFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const schema = mode === 'create' ? comboCreateFormSchema : comboEditFormSchema;
  const { register, control, handleSubmit, formState } = useForm<ComboFormValues, unknown, Output>({
    resolver: zodResolver(schema) as unknown as Resolver<ComboFormValues, unknown, Output>,
    shouldFocusError: false,
    defaultValues: {
      name: combo?.name ?? '',
      description: combo?.description ?? '',
      price: combo ? String(combo.price) : '',
      stock: combo ? String(combo.stock) : '0',
      productIds: combo?.products.map((p) => p.productId) ?? [],
      image: null,
    },
  });
  const general = mode === 'create' ? [VALIDATION.comboCreateIncomplete] : [VALIDATION.comboEditIncomplete];
  const errors = splitErrors(formState.errors, general, ['name', 'description', 'price', 'stock', 'image', 'productIds']);
  useFocusFirstInvalid(formRef, formState.submitCount);
  const name = useWatch({ control, name: 'name' }) ?? '';
  const description = useWatch({ control, name: 'description' }) ?? '';
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={handleSubmit(({ image, ...fields }) => onSubmit({ fields, image: image instanceof File ? image : null }))}
      className="card space-y-5 p-5 sm:p-8"
    >
      <Field label="Nombre" required error={errors.fieldError('name')} invalid={errors.invalid('name')} hint={<CharCount length={name.length} max={COMBO_NAME_MAX} />}>
        {(c) => <input {...c} {...register('name')} type="text" className={inputClass} autoComplete="off" />}
      </Field>
      <Field
        label="Descripción"
        required
        error={errors.fieldError('description')}
        invalid={errors.invalid('description')}
        hint={<CharCount length={description.length} max={COMBO_DESCRIPTION_MAX} />}
      >
        {(c) => <textarea {...c} {...register('description')} rows={4} className={inputClass} />}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Precio (L)" required error={errors.fieldError('price')} invalid={errors.invalid('price')}>
          {(c) => <input {...c} {...register('price')} type="number" inputMode="decimal" min="0" step="0.01" className={inputClass} />}
        </Field>
        <Field label="Stock" required={mode === 'edit'} error={errors.fieldError('stock')} invalid={errors.invalid('stock')} hint="Unidades de este combo, aparte del stock de sus productos.">
          {(c) => <input {...c} {...register('stock')} type="number" inputMode="numeric" min="0" step="1" className={inputClass} />}
        </Field>
      </div>
      <Controller
        control={control}
        name="image"
        render={({ field }) => (
          <ImagePicker
            label="Imagen"
            required={mode === 'create'}
            file={field.value}
            onChange={field.onChange}
            currentUrl={assetUrl(combo?.thumbnailUrl ?? combo?.imageUrl)}
            error={errors.fieldError('image')}
            invalid={errors.invalid('image')}
            hint={mode === 'edit' ? 'Opcional: elige una imagen solo si quieres reemplazar la actual.' : 'JPG, PNG, WebP, GIF o AVIF, hasta 10 MB.'}
          />
        )}
      />
      <Controller
        control={control}
        name="productIds"
        render={({ field }) => (
          <ProductPicker
            products={products}
            loading={productsLoading}
            loadError={productsError}
            value={field.value}
            onChange={field.onChange}
            error={errors.fieldError('productIds')}
            invalid={errors.invalid('productIds')}
          />
        )}
      />
      <FormAlert message={serverError} />
      <button type="submit" className="btn-primary w-full sm:w-auto" disabled={busy}>
        {busy ? 'Guardando...' : mode === 'create' ? 'Crear Combo' : 'Guardar Cambios'}
      </button>
    </form>
  );
}
