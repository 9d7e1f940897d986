import { hostname } from 'node:os';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino } from 'pino';

/** Where pino writes (its destination stream): the request lines go there too. */
export interface LogSink {
  write(line: string): unknown;
}

/**
 * One log line per request (docs/decisions/0012-…): method, url, status and milliseconds, under the request id the
 * request's logger already carries. Fastify's default writes two ('incoming request' and 'request completed'),
 * which at catalogue speeds is a visible share of the CPU. Errors are logged where they are handled
 * (plugins/error-handler.ts) and keep their own lines.
 *
 * Given pino's destination, a request that did not fail is written there directly, as the very line pino writes for
 * it (level, time, pid, hostname, reqId, the fields, msg), without pino's object walk and redaction: nothing in it
 * is redacted, and it is the line every request writes (docs/decisions/0029-a-lean-request-path.md).
 */
export class OneLinePerRequest extends LogController {
  private readonly origin = `"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

  constructor(private readonly sink?: LogSink) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    if (error) {
      reply.log.error(
        { method: request.method, url: request.url, status: reply.statusCode, ms, err: error },
        'respuesta fallida',
      );
      return;
    }
    if (!this.sink) {
      reply.log.info({ method: request.method, url: request.url, status: reply.statusCode, ms }, 'respuesta');
      return;
    }
    if ((pino.levels.values[reply.log.level] ?? Infinity) > pino.levels.values.info!) return;
    this.sink.write(
      `{"level":30,"time":${Date.now()},${this.origin},"reqId":${JSON.stringify(request.id)},` +
        `"method":${JSON.stringify(request.method)},"url":${JSON.stringify(request.url)},` +
        `"status":${reply.statusCode},"ms":${ms},"msg":"respuesta"}\n`,
    );
  }
}
