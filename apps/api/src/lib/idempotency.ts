import { createHash } from 'node:crypto';
import { z } from 'zod';
import { IDEMPOTENCY } from '@tienda/shared/messages';

// An optional Idempotency-Key header on the POSTs a retry must not repeat: placing an order and adding to the cart
// (docs/decisions/0015-nothing-lost-nothing-hoarded.md). A client of the spec sends none and sees no change.

/** Printable ASCII without spaces, 1–200 characters: what the web app's keys are, with room for others. */
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The route's headers schema: the key is optional, and a malformed one is a 400 in Spanish. */
export function idempotencyKeyHeaders(description: string) {
  return z.object({
    'idempotency-key': z
      .string()
      .regex(IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY.keyInvalid)
      .optional()
      .describe(description),
  });
}

export interface IdempotentRequest {
  key: string;
  /** sha256 of the parsed body: the same key sent with another body is refused, not replayed. */
  requestHash: string;
}

/** The request's key and body hash when it sent a key; undefined when it did not. */
export function idempotentRequest(key: string | undefined, body: unknown): IdempotentRequest | undefined {
  if (key === undefined) return undefined;
  return { key, requestHash: createHash('sha256').update(JSON.stringify(body)).digest('hex') };
}

/** The header an answer carries when it repeats what an earlier request with the same key did. */
export const REPLAYED_HEADER = 'idempotent-replayed';
