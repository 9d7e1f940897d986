import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API } from '@tienda/shared/messages';
import { isForeignKeyViolation } from '../db/errors.js';
import { AppError } from '../errors.js';

// One place turns every failure into {message} in Spanish (GUIDE §6).
const MESSAGE_BY_STATUS: Record<number, string> = {
  400: API.badRequest,
  401: API.unauthorized,
  403: API.forbidden,
  404: API.notFound,
  405: API.badRequest,
  406: API.badRequest,
  413: API.payloadTooLarge,
  415: API.unsupportedMediaType,
  429: API.tooManyRequests,
};

// Each schema states its own Spanish messages (packages/shared, with one named-field fallback in
// zod-messages.ts): the first issue's message is the answer. A bad path id has one text of its own.
function validationMessage(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return API.badRequest;
  if (error.validationContext === 'params') return API.invalidId;
  return error.validation[0]?.message ?? API.badRequest;
}

// The database could not take the work right now (a lock held too long, a deadlock, a server refusing
// connections): nothing was written, so the client may simply try again.
const BUSY_DATABASE_CODES = new Set([
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_LOCKED',
  '40001',
  '40P01',
  '55P03',
  '53300',
  '57P03',
]);

export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && BUSY_DATABASE_CODES.has(code);
}

export const errorHandlerPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (isDatabaseBusy(error)) {
      request.log.warn({ code: error.code }, 'base de datos ocupada');
      return reply.status(503).header('retry-after', '2').send({ message: API.busy });
    }
    // A row this request needed was deleted meanwhile; services name it where they can (db/errors.ts).
    if (isForeignKeyViolation(error)) {
      request.log.info({ code: error.code }, 'fila relacionada eliminada durante la solicitud');
      return reply.status(409).send({ message: API.relatedRowGone });
    }
    if (error.validation) {
      return reply.status(400).send({ message: validationMessage(error) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        return reply.status(400).send({ message: API.malformedJson });
      }
      if (status === 429) return reply.status(429).send({ message: API.tooManyRequests });
      request.log.info({ code: error.code, err: error.message }, 'solicitud rechazada');
      return reply.status(status).send({ message: MESSAGE_BY_STATUS[status] ?? API.badRequest });
    }
    request.log.error({ err: error }, 'error inesperado');
    return reply.status(500).send({ message: API.internal });
  });
});
