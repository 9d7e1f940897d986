import { ADMIN_ERRORS } from '@tienda/shared/admin-messages';
import { ApiError, NetworkError, errorMessage } from '../../../lib/api-client';

/** spec §8 Products: the server's message, else 'Error en petición'; no answer at all is 'Error de red'. */
export function saveErrorMessage(error: unknown): string {
  return error instanceof NetworkError ? ADMIN_ERRORS.network : errorMessage(error, ADMIN_ERRORS.requestFailed);
}

/**
 * What follows a screen's 'Error al …: ' (spec §8: 'plus the message'): the server's message, or 'Error de red' when
 * no answer came (the request may have been carried out: the owner checks the list before trying again).
 */
export function failureReason(error: Error): string {
  return error instanceof NetworkError ? ADMIN_ERRORS.network : error.message;
}

/** The server's reason when there is one, else ''. */
export function serverReason(error: unknown): string {
  return error instanceof ApiError ? error.message : '';
}

export function isNetworkError(error: unknown): boolean {
  return error instanceof NetworkError;
}
