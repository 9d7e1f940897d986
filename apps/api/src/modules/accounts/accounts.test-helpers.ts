import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { hashCode } from './email-codes.js';

// Helpers for the accounts tests: they go through the real calls and read codes from the caught e-mails.
// Typed structurally (not by importing src/test) so the production build, which compiles this file, stays free
// of the test harness.

interface CaughtMail {
  to: string[];
  text: string;
}
interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: { jwtSecret: Uint8Array };
  mail: { messages: CaughtMail[]; waitFor(to: string, predicate?: (mail: CaughtMail) => boolean): Promise<CaughtMail> };
}

let ipSequence = 0;
/** A fresh client address, so one test's calls never count against another test's per-IP limit. */
export function nextIp(): string {
  ipSequence += 1;
  return `10.${(ipSequence >> 16) & 255}.${(ipSequence >> 8) & 255}.${ipSequence & 255}`;
}

let emailSequence = 0;
export function uniqueEmail(prefix = 'persona'): string {
  emailSequence += 1;
  return `${prefix}${process.pid}x${emailSequence}@correo.hn`;
}

export function uniqueUsername(prefix = 'usuario'): string {
  emailSequence += 1;
  return `${prefix}${process.pid}x${emailSequence}`;
}

/** The 6-digit code of an accounts e-mail: the text part shows it alone on an indented line. */
export function codeFrom(mail: CaughtMail): string {
  const match = /^ {4}(\d{6})\s*$/m.exec(mail.text);
  if (!match) throw new Error(`El correo no trae código:\n${mail.text}`);
  return match[1]!;
}

export interface Caller {
  post(url: string, payload: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  put(url: string, payload: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  delete(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** Calls from one client address (a fresh one unless given). */
export function caller(t: TestApp, ip = nextIp()): Caller {
  return {
    post: (url, payload, headers = {}) =>
      t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: ip }),
    put: (url, payload, headers = {}) =>
      t.app.inject({ method: 'PUT', url, payload: payload as object, headers, remoteAddress: ip }),
    get: (url, headers = {}) => t.app.inject({ method: 'GET', url, headers, remoteAddress: ip }),
    delete: (url, headers = {}) => t.app.inject({ method: 'DELETE', url, headers, remoteAddress: ip }),
  };
}

/** Asks for a code for `email` and returns it as read from the e-mail that arrives. */
export async function requestCode(
  t: TestApp,
  url: '/Email/enviar-codigo' | '/Email/send-reset-code',
  email: string,
): Promise<string> {
  const before = t.mail.messages.length;
  const res = await caller(t).post(url, url === '/Email/enviar-codigo' ? { destinatario: email } : { email });
  if (res.statusCode !== 200) throw new Error(`${url} respondió ${res.statusCode}: ${res.body}`);
  const mail = await t.mail.waitFor(email, (m) => t.mail.messages.indexOf(m) >= before);
  return codeFrom(mail);
}

/** The whole registration by e-mailed code, as the web app does it; returns the created user's JSON. */
export async function registerByCode(
  t: TestApp,
  user: { name?: string; username?: string; email?: string; password?: string } = {},
): Promise<{ userId: number; name: string; username: string; email: string; password: string }> {
  const email = user.email ?? uniqueEmail();
  const data = {
    name: user.name ?? 'Ana Pérez',
    username: user.username ?? uniqueUsername(),
    email,
    password: user.password ?? 'secreto123',
  };
  const code = await requestCode(t, '/Email/enviar-codigo', email);
  const client = caller(t);
  const verified = await client.post('/Email/verificar-codigo', { correo: email, codigo: code });
  if (verified.statusCode !== 200)
    throw new Error(`verificar-codigo respondió ${verified.statusCode}: ${verified.body}`);
  const created = await client.post('/api/User', {
    name: data.name,
    username: data.username,
    email: data.email,
    passwordHash: data.password,
  });
  if (created.statusCode !== 201) throw new Error(`POST /api/User respondió ${created.statusCode}: ${created.body}`);
  return { ...data, userId: created.json<{ userId: number }>().userId };
}

/**
 * Six guesses at the code of `email` that no live code matches, as a stranger's, through POST /Email/verificar-codigo:
 * each answer's status, message and Retry-After.
 */
export async function strangerGuesses(
  t: TestApp,
  email: string,
): Promise<{ status: number; message: string; retryAfter: string | undefined }[]> {
  const codes = await t.db
    .selectFrom('email_codes')
    .select(['purpose', 'code_hash'])
    .where('email', '=', email)
    .execute();
  const guess = ['000000', '111111', '222222'].find((candidate) =>
    codes.every((code) => code.code_hash !== hashCode(t.config.jwtSecret, email, code.purpose, candidate)),
  )!;
  const client = caller(t);
  const answers = [];
  for (let i = 0; i < 6; i += 1) {
    const res = await client.post('/Email/verificar-codigo', { correo: email, codigo: guess });
    answers.push({
      status: res.statusCode,
      message: (res.json() as { message: string }).message,
      retryAfter: res.headers['retry-after'] as string | undefined,
    });
  }
  return answers;
}
