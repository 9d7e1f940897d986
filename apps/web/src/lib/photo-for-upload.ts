import { IMAGE_MAX_BYTES } from '@tienda/shared/constants';
import { MAIN_IMAGE_MAX_WIDTH } from '@tienda/shared/images';
import { VALIDATION } from '@tienda/shared/messages';
import { ApiError } from './api-client';

// A phone's photo (a transfer receipt, a toy the owner photographs) is 3–8 MB; the server keeps at most
// MAIN_IMAGE_MAX_WIDTH pixels of any picture (apps/api/src/lib/images.ts), so everything past that only costs minutes
// of a slow connection. Photos above SHRINK_FROM_BYTES are drawn at that size and sent as JPEG when that is smaller
// (docs/decisions/0020-payment-methods.md, 0025-…).

const SHRINK_FROM_BYTES = 1_000_000;
const JPEG_QUALITY = 0.85;
const DRAWABLE = /^image\/(jpeg|png|webp)$/;

/** The file to send for `file`: a smaller JPEG of it when the browser can draw one, else the file as it is. */
export async function photoForUpload(file: File): Promise<File> {
  if (file.size <= SHRINK_FROM_BYTES || !DRAWABLE.test(file.type) || typeof createImageBitmap !== 'function') {
    return file;
  }
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, MAIN_IMAGE_MAX_WIDTH / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return file;
    // A screenshot's transparent corners would turn black in a JPEG.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
    if (!jpeg || jpeg.size >= file.size) return file;
    return new File([jpeg], `${file.name.replace(/\.[^.]*$/, '') || 'foto'}.jpg`, { type: 'image/jpeg' });
  } catch {
    // Not drawable here (an unusual format, a browser without the API): the server judges the original.
    return file;
  }
}

/**
 * The photo to send (photoForUpload), refused at once when it is still over IMAGE_MAX_BYTES: the same 413 and
 * message the server would answer, without minutes of sending first.
 */
export async function photoWithinLimit(file: File): Promise<File> {
  const photo = await photoForUpload(file);
  if (photo.size > IMAGE_MAX_BYTES) throw new ApiError(413, VALIDATION.imageTooHeavy);
  return photo;
}
