import { createHash, hash } from 'node:crypto';
import { once } from 'node:events';
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  brotliDecompress,
  constants as zlibConstants,
  createBrotliCompress,
  gzip,
  gzipSync,
} from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';

/** A weak tag: the compressed forms differ by byte (docs/decisions/0012-…). */
const tagOf = (digest: string) => `W/"${digest}"`;

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
  const etag = tagOf(hash('sha1', payload, 'base64url'));
  // no-cache: browsers keep the answer but ask again each time (stock changes), sending the tag back.
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (!ifNoneMatchHits(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  return null;
}

/** Route options for a catalogue GET: `app.get(path, { ...revalidated, schema }, handler)`. */
export const revalidated = { onSend: catalogueETag } as const;

/**
 * Answers smaller than this go uncompressed (the compression plugin's threshold, plugins/security.ts). Brotli saves
 * a few hundred bytes at most below it, never a round trip (any answer under ~14 KB leaves in TCP's first window),
 * and cost a tenth of a placed order's CPU on a sale day (docs/decisions/0032-…, amendment of 2026-11-27, evening).
 */
export const COMPRESS_THRESHOLD = 1_400;

type Encoding = 'br' | 'gzip' | 'identity';

// Browsers send a handful of distinct Accept-Encoding headers; each is read once, not on every request.
const encodingOfHeader = new Map<string, Encoding>();
const REMEMBERED_HEADERS = 200;

/** The best encoding an Accept-Encoding header allows: brotli, then gzip (every phone browser has both). */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  let encoding = encodingOfHeader.get(header);
  if (encoding === undefined) {
    encoding = readAcceptEncoding(header);
    if (encodingOfHeader.size >= REMEMBERED_HEADERS) encodingOfHeader.clear();
    encodingOfHeader.set(header, encoding);
  }
  return encoding;
}

function readAcceptEncoding(header: string): Encoding {
  const allowed = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) allowed.add(name!);
  }
  if (allowed.has('br')) return 'br';
  if (allowed.has('gzip') || allowed.has('*')) return 'gzip';
  return 'identity';
}

/**
 * A catalogue answer serialised once, with its ETag, and compressed once per encoding on first ask
 * (docs/decisions/0029-a-lean-request-path.md). A cache keeps it until what it shows changes; every request in
 * between costs a header check and a write, not a query, a validation, a JSON.stringify and a compression.
 */
export class CachedAnswer {
  // Made on first use: most product pages are never compressed (under COMPRESS_THRESHOLD), and one is kept per product.
  private encodedForms: Map<Encoding, Buffer> | undefined;
  private compressingForms: Map<Encoding, Promise<Buffer>> | undefined;

  private get encoded(): Map<Encoding, Buffer> {
    return (this.encodedForms ??= new Map());
  }

  private get compressing(): Map<Encoding, Promise<Buffer>> {
    return (this.compressingForms ??= new Map());
  }

  private constructor(
    /** The JSON, or null when only its brotli form is kept (ofBatches). */
    private readonly json: string | null,
    readonly etag: string,
    /** The JSON's length in characters: what the compression threshold is decided on. */
    readonly size: number,
  ) {}

  /** Serialises `value` as the route's response schema would: validated, unknown keys left out. */
  static of(schema: ZodType, value: unknown): CachedAnswer {
    const json = JSON.stringify(fitSchema(schema, value));
    return new CachedAnswer(json, tagOf(hash('sha1', json, 'base64url')), json.length);
  }

  /**
   * A JSON array made from batches of items, each validated by `itemSchema`: the same JSON and ETag as
   * `of(z.array(…))`, but the JSON never exists whole. Each batch goes through brotli as it is made (in zlib's thread
   * pool) and only the compressed form is kept: the whole catalogue is 28 MB of JSON at 50,000 products, 1 MB
   * compressed. Other encodings are made from it when asked for.
   */
  static async ofBatches(
    itemSchema: ZodType,
    batches: Iterable<readonly unknown[]> | AsyncIterable<readonly unknown[]>,
  ): Promise<CachedAnswer> {
    const digest = createHash('sha1');
    const compressor = createBrotliCompress(BROTLI_OPTIONS);
    const chunks: Buffer[] = [];
    compressor.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<void>((resolve, reject) => {
      compressor.once('end', resolve);
      compressor.once('error', reject);
    });
    let size = 0;
    let first = true;
    const write = async (text: string) => {
      digest.update(text);
      size += text.length;
      // Waits for brotli to catch up, so the batches made ahead of it stay few.
      if (!compressor.write(text)) await once(compressor, 'drain');
    };
    try {
      await write('[');
      for await (const batch of batches) {
        if (batch.length === 0) continue;
        const items = batch.map((item) => JSON.stringify(fitSchema(itemSchema, item))).join(',');
        await write(first ? items : `,${items}`);
        first = false;
      }
      await write(']');
    } catch (error) {
      compressor.destroy();
      throw error;
    }
    compressor.end();
    await done;
    const answer = new CachedAnswer(null, tagOf(digest.digest('base64url')), size);
    answer.encoded.set('br', Buffer.concat(chunks));
    return answer;
  }

