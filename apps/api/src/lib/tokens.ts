import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { CLAIM_ROLE, CLAIM_USER_ID } from '@tienda/shared/constants';

// HS256 only, 7 days, issuer and audience checked; user id and role under the claims the client reads, and the
// user's token version (docs/decisions/0014-…): bumping it in the database revokes every older token.
const ISSUER = 'tienda-juguetes-api';
const AUDIENCE = 'tienda-juguetes-web';
const LIFETIME = '7d';
const CLAIM_TOKEN_VERSION = 'tv';

export interface TokenClaims {
  userId: number;
  /** 0 for tokens signed before versions existed: they stay valid until the first revocation. */
  tokenVersion: number;
}

// jose imports a raw secret into a CryptoKey on every call (a measurable share of a request's CPU): once per secret.
const keys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
function hmacKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    const raw = new Uint8Array(secret); // a copy on its own ArrayBuffer, as WebCrypto's types ask
    key = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

export async function signToken(secret: Uint8Array, userId: number, role: string, tokenVersion = 0): Promise<string> {
  return new SignJWT({ [CLAIM_USER_ID]: String(userId), [CLAIM_ROLE]: role, [CLAIM_TOKEN_VERSION]: tokenVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(LIFETIME)
    .sign(await hmacKey(secret));
}

// Checking a signature costs a fifth of an order's CPU (docs/decisions/0029-a-lean-request-path.md), and a shopper
// sends the same token on every call: a token that passed is remembered, with its expiry, until it expires. The key
// is the whole token, signature included, so only the exact text that was verified finds its entry; the user's
// token version is still read from the database on each call (plugins/auth.ts), so a revocation holds at once.
const VERIFIED_TOKENS_MAX = 10_000;
const verifiedTokens = new WeakMap<Uint8Array, Map<string, { claims: TokenClaims; expiresAtSeconds: number }>>();

/** The claims of a valid token, or null for anything forged, expired, unsigned or malformed. */
export async function verifyToken(secret: Uint8Array, token: string): Promise<TokenClaims | null> {
  let verified = verifiedTokens.get(secret);
  if (!verified) verifiedTokens.set(secret, (verified = new Map()));
  const known = verified.get(token);
  // As jose counts it: valid while the current whole second is before `exp`.
  const nowSeconds = Math.floor(Date.now() / 1000);
  if (known) {
    if (nowSeconds < known.expiresAtSeconds) return known.claims;
    verified.delete(token);
    return null;
  }
  const checked = await checkToken(secret, token);
  if (checked) {
    if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, checked);
  }
  return checked?.claims ?? null;
}

/** The signature and every claim checked by jose (HS256, issuer, audience, expiry). */
async function checkToken(
  secret: Uint8Array,
  token: string,
): Promise<{ claims: TokenClaims; expiresAtSeconds: number } | null> {
  try {
    const key = await hmacKey(secret);
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    const userId = Number(payload[CLAIM_USER_ID]);
    const tokenVersion = payload[CLAIM_TOKEN_VERSION] ?? 0;
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    if (typeof tokenVersion !== 'number' || !Number.isSafeInteger(tokenVersion) || tokenVersion < 0) return null;
    // Every token this API signs carries exp and no nbf: another shape was never issued here.
    if (typeof payload.exp !== 'number' || payload.nbf !== undefined) return null;
    return { claims: { userId, tokenVersion }, expiresAtSeconds: payload.exp };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
