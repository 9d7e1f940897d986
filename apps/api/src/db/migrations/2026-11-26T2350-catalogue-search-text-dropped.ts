import type { Kysely } from 'kysely';

// Frozen in time: never edit a migration that has shipped; add a new one.
// Products and combos kept a folded copy of their name and description for the LIKE search of decision 0004. Both
// are now searched by the rules of search/text.ts (decision 0026: products from the in-memory index, combos row by
// row), so nothing read the column any more; every save still wrote it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('search_text').execute();
  await db.schema.alterTable('combos').dropColumn('search_text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['products', 'combos']) {
    await db.schema
      .alterTable(table)
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }
}
