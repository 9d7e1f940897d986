import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductInput } from '@tienda/shared/catalog';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { photoWithinLimit } from '../../../lib/photo-for-upload';
import { multipartBody } from '../../admin-shared/lib/multipart';

export interface ProductSave {
  /** Absent when creating. */
  productId?: number;
  fields: ProductInput;
  /** The new main image (required on create, optional on edit). */
  image: File | null;
  /** New secondary images, uploaded after the save (spec §7 follow-up step). */
  newImages: File[];
  /** Existing secondary images to remove (their ids). */
  removedImageIds: number[];
  /** On edit: the stock the form showed when it opened, so the server applies only the admin's change to it. */
  stockLoaded?: number;
  /** On edit: the opened form's session, so saving it again after a lost answer does not add the change twice. */
  stockEditSession?: string;
}

export interface ProductSaveResult {
  product: Product;
  /** The product was saved but some image step failed: the server's text (spec §8). */
  imageError: unknown;
}

/**
 * spec §7: POST /api/Product or PUT /api/Product/{id} as multipart
 * (categoryIds repeated, name, description, price, stock, discount, image).
 */
export function productFormData(
  fields: ProductInput,
  image: File | null,
  stockEdit?: { stockLoaded?: number; stockEditSession?: string },
): FormData {
  const { name, description, price, stock, discount, categoryIds } = fields;
  // stockLoaded and stockEditSession: beyond the spec (docs/decisions/0021-stock-edits-as-changes.md).
  return multipartBody({ name, description, price, stock, discount, categoryIds, image, ...stockEdit });
}

/** spec §7: POST /api/Product/{id}/images as multipart (files repeated). */
export function uploadProductImages(productId: number, files: File[]) {
  return apiRequest<Product>(`/api/Product/${productId}/images`, { method: 'POST', form: multipartBody({ files }) });
}

export function removeProductImage(productId: number, imageId: number) {
  return apiRequest<void>(`/api/Product/${productId}/images/${imageId}`, { method: 'DELETE' });
}

const goneAlready = (error: unknown) => {
  if (!(error instanceof ApiError && error.status === 404)) throw error;
};

export async function saveProduct({
  productId,
  fields,
  image,
  newImages,
  removedImageIds,
  stockLoaded,
  stockEditSession,
}: ProductSave): Promise<ProductSaveResult> {
  // A camera's full-size photos made small before they leave, and refused at once if still too heavy.
  const main = image && (await photoWithinLimit(image));
  const extras = await Promise.all(newImages.map(photoWithinLimit));
  const form = productFormData(fields, main, productId === undefined ? undefined : { stockLoaded, stockEditSession });
  let product =
    productId === undefined
      ? await apiRequest<Product>('/api/Product', { method: 'POST', form })
      : await apiRequest<Product>(`/api/Product/${productId}`, { method: 'PUT', form });
  // spec §7: the reply's productId is used for the follow-up image step.
  let imageError: unknown = null;
  try {
    // Saved again after an image step failed, an image removed the first time is already gone.
    for (const imageId of removedImageIds) await removeProductImage(product.productId, imageId).catch(goneAlready);
    if (extras.length > 0) product = await uploadProductImages(product.productId, extras);
  } catch (error) {
    imageError = error;
  }
  return { product, imageError };
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    // The product is saved even when an image step failed: every list (admin and shop) refreshes.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
