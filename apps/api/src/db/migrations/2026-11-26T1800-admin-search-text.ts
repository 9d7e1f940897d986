import type { Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
// The orders and users admins are searched and paged by the server
// (docs/decisions/0035-admin-lists-paged-by-the-server.md): each order keeps its customer's name, e-mail and city,
// and each user its name, e-mail and username, folded (lower case, no accents) one per line, so both databases find
// a term with the same LIKE. The fold is copied here as it was on this day, so this file stays what it did; new rows
// get theirs from packages/shared (`orderSearchText`, `userSearchText`).

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const BATCH = 500;

const SEARCHED = {
  orders: ['customer_name', 'customer_email', 'city'],
  users: ['name', 'email', 'username'],
} as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['orders', 'users'] as const) {
    await db.schema
      .alterTable(table)
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await fillSearchText(db, table);
  }
}

/** Gives every row of `table` written before this migration its search text, a batch at a time. */
export async function fillSearchText(db: Kysely<any>, table: keyof typeof SEARCHED): Promise<void> {
  const columns = SEARCHED[table];
  let after = 0;
  for (;;) {
    const rows: Array<Record<string, string> & { id: number }> = await db
      .selectFrom(table)
      .select(['id', ...columns])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      await db
        .updateTable(table)
        .set({ search_text: columns.map((column) => fold(row[column]!)).join('\n') })
        .where('id', '=', row.id)
        .execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('search_text').execute();
  await db.schema.alterTable('orders').dropColumn('search_text').execute();
}
