import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Combo, ComboInput } from '@tienda/shared/catalog';
import { apiRequest } from '../../../lib/api-client';

/** spec §7 combo multipart: Name, Description, Price, Stock, ProductIds repeated, Image (optional on PATCH). */
export function comboFormData(fields: ComboInput, image: File | null): FormData {
  const form = new FormData();
  form.append('Name', fields.name);
  form.append('Description', fields.description);
  form.append('Price', String(fields.price));
  form.append('Stock', String(fields.stock));
  for (const id of fields.productIds) form.append('ProductIds', String(id));
  if (image) form.append('Image', image);
  return form;
}

// spec §7: POST /api/Combo/Create and PATCH /api/Combo/{comboId} (bearer).
export const createCombo = ({ fields, image }: { fields: ComboInput; image: File | null }) =>
  apiRequest<Combo>('/api/Combo/Create', { method: 'POST', form: comboFormData(fields, image) });

export const updateCombo = (comboId: number, { fields, image }: { fields: ComboInput; image: File | null }) =>
  apiRequest<Combo>(`/api/Combo/${comboId}`, { method: 'PATCH', form: comboFormData(fields, image) });

export function useCreateCombo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCombo, onSuccess: () => queryClient.invalidateQueries() });
}

export function useUpdateCombo(comboId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { fields: ComboInput; image: File | null }) => updateCombo(comboId, input),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
