import { REPLIES } from './replies.js';

// Services throw these; plugins/error-handler.ts turns them into {message} with the status (GUIDE §6).
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra response headers, such as Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string = REPLIES.badRequest) => new AppError(400, message);
export const unauthorized = (message: string = REPLIES.unauthorized) => new AppError(401, message);
export const forbidden = (message: string = REPLIES.forbidden) => new AppError(403, message);
export const notFound = (message: string = REPLIES.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
/** Every 429 says when to try again (docs/decisions/0014-…). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, { 'retry-after': String(retryAfterSeconds) });
