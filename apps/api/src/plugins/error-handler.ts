import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API } from '@tienda/shared/messages';
import { REPLIES } from '../replies.js';
import { isDatabaseBusy, isDatabaseUnavailable, isForeignKeyViolation } from '../db/errors.js';
import { AppError } from '../errors.js';

// One place turns every failure into {message} in Spanish (GUIDE §6).
const MESSAGE_BY_STATUS: Record<number, string> = {
  400: REPLIES.badRequest,
  401: REPLIES.unauthorized,
  403: REPLIES.forbidden,
  404: REPLIES.notFound,
  405: REPLIES.badRequest,
  406: REPLIES.badRequest,
  413: REPLIES.payloadTooLarge,
  415: REPLIES.unsupportedMediaType,
  429: REPLIES.tooManyRequests,
};

// Each schema states its own Spanish messages (packages/shared, with one named-field fallback in
// zod-messages.ts): the first issue's message is the answer. A bad path id has one text of its own.
function validationMessage(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return REPLIES.badRequest;
  if (error.validationContext === 'params') return API.invalidId;
  return error.validation[0]?.message ?? REPLIES.badRequest;
}

export const errorHandlerPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // Every answer here is the JSON {message}, also for a download that failed after it chose its headers (the orders
    // spreadsheet, a receipt): not a file that the browser would save holding an error.
    reply.removeHeader('content-disposition').type('application/json; charset=utf-8');
    if (error instanceof AppError) {
      // A 5xx a service chose to answer (the server's own trouble, such as an unreadable folder): the log keeps why.
      if (error.statusCode >= 500 && error.cause) request.log.warn({ err: error.cause }, error.message);
      return reply.status(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (isDatabaseBusy(error)) {
      request.log.warn({ code: error.code }, 'base de datos ocupada');
      return reply.status(503).header('retry-after', '2').send({ message: REPLIES.busy });
    }
    // The operator's trouble, not the client's: logged as an error, answered as a wait (a load balancer moves on).
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'base de datos no disponible');
      return reply.status(503).header('retry-after', '60').send({ message: REPLIES.unavailable });
    }
    // A row this request needed was deleted meanwhile; services name it where they can (db/errors.ts).
    if (isForeignKeyViolation(error)) {
      request.log.info({ code: error.code }, 'fila relacionada eliminada durante la solicitud');
      return reply.status(409).send({ message: REPLIES.relatedRowGone });
    }
    if (error.validation) {
      return reply.status(400).send({ message: validationMessage(error) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        return reply.status(400).send({ message: REPLIES.malformedJson });
      }
      if (status === 429) return reply.status(429).send({ message: REPLIES.tooManyRequests });
      request.log.info({ code: error.code, err: error.message }, 'solicitud rechazada');
      return reply.status(status).send({ message: MESSAGE_BY_STATUS[status] ?? REPLIES.badRequest });
    }
    request.log.error({ err: error }, 'error inesperado');
    return reply.status(500).send({ message: REPLIES.internal });
  });
});
