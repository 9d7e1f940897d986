import { z } from 'zod';
import { badRequest } from '../../errors.js';

// Small pieces the catalogue and combo modules share.

/** Parses with a shared schema; the first issue's Spanish message becomes a 400 (as route schemas do). */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(result.error.issues[0]?.message);
  return result.data;
}

/** Splits long id lists so IN (…) stays far below both databases' parameter limits. */
export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Spanish ordering for names: case- and accent-insensitive, numbers by value ('Puzzle 2' before 'Puzzle 10'). */
export const nameCollator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/**
 * Whether a database error is a foreign-key violation (a category or product deleted between our check
 * and the insert): PostgreSQL 23503, SQLite SQLITE_CONSTRAINT_FOREIGNKEY. Callers turn it into a 400.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
