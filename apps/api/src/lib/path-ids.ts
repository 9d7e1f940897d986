import { z } from 'zod';
import { ID_MAX } from '@tienda/shared/constants';
import { API } from '@tienda/shared/messages';

// Ids in paths are positive integers that fit the id columns (anything else is a 400; on
// PostgreSQL a larger number would otherwise reach the database and fail there).
// The error handler answers any params failure with API.invalidId.
export const pathId = z
  .string()
  .regex(/^\d{1,10}$/, API.invalidId)
  .transform(Number)
  .pipe(z.number().int().positive().max(ID_MAX));

export const idParams = z.object({ id: pathId });
export const userIdParams = z.object({ userId: pathId });
export const imageParams = z.object({ id: pathId, imageId: pathId });
