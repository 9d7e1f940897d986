import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API } from '@tienda/shared/messages';
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

// zod's own (Spanish-locale) messages do not name the field; ours do not need to.
const GENERIC_ZOD_MESSAGE =
  /^(Entrada inválida|Demasiado|Formato inválido|Opción inválida|Número inválido|Clave|Llave|Valor inválido|Campo|Entrada)/;

function validationMessage(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return API.badRequest;
  const first = error.validation[0]!;
  const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (error.validationContext === 'params') return API.invalidId;
  const message = first.message ?? API.badRequest;
  if (GENERIC_ZOD_MESSAGE.test(message)) {
    return field ? `El campo "${field}" no es válido: ${message}` : message;
  }
  return message;
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
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (isDatabaseBusy(error)) {
      request.log.warn({ code: error.code }, 'base de datos ocupada');
      return reply.status(503).header('retry-after', '2').send({ message: API.busy });
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
