import { sql } from 'kysely';
import { fromBasisPoints } from '@tienda/shared/pricing';
import type { Combo, ComboProduct } from '@tienda/shared/catalog';
import type { DbOrTx } from '../../db/database.js';
import type { ComboRow } from '../../db/schema.js';
import { imageUrl, thumbnailUrl } from '../../lib/images.js';
import { nameCollator } from '../catalog/input.js';
import {
  COMBO_TABLES,
  findItems,
  loadItemImages,
  imageUrls,
  itemJson,
  loadByOwner,
  type ImageRow,
  type ItemFilter,
} from '../catalog/catalogue-item.repository.js';

export interface ComboDetails {
  images: Map<number, ImageRow[]>;
  products: Map<number, ComboProduct[]>;
}

/** Combos matching the filter: newest first, or by price (a combo's price has no discount); a combo is in the
 * categories of its products. */
export function findCombos(db: DbOrTx, filter: ItemFilter = {}): Promise<ComboRow[]> {
  return findItems(db, COMBO_TABLES, filter, {
    idsInCategories: (categoryIds) =>
      db
        .selectFrom('combo_products')
        .innerJoin('product_categories', 'product_categories.product_id', 'combo_products.product_id')
        .select('combo_products.combo_id as id')
        .where('product_categories.category_id', 'in', categoryIds),
    paidPrice: sql`${sql.ref('combos.price_cents')}`,
  });
}

/** Secondary images and products of a page of combos: one query each, grouped in memory. */
export async function loadComboDetails(db: DbOrTx, comboIds: readonly number[]): Promise<ComboDetails> {
  const [images, products] = await Promise.all([
    loadItemImages(db, COMBO_TABLES, comboIds),
    loadComboProducts(db, comboIds),
  ]);
  return { images, products };
}

/** Each combo's products, by name as a Spanish reader expects. */
async function loadComboProducts(db: DbOrTx, comboIds: readonly number[]): Promise<Map<number, ComboProduct[]>> {
  const products = await loadByOwner(
    comboIds,
    (part) =>
      db
        .selectFrom('combo_products')
        .innerJoin('products', 'products.id', 'combo_products.product_id')
        .select([
          'combo_products.combo_id',
          'products.id',
          'products.name',
          'products.description',
          'products.price_cents',
          'products.discount_bp',
          'products.image_key',
        ])
        .where('combo_products.combo_id', 'in', part)
        .orderBy('products.id')
        .execute(),
    (row) => row.combo_id,
    (row): ComboProduct => ({
      productId: row.id,
      name: row.name,
      description: row.description,
      price: row.price_cents / 100,
      discount: fromBasisPoints(row.discount_bp),
      imageUrl: imageUrl(row.image_key),
      thumbnailUrl: thumbnailUrl(row.image_key),
    }),
  );
  for (const list of products.values())
    list.sort((a, b) => nameCollator.compare(a.name, b.name) || a.productId - b.productId);
  return products;
}

/** The one row → JSON mapping for combos (spec §3 Combo, plus thumbnailUrl, secondaryImages, createdAt). */
export function toComboJson(row: ComboRow, details: ComboDetails): Combo {
  const images = details.images.get(row.id) ?? [];
  return {
    comboId: row.id,
    ...itemJson(row, images),
    comboImages: imageUrls(images),
    products: details.products.get(row.id) ?? [],
  };
}
