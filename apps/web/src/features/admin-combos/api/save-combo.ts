import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Combo, ComboInput } from '@tienda/shared/catalog';
import { apiRequest } from '../../../lib/api-client';
import { photoWithinLimit } from '../../../lib/photo-for-upload';
import { multipartBody } from '../../admin-shared/lib/multipart';
import { replaceInList } from '../../admin-shared/lib/replace-in-list';
import { combosQuery } from '../../../lib/api/combos';

/** spec §7 combo multipart: Name, Description, Price, Stock, ProductIds repeated, Image (optional on PATCH). */
export function comboFormData(
  fields: ComboInput,
  image: File | null,
  stockEdit?: { stockLoaded?: number; stockEditSession?: string },
): FormData {
  const { name, description, price, stock, productIds } = fields;
  return multipartBody({
    Name: name,
    Description: description,
    Price: price,
    Stock: stock,
    ProductIds: productIds,
    Image: image,
    // Beyond the spec: the stock the form opened with and its session (docs/decisions/0021-stock-edits-as-changes.md).
    ...stockEdit,
  });
}

// spec §7: POST /api/Combo/Create and PATCH /api/Combo/{comboId} (bearer).
export const createCombo = async ({ fields, image }: { fields: ComboInput; image: File | null }) =>
  apiRequest<Combo>('/api/Combo/Create', {
    method: 'POST',
    form: comboFormData(fields, image && (await photoWithinLimit(image))),
  });

export interface ComboUpdate {
  fields: ComboInput;
  image: File | null;
  stockLoaded?: number;
  /** The opened form's session: saving it again after a lost answer does not add its stock change twice. */
  stockEditSession?: string;
}

export const updateCombo = async (comboId: number, { fields, image, stockLoaded, stockEditSession }: ComboUpdate) =>
  apiRequest<Combo>(`/api/Combo/${comboId}`, {
    method: 'PATCH',
    form: comboFormData(fields, image && (await photoWithinLimit(image)), { stockLoaded, stockEditSession }),
  });

export function useCreateCombo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCombo, onSuccess: () => queryClient.invalidateQueries() });
}

export function useUpdateCombo(comboId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ComboUpdate) => updateCombo(comboId, input),
    onSuccess: (saved) =>
      replaceInList(queryClient, combosQuery().queryKey, saved, (combo) => combo.comboId === saved.comboId),
  });
}
