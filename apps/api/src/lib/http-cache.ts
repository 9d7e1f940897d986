import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** True when an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

/**
 * ETag and 304 for catalogue reads (docs/decisions/0012-…): the tag is a hash of the answer's JSON, taken before
 * compression, so it is right across processes (several API processes on PostgreSQL) and changes with every stock
 * or price change without any bookkeeping. A returning phone that sends it back gets a 304 with no body; the
 * server still does the query, the phone saves the download. Weak, as the compressed forms differ by byte.
 */
async function catalogueETag(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const etag = `W/"${hash('sha1', payload, 'base64url')}"`;
  // no-cache: browsers keep the answer but ask again each time (stock changes), sending the tag back.
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (!ifNoneMatchHits(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  return null;
}

/** Route options for a catalogue GET: `app.get(path, { ...revalidated, schema }, handler)`. */
export const revalidated = { onSend: catalogueETag } as const;
