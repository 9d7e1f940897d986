import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLAIM_ROLE, CLAIM_USER_ID, ROLE_CUSTOMER } from '@tienda/shared/constants';
import { signToken, verifyToken } from './tokens.js';

const secretA = new TextEncoder().encode('a'.repeat(32));
const secretB = new TextEncoder().encode('b'.repeat(32));

/** A token exactly as the API signs it, expiring `seconds` from now. */
function shortLivedToken(secret: Uint8Array, userId: number, seconds: number): Promise<string> {
  return new SignJWT({ [CLAIM_USER_ID]: String(userId), [CLAIM_ROLE]: ROLE_CUSTOMER, tv: 3 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer('tienda-juguetes-api')
    .setAudience('tienda-juguetes-web')
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(secret);
}

describe('verifyToken (verified tokens remembered until they expire)', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the same claims for a token it has already verified', async () => {
    const token = await signToken(secretA, 41, ROLE_CUSTOMER, 2);
    expect(await verifyToken(secretA, token)).toEqual({ userId: 41, tokenVersion: 2 });
    expect(await verifyToken(secretA, token)).toEqual({ userId: 41, tokenVersion: 2 });
  });

  it('refuses a remembered token once its expiry has passed', async () => {
    const token = await shortLivedToken(secretA, 42, 60);
    expect(await verifyToken(secretA, token)).toEqual({ userId: 42, tokenVersion: 3 });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await verifyToken(secretA, token)).toBeNull();
    vi.useRealTimers();
    // Forgotten, not merely hidden: back at the real time it is checked afresh (and is valid again).
    expect(await verifyToken(secretA, token)).toEqual({ userId: 42, tokenVersion: 3 });
  });

  it('does not lend a remembered token to another signature or another secret', async () => {
    const token = await signToken(secretA, 43, ROLE_CUSTOMER);
    expect(await verifyToken(secretA, token)).toEqual({ userId: 43, tokenVersion: 0 });
    const [header, payload, signature] = token.split('.');
    const otherSignature = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verifyToken(secretA, `${header}.${payload}.${otherSignature}`)).toBeNull();
    expect(await verifyToken(secretB, token)).toBeNull();
  });
});
