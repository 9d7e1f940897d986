import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { CLAIM_ROLE, CLAIM_USER_ID } from '@tienda/shared/constants';

// HS256 only, 7 days, issuer and audience checked; user id and role under the claims the client reads.
const ISSUER = 'tienda-juguetes-api';
const AUDIENCE = 'tienda-juguetes-web';
const LIFETIME = '7d';

export async function signToken(secret: Uint8Array, userId: number, role: string): Promise<string> {
  return new SignJWT({ [CLAIM_USER_ID]: String(userId), [CLAIM_ROLE]: role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(LIFETIME)
    .sign(secret);
}

/** The user id of a valid token, or null for anything forged, expired, unsigned or malformed. */
export async function verifyToken(secret: Uint8Array, token: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    const userId = Number(payload[CLAIM_USER_ID]);
    return Number.isSafeInteger(userId) && userId > 0 ? userId : null;
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
