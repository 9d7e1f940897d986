// The database could not take the work right now (a lock held too long, a deadlock, a server refusing
// connections): nothing was written, so the client may simply try again.
const BUSY_DATABASE_CODES = new Set([
  'SQLITE_BUSY',
  'SQLITE_BUSY_SNAPSHOT',
  'SQLITE_LOCKED',
  '40001',
  '40P01',
  '55P03',
  '53300',
  '57P03',
]);

export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && BUSY_DATABASE_CODES.has(code);
}

/**
 * A write referred to a row that is gone (deleted by someone else between our read and our write): PostgreSQL's
 * 23503, SQLite's SQLITE_CONSTRAINT_FOREIGNKEY. Services that know which row it was answer 404/409 with its name;
 * the error handler answers the rest with a generic 409.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * The column whose reference failed, when the database says (PostgreSQL names the constraint, e.g.
 * cart_items_user_id_fkey); undefined on SQLite, whose message names none.
 */
export function foreignKeyColumn(error: unknown, table: string): string | undefined {
  const constraint = (error as { constraint?: unknown } | null)?.constraint;
  if (typeof constraint !== 'string') return undefined;
  return new RegExp(`^${table}_(.+)_fkey$`).exec(constraint)?.[1];
}

// The database cannot take work until the operator or the network mends it. PostgreSQL out of reach: the connection
// refused, reset or timed out, the server shutting down or gone (SQLSTATE class 08, 57P01, 57P02); pg reports a
// connection that ended, and a pool that waited too long for one, with a message and no code. SQLite's disk full,
// failing or made read-only (SQLITE_FULL, SQLITE_IOERR_*, SQLITE_CANTOPEN, SQLITE_READONLY_*: a file system that
// errors is remounted read-only). Mail and Redis handle their own failures before an error gets this far (mail/,
// lib/throttle.ts).
const UNAVAILABLE_DATABASE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P01',
  '57P02',
  'SQLITE_FULL',
  'SQLITE_CANTOPEN',
]);
const UNAVAILABLE_DATABASE_CODE_CLASSES = ['08', 'SQLITE_IOERR', 'SQLITE_READONLY'];
const UNAVAILABLE_DATABASE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'not queryable',
];

/**
 * The database cannot take work right now: a 503 with a minute's wait, not a 500. A COMMIT whose answer was lost may
 * have been applied; an order sent again with its Idempotency-Key gets the first answer (lib/idempotency.ts).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_DATABASE_CODES.has(code)) return true;
    if (UNAVAILABLE_DATABASE_CODE_CLASSES.some((prefix) => code.startsWith(prefix))) return true;
  }
  return typeof message === 'string' && UNAVAILABLE_DATABASE_MESSAGES.some((text) => message.includes(text));
}
