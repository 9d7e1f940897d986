import { ERRORS } from '@tienda/shared/messages';
import { endSession, getToken } from './session';

// The one door to the API (GUIDE §7): base URL, bearer token, JSON or multipart, and errors as ApiError
// carrying the server's Spanish {message}.
const API_BASE = (import.meta.env.VITE_API_URL as string | undefined)?.replace(/\/$/, '') ?? '';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Thrown when the request never got an answer (offline, DNS, CORS). */
export class NetworkError extends Error {
  constructor() {
    super(ERRORS.unexpected);
    this.name = 'NetworkError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data. */
  form?: FormData;
  /** Send the bearer token when there is one (default true: spec §6, the token goes on every call). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key on POST /api/Order/). */
  headers?: Record<string, string>;
}

async function readError(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  // A proxy's error page is no reason to show anyone: the screen's own text is.
  if (!text || response.headers.get('content-type')?.includes('html')) return '';
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON: the body itself is the reason (spec §7: "the error body is read as text").
  }
  return text.slice(0, 300);
}

/**
 * The error for a failed answer. A 401 to a call that carried the token means the server no longer accepts it (every
 * 401 the API gives a token's bearer says so: plugins/auth.ts): the session ends here too (session.ts endSession).
 */
async function failure(response: Response, token: string | null): Promise<ApiError> {
  const message = await readError(response);
  if (response.status === 401 && token) endSession(token, message || ERRORS.invalidToken);
  return new ApiError(response.status, message);
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  const token = options.auth === false ? null : getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError();
  }
  if (!response.ok) throw await failure(response, token);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

/** A private file (a transfer receipt) fetched with the bearer token: an <img> cannot send one itself. */
export async function apiBlob(path: string): Promise<Blob> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { headers });
  } catch {
    throw new NetworkError();
  }
  if (!response.ok) throw await failure(response, token);
  return response.blob();
}

/**
 * A failure that asking again may cure: no answer at all (no connection), or the server's own trouble (5xx). A 4xx
 * names something the request itself cannot change by being sent again.
 */
export function isRetryableFailure(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}

/**
 * A write whose outcome is unknown: no answer at all, or a proxy's 502 or 504 (deploy/nginx.conf.template) rather than
 * the shop's own answer. It may have been carried out; sent again with the same Idempotency-Key, it is not repeated.
 */
export function outcomeUnknown(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 502 || error.status === 504;
}

/** The server's message when there is one, else the screen's own fallback text (spec §8). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

/** Absolute URL for an image path the API returned (relative to the API when VITE_API_URL is set). */
export function assetUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  return /^https?:/.test(path) ? path : `${API_BASE}${path}`;
}
