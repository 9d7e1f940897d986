import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { REPLIES } from '../replies.js';

// Every answer is a Spanish {message}, also the ones Fastify and Node's HTTP parser give before any route runs.

/** Fastify's `frameworkErrors`: a URL that does not decode (400) or a path segment over maxParamLength (414). */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode === 414 ? 414 : 400;
  void reply.code(status).send({ message: status === 414 ? REPLIES.uriTooLong : REPLIES.badRequest });
}

const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: REPLIES.headersTooLarge },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: REPLIES.requestTimeout },
};

/**
 * Fastify's `clientErrorHandler`: what Node's parser refuses (headers or URL too large, a method it does not know,
 * a request that never finished arriving) is answered on the raw socket, since no request object exists yet.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? { status: 400, message: REPLIES.badRequest };
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
