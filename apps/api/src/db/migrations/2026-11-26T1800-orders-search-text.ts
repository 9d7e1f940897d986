import type { Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
// The orders admin is searched and paged by the server (docs/decisions/0035-admin-lists-paged-by-the-server.md):
// each order keeps its customer's name, e-mail and city folded (lower case, no accents), one per line, so both
// databases find a term with the same LIKE. The fold is copied here as it was on this day, so this file stays what
// it did; new orders get theirs from packages/shared/src/orders.ts `orderSearchText`.

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const BATCH = 500;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await fillSearchText(db);
}

/** Gives every order written before this migration its search text, a batch at a time. */
export async function fillSearchText(db: Kysely<any>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: Array<{ id: number; customer_name: string; customer_email: string; city: string }> = await db
      .selectFrom('orders')
      .select(['id', 'customer_name', 'customer_email', 'city'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      await db
        .updateTable('orders')
        .set({ search_text: [row.customer_name, row.customer_email, row.city].map(fold).join('\n') })
        .where('id', '=', row.id)
        .execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('search_text').execute();
}
