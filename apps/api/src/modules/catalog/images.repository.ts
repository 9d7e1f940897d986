import type { DbOrTx } from '../../db/database.js';
import { chunks } from './input.js';

/** Which of `keys` some row still points at: an order's snapshot, a product or a combo. */
export async function referencedImageKeys(db: DbOrTx, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks([...new Set(keys)])) {
    const rows = await db
      .selectFrom('order_products')
      .select('image_key')
      .where('image_key', 'in', part)
      .union(db.selectFrom('order_combos').select('image_key').where('image_key', 'in', part))
      .union(db.selectFrom('products').select('image_key').where('image_key', 'in', part))
      .union(db.selectFrom('product_images').select('image_key').where('image_key', 'in', part))
      .union(db.selectFrom('combos').select('image_key').where('image_key', 'in', part))
      .union(db.selectFrom('combo_images').select('image_key').where('image_key', 'in', part))
      .execute();
    for (const row of rows) if (row.image_key) found.add(row.image_key);
  }
  return found;
}
