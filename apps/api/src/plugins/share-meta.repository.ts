import type { DbOrTx } from '../db/database.js';
import type { ShareKind } from './share-meta.js';

// What the share tags and the sitemap read (plugins/share-meta.ts).

export interface ShareRow {
  id: number;
  name: string;
  description: string;
  price_cents: number;
  discount_bp: number;
  image_key: string | null;
}

export async function findShareRow(db: DbOrTx, kind: ShareKind, id: number): Promise<ShareRow | undefined> {
  if (kind === 'producto') {
    return db
      .selectFrom('products')
      .select(['id', 'name', 'description', 'price_cents', 'discount_bp', 'image_key'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
  const row = await db
    .selectFrom('combos')
    .select(['id', 'name', 'description', 'price_cents', 'image_key'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, discount_bp: 0 };
}

export async function sitemapRows(db: DbOrTx) {
  const [products, combos] = await Promise.all([
    db.selectFrom('products').select(['id', 'updated_at']).orderBy('id').execute(),
    db.selectFrom('combos').select(['id', 'updated_at']).orderBy('id').execute(),
  ]);
  return { products, combos };
}
