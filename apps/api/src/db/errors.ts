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
