import { sql } from 'kysely';
import type { Combo, ComboProduct } from '@tienda/shared/catalog';
import type { DbOrTx } from '../../db/database.js';
import type { ComboRow } from '../../db/schema.js';
import { nowIso, toIsoString } from '../../db/timestamps.js';
import { imageUrl, thumbnailUrl } from '../../lib/images.js';
import { containsPattern } from '../../lib/search-text.js';
import { chunks, nameCollator } from '../catalog/input.js';

export interface ComboValues {
  name: string;
  description: string;
  search_text: string;
  price_cents: number;
  stock: number;
}

export interface ComboFilter {
  /** Folded words; each must occur in search_text. */
  words?: readonly string[];
  /** Keeps combos holding a product in ANY of these categories. */
  categoryIds?: readonly number[];
  inStock?: boolean;
  priceSort?: 'asc' | 'desc';
}

interface ImageRow {
  id: number;
  owner_id: number;
  image_key: string;
}

export interface ComboDetails {
  images: Map<number, ImageRow[]>;
  products: Map<number, ComboProduct[]>;
}

/** Combos matching the filter: newest first, or by price (a combo's price has no discount). */
export async function findCombos(db: DbOrTx, filter: ComboFilter = {}): Promise<ComboRow[]> {
  let query = db.selectFrom('combos').selectAll('combos');
  // ESCAPE makes %, _ and \ in the term plain text.
  for (const word of filter.words ?? [])
    query = query.where(sql<boolean>`${sql.ref('combos.search_text')} like ${containsPattern(word)} escape '\\'`);
  if (filter.categoryIds && filter.categoryIds.length > 0) {
    const ids = [...filter.categoryIds];
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('combo_products')
          .innerJoin('product_categories', 'product_categories.product_id', 'combo_products.product_id')
          .select('combo_products.combo_id')
          .whereRef('combo_products.combo_id', '=', 'combos.id')
          .where('product_categories.category_id', 'in', ids),
      ),
    );
  }
  if (filter.inStock) query = query.where('combos.stock', '>', 0);
  if (filter.priceSort) query = query.orderBy('combos.price_cents', filter.priceSort);
  return query.orderBy('combos.created_at', 'desc').orderBy('combos.id', 'desc').execute();
}

export function findComboById(db: DbOrTx, id: number): Promise<ComboRow | undefined> {
  return db.selectFrom('combos').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Secondary images and products of a page of combos: one query each, grouped in memory. */
export async function loadComboDetails(db: DbOrTx, comboIds: readonly number[]): Promise<ComboDetails> {
  const images = new Map<number, ImageRow[]>();
  const products = new Map<number, ComboProduct[]>();
  for (const part of chunks([...new Set(comboIds)])) {
    const [imageRows, productRows] = await Promise.all([
      db
        .selectFrom('combo_images')
        .select(['id', 'combo_id as owner_id', 'image_key'])
        .where('combo_id', 'in', part)
        .orderBy('position')
        .orderBy('id')
        .execute(),
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
    ]);
    for (const row of imageRows) images.set(row.owner_id, [...(images.get(row.owner_id) ?? []), row]);
    for (const row of productRows) {
      const product: ComboProduct = {
        productId: row.id,
        name: row.name,
        description: row.description,
        price: row.price_cents / 100,
        discount: row.discount_bp / 100,
        imageUrl: imageUrl(row.image_key),
        thumbnailUrl: thumbnailUrl(row.image_key),
      };
      products.set(row.combo_id, [...(products.get(row.combo_id) ?? []), product]);
    }
  }
  for (const list of products.values())
    list.sort((a, b) => nameCollator.compare(a.name, b.name) || a.productId - b.productId);
  return { images, products };
}

/** The one row → JSON mapping for combos (spec §3 Combo, plus thumbnailUrl, secondaryImages, createdAt). */
export function toComboJson(row: ComboRow, details: ComboDetails): Combo {
  const images = details.images.get(row.id) ?? [];
  return {
    comboId: row.id,
    name: row.name,
    description: row.description,
    price: row.price_cents / 100,
    stock: row.stock,
    imageUrl: imageUrl(row.image_key),
    thumbnailUrl: thumbnailUrl(row.image_key),
    comboImages: images.map((image) => imageUrl(image.image_key)!),
    secondaryImages: images.map((image) => ({
      imageId: image.id,
      url: imageUrl(image.image_key)!,
      thumbnailUrl: thumbnailUrl(image.image_key)!,
    })),
    products: details.products.get(row.id) ?? [],
    createdAt: toIsoString(row.created_at),
  };
}

export async function insertCombo(db: DbOrTx, values: ComboValues & { image_key: string | null }): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('combos')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCombo(
  db: DbOrTx,
  id: number,
  values: Omit<ComboValues, 'stock'> & { image_key?: string | null },
): Promise<void> {
  await db
    .updateTable('combos')
    .set({ ...values, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function replaceComboProducts(db: DbOrTx, comboId: number, productIds: readonly number[]): Promise<void> {
  await db.deleteFrom('combo_products').where('combo_id', '=', comboId).execute();
  if (productIds.length > 0) {
    await db
      .insertInto('combo_products')
      .values(productIds.map((productId) => ({ combo_id: comboId, product_id: productId })))
      .execute();
  }
}

export async function appendComboImages(db: DbOrTx, comboId: number, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const { last } = await db
    .selectFrom('combo_images')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('combo_id', '=', comboId)
    .executeTakeFirstOrThrow();
  const start = last === null ? 0 : Number(last) + 1;
  await db
    .insertInto('combo_images')
    .values(keys.map((key, index) => ({ combo_id: comboId, image_key: key, position: start + index })))
    .execute();
}

export async function countComboImages(db: DbOrTx, comboId: number): Promise<number> {
  const { count } = await db
    .selectFrom('combo_images')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('combo_id', '=', comboId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function deleteComboImage(db: DbOrTx, comboId: number, imageId: number): Promise<string | null> {
  const row = await db
    .deleteFrom('combo_images')
    .where('id', '=', imageId)
    .where('combo_id', '=', comboId)
    .returning('image_key')
    .executeTakeFirst();
  return row?.image_key ?? null;
}

export async function comboImageKeys(db: DbOrTx, comboId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('combos')
    .select('image_key')
    .where('id', '=', comboId)
    .unionAll(db.selectFrom('combo_images').select('image_key').where('combo_id', '=', comboId))
    .execute();
  return rows.map((row) => row.image_key).filter((key): key is string => !!key);
}

/** Deletes a combo; its images, product links and cart lines cascade, order lines keep their snapshot. */
export async function deleteCombo(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('combos').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
