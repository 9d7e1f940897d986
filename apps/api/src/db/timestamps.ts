export const HOUR_MS = 60 * 60_000;

export function nowIso(): string {
  return new Date().toISOString();
}

export function isoAgo(milliseconds: number): string {
  return new Date(Date.now() - milliseconds).toISOString();
}

export function isoFromNow(milliseconds: number): string {
  return new Date(Date.now() + milliseconds).toISOString();
}

// SQLite hands back the stored text, PostgreSQL a Date: both leave here as ISO-8601.
export function toIsoString(value: string | Date): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}
