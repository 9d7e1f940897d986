import type { FastifyRequest } from 'fastify';
import { ID_LIST_MAX } from '@tienda/shared/catalog';
import { IMAGE_MAX_BYTES, IMAGE_MAX_MB } from '@tienda/shared/constants';
import { MAX_IMAGE_MEGAPIXELS } from '@tienda/shared/images';
import { hasUntypeable } from '@tienda/shared/untypeable';
import { API, tooManyImagesMessage, VALIDATION } from '@tienda/shared/messages';
import { REPLIES } from '../replies.js';
import { AppError, badRequest } from '../errors.js';

export interface MultipartForm {
  /** Text fields by lower-cased name (field names bind case-insensitively); repeated fields keep every value. */
  fields: Map<string, string[]>;
  /** Uploaded files by lower-cased field name. */
  files: Map<string, Buffer[]>;
}

/** Files one multipart request may carry. */
export const MAX_FILES = 12;
/** The longest id list a form may repeat, with room for every other field of ours. */
const MAX_FORM_FIELDS = ID_LIST_MAX + 50;

/** What an uploaded picture may be, as the API's docs say it. */
export const IMAGE_LIMITS_TEXT = `${IMAGE_MAX_MB} MB y ${MAX_IMAGE_MEGAPIXELS} megapíxeles`;

/** How many files and text fields a form may carry: an admin's catalogue form by default. */
export interface FormLimits {
  files: number;
  fields: number;
}

const CATALOGUE_FORM: FormLimits = { files: MAX_FILES, fields: MAX_FORM_FIELDS };

/**
 * Reads a whole multipart body into memory: each file ≤ IMAGE_MAX_BYTES, and no more files or fields than `limits`,
 * so a form open to every customer (a receipt: one file, no field) holds no more than its one picture.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  limits: FormLimits = CATALOGUE_FORM,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new AppError(415, REPLIES.multipartRequired);
  const fields = new Map<string, string[]>();
  const files = new Map<string, Buffer[]>();
  try {
    for await (const part of request.parts({
      limits: { fileSize: IMAGE_MAX_BYTES, files: limits.files, fields: limits.fields },
    })) {
      const name = part.fieldname.toLowerCase();
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated) throw new AppError(413, VALIDATION.imageTooHeavy);
        if (bytes.length === 0) continue; // an empty file input sends an empty part
        files.set(name, [...(files.get(name) ?? []), bytes]);
      } else {
        const value = String(part.value);
        if (hasUntypeable(value)) throw badRequest(API.invalidText);
        fields.set(name, [...(fields.get(name) ?? []), value]);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, VALIDATION.imageTooHeavy);
    if (code === 'FST_FILES_LIMIT') throw new AppError(413, tooManyImagesMessage(limits.files));
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError(413, REPLIES.tooManyFormFields);
    throw badRequest(REPLIES.badRequest);
  }
  return { fields, files };
}

export const firstField = (form: MultipartForm, name: string) => form.fields.get(name.toLowerCase())?.[0];
export const allFields = (form: MultipartForm, name: string) => form.fields.get(name.toLowerCase()) ?? [];
export const firstFile = (form: MultipartForm, name: string) => form.files.get(name.toLowerCase())?.[0];
export const allFiles = (form: MultipartForm, name: string) => form.files.get(name.toLowerCase()) ?? [];
