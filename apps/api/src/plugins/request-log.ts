import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request (docs/decisions/0012-…): method, url, status and milliseconds, under the request id the
 * request's logger already carries. Fastify's default writes two ('incoming request' and 'request completed'),
 * which at catalogue speeds is a visible share of the CPU. Errors are logged where they are handled
 * (plugins/error-handler.ts) and keep their own lines.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'respuesta fallida');
    else reply.log.info(line, 'respuesta');
  }
}
