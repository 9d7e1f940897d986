import { hostname } from 'node:os';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { pino, type Bindings, type ChildLoggerOptions } from 'pino';

/** Where pino writes (its destination stream): the request lines go there too. */
export interface LogSink {
  write(line: string): unknown;
}

/**
 * The address as logged: a backup's download link is a key to customer data for its 10 minutes
 * (docs/decisions/0036-…), so its signature is left out; anyone who reads the log must not be able to follow it.
 */
export function loggedUrl(url: string): string {
  return url.includes('firma=') ? url.replace(/([?&]firma=)[^&]*/g, '$1[oculta]') : url;
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
        { method: request.method, url: loggedUrl(request.url), status: reply.statusCode, ms, err: error },
        'respuesta fallida',
      );
      return;
    }
    if (!this.sink) {
      reply.log.info(
        { method: request.method, url: loggedUrl(request.url), status: reply.statusCode, ms },
        'respuesta',
      );
      return;
    }
    if ((pino.levels.values[reply.log.level] ?? Infinity) > pino.levels.values.info!) return;
    this.sink.write(
      `{"level":30,"time":${Date.now()},${this.origin},"reqId":${JSON.stringify(request.id)},` +
        `"method":${JSON.stringify(request.method)},"url":${JSON.stringify(loggedUrl(request.url))},` +
        `"status":${reply.statusCode},"ms":${ms},"msg":"respuesta"}\n`,
    );
  }
}

// pino's (object, message, …values) or (message, …values), passed on as they came.
type LogArgs = [objectOrMessage: unknown, message?: string, ...values: unknown[]];

/**
 * `request.log`, made when something first logs through it. Fastify gives every request a pino child logger carrying
 * its request id, about 3 µs of work and garbage on every request; one that succeeds never uses it, since its line is
 * written by OneLinePerRequest from `request.id` (docs/decisions/0029-…, amendment of 2026-11-26). A request that
 * logs (an error, a warning) gets the same child pino would have made, bindings and options included.
 */

export class RequestLogger implements FastifyBaseLogger {
  #logger: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.#logger ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#logger?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  // Methods on the prototype: one RequestLogger per request is one small object, not seven closures.
  fatal(...args: LogArgs): void {
    this.write('fatal', args);
  }
  error(...args: LogArgs): void {
    this.write('error', args);
  }
  warn(...args: LogArgs): void {
    this.write('warn', args);
  }
  info(...args: LogArgs): void {
    this.write('info', args);
  }
  debug(...args: LogArgs): void {
    this.write('debug', args);
  }
  trace(...args: LogArgs): void {
    this.write('trace', args);
  }
  silent(...args: LogArgs): void {
    this.write('silent', args);
  }

  private write(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent', args: LogArgs): void {
    const logger = this.logger;
    (logger[level] as (this: FastifyBaseLogger, ...args: LogArgs) => void).call(logger, ...args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger is a RequestLogger. */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new RequestLogger(logger, bindings, options);
