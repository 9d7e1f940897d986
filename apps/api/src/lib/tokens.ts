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

/** The claims of a valid token, or null for anything forged, expired, unsigned or malformed. */
export async function verifyToken(secret: Uint8Array, token: string): Promise<TokenClaims | null> {
  try {
    const key = await hmacKey(secret);
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    const userId = Number(payload[CLAIM_USER_ID]);
    const tokenVersion = payload[CLAIM_TOKEN_VERSION] ?? 0;
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    if (typeof tokenVersion !== 'number' || !Number.isSafeInteger(tokenVersion) || tokenVersion < 0) return null;
    return { userId, tokenVersion };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
