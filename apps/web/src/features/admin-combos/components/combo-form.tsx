import { useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  COMBO_DESCRIPTION_MAX,
  COMBO_NAME_MAX,
  comboFormSchema,
  toIdList,
  toNumberInput,
  type Combo,
  type ComboFormOutput,
  type ComboFormValues,
  type ComboInput,
} from '@tienda/shared/catalog';
import { VALIDATION } from '@tienda/shared/messages';
import { formatLempiras, fromCents, separatePriceCents, toCents } from '@tienda/shared/pricing';
import {
  DraftNotice,
  FormAlert,
  NameAndDescriptionFields,
  NumberField,
  requiredLabel,
  SubmitButton,
  useAdminForm,
} from '../../admin-shared/components/form-fields';
import { MainImageField } from '../../admin-shared/components/image-picker';
import { ProductPicker, type KnownProduct } from './product-picker';

export interface ComboFormProps {
  mode: 'create' | 'edit';
  combo?: Combo;
  busy: boolean;
  serverError?: string;
  /** Answers mutateUntilSettled's promise (lib/mutate-until-settled.ts): the form takes no other submit until the save has settled. */
  onSubmit: (input: { fields: ComboInput; image: File | null }) => Promise<boolean>;
}

/**
 * spec §2/§5 Create combo and Edit combo: name, description, price (min 0), stock (an integer; 0 by default on
 * create, required on edit), image (an image file; required on create, optional on edit) and at least one product.
 */
export function ComboForm({ mode, combo, busy, serverError, onSubmit }: ComboFormProps) {
  // Every product chosen or shown so far, the combo's own first: names for the chosen list, prices for the hint.
  const [known, setKnown] = useState(
    () => new Map<number, KnownProduct>((combo?.products ?? []).map((p) => [p.productId, p])),
  );
  const addKnown = (product: KnownProduct) =>
    setKnown((map) => (map.has(product.productId) ? map : new Map(map).set(product.productId, product)));
  const knownList = useMemo(() => [...known.values()], [known]);
  const form = useAdminForm<ComboFormValues, ComboFormOutput>({
    resolver: zodResolver(comboFormSchema(mode)),
    defaultValues: {
      name: combo?.name ?? '',
      description: combo?.description ?? '',
      price: combo ? String(combo.price) : '',
      stock: combo ? String(combo.stock) : '0',
      productIds: combo?.products.map((p) => p.productId) ?? [],
      image: null,
    },
    general: mode === 'create' ? [VALIDATION.comboCreateIncomplete] : [VALIDATION.comboEditIncomplete],
    order: ['name', 'description', 'price', 'stock', 'image', 'productIds'],
    // The picked image stays out: the page holds the file, not the storage.
    draft: {
      key: `combo:${combo?.comboId ?? 'nuevo'}`,
      omit: ['image'],
      extra: {
        value: knownList,
        restore: (kept) => (kept as KnownProduct[]).forEach(addKnown),
      },
    },
  });
  const { formRef, register, control, handleSubmit, errors } = form;
  const [price, productIds] = useWatch({ control, name: ['price', 'productIds'] });
  const chosen = toIdList(productIds).flatMap((id) => known.get(id) ?? []);
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={handleSubmit(({ image, ...fields }) =>
        onSubmit({ fields, image: image instanceof File ? image : null }),
      )}
      className="card space-y-5 p-5 sm:p-8"
    >
      <DraftNotice draft={form.draft} note="Si habías elegido una imagen, elígela otra vez." />
      <NameAndDescriptionFields form={form} nameMax={COMBO_NAME_MAX} descriptionMax={COMBO_DESCRIPTION_MAX} />
      <div className="grid gap-5 sm:grid-cols-2">
        <NumberField
          label={requiredLabel('Precio (L)')}
          {...errors.field('price')}
          hint={separatePriceHint(chosen, price)}
          {...register('price')}
        />
        <NumberField
          whole
          label={mode === 'edit' ? requiredLabel('Stock') : 'Stock'}
          {...errors.field('stock')}
          hint="Unidades de este combo, aparte del stock de sus productos."
          {...register('stock')}
        />
      </div>
      <MainImageField form={form} label="Imagen" mode={mode} saved={combo} />
      <Controller
        control={control}
        name="productIds"
        render={({ field }) => (
          <ProductPicker
            known={known}
            onKnown={addKnown}
            value={toIdList(field.value)}
            onChange={field.onChange}
            {...errors.field('productIds')}
          />
        )}
      />
      <FormAlert message={serverError} />
      <SubmitButton busy={busy} busyLabel="Guardando...">
        {mode === 'create' ? 'Crear Combo' : 'Guardar Cambios'}
      </SubmitButton>
    </form>
  );
}

/**
 * The chosen products bought separately, under the combo's price: a combo is the families' saving, and a price typed
 * above that sum (or a product's discount raised since) would quietly take it away. A hint, not a rule.
 */
export function separatePriceHint(
  chosen: readonly KnownProduct[],
  priceText: ComboFormValues['price'],
): string | undefined {
  if (chosen.length === 0) return undefined;
  const separateCents = separatePriceCents(chosen);
  const separately = `Por separado suman ${formatLempiras(fromCents(separateCents))}.`;
  const price = toNumberInput(priceText);
  if (price === undefined || !Number.isFinite(price) || price < 0) return separately;
  const savingCents = separateCents - toCents(price);
  return savingCents > 0
    ? `${separately} Con el combo las familias ahorran ${formatLempiras(fromCents(savingCents))}.`
    : `${separately} A este precio el combo no ahorra nada a las familias.`;
}