  /**
   * The body for `encoding`. Compressed once, the first time it is asked for: off the event loop (zlib's thread
   * pool) when it is large, so a 28 MB list does not stall every other request while it is compressed.
   */
  body(encoding: Encoding): string | Buffer | Promise<Buffer> {
    if (encoding === 'identity' && this.json !== null) return this.json;
    const done = this.encoded.get(encoding);
    if (done) return done;
    if (this.json === null) return this.fromBrotli(encoding);
    if (this.json.length < COMPRESS_IN_THREAD_FROM) {
      const body = encoding === 'br' ? brotliCompressSync(this.json, BROTLI_OPTIONS) : gzipSync(this.json);
      this.encoded.set(encoding, body);
      return body;
    }
    const json = this.json;
    return this.compressOnce(encoding, () =>
      encoding === 'br' ? brotliInThread(json, BROTLI_OPTIONS) : gzipInThread(json),
    );
  }

  /**
   * An answer kept only as brotli: gzip is made from it once and kept; the plain JSON (a client that accepts no
   * compression, rare) is unpacked for each such request and not kept.
   */
  private fromBrotli(encoding: Encoding): Promise<Buffer> {
    const brotli = this.encoded.get('br')!;
    if (encoding === 'identity') return brotliDecompressInThread(brotli);
    return this.compressOnce(encoding, async () => gzipInThread(await brotliDecompressInThread(brotli)));
  }

  /** Runs `compress` once for `encoding`, however many requests ask meanwhile, and keeps its result. */
  private compressOnce(encoding: Encoding, compress: () => Promise<Buffer>): Promise<Buffer> {
    let pending = this.compressing.get(encoding);
    if (!pending) {
      pending = compress().then(
        (body) => {
          this.encoded.set(encoding, body);
          this.compressing.delete(encoding);
          return body;
        },
        (error: unknown) => {
          this.compressing.delete(encoding);
          throw error;
        },
      );
      this.compressing.set(encoding, pending);
    }
    return pending;
  }
}

const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };
/** Answers from this size on are compressed in zlib's thread pool (a few milliseconds of work and more). */
const COMPRESS_IN_THREAD_FROM = 256 * 1024;
const brotliInThread = promisify(brotliCompress);
const gzipInThread = promisify(gzip);
const brotliDecompressInThread = promisify(brotliDecompress);

function fitSchema(schema: ZodType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  // An answer that does not fit its own schema is our bug: a 500 with the detail in the log.
  if (!parsed.success) throw new Error(`respuesta fuera de su esquema: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * Route options for a GET answered only by sendCachedAnswer, which negotiates the encoding and sends a body
 * compressed once: the compression plugin's three hooks (plugins/security.ts) would only look and pass on every
 * request, about a tenth of a kept read's CPU (docs/decisions/0029-…, amendment of 2026-11-26).
 */
export const sentReady = { compress: false, decompress: false } as const;

/** Sends a cached answer: its ETag (a 304 when the phone has it), compressed as the request allows. */
export function sendCachedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer,
): FastifyReply | Promise<FastifyReply> {
  reply.header('etag', answer.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (ifNoneMatchHits(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  const encoding =
    answer.size >= COMPRESS_THRESHOLD ? preferredEncoding(request.headers['accept-encoding']) : 'identity';
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  reply.type('application/json; charset=utf-8');
  const body = answer.body(encoding);
  return body instanceof Promise ? body.then((ready) => reply.send(ready)) : reply.send(body);
}
