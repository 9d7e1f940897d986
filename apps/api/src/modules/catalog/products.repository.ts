import { sql } from 'kysely';
import type { FeaturedProduct, Product, ProductCard } from '@tienda/shared/catalog';
import { ORDER_STATUS } from '@tienda/shared/constants';
import type { DbOrTx } from '../../db/database.js';
import type { ProductRow } from '../../db/schema.js';
import { nowIso, toIsoString } from '../../db/timestamps.js';
import { imageUrl, thumbnailUrl } from '../../lib/images.js';
import { chunks } from './input.js';

export interface ProductValues {
  name: string;
  description: string;
  search_text: string;
  price_cents: number;
  discount_bp: number;
  stock: number;
}

export interface ImageRow {
  id: number;
  owner_id: number;
  image_key: string;
}

export interface ProductDetails {
  images: Map<number, ImageRow[]>;
  categories: Map<number, { id: number; name: string }[]>;
}

/** Every product, newest first (spec §7 GET /api/Product). */
export function findAllProducts(db: DbOrTx): Promise<ProductRow[]> {
  return db.selectFrom('products').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function findProductsByIds(db: DbOrTx, ids: readonly number[]): Promise<ProductRow[]> {
  const rows: ProductRow[] = [];
  for (const part of chunks([...new Set(ids)])) {
    rows.push(...(await db.selectFrom('products').selectAll().where('id', 'in', part).execute()));
  }
  return rows;
}

export function findProductById(db: DbOrTx, id: number): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Secondary images and categories of a page of products: one query each, grouped in memory
 * (no query per product, so a list of 200 costs three queries).
 */
export async function loadProductDetails(db: DbOrTx, productIds: readonly number[]): Promise<ProductDetails> {
  const images = new Map<number, ImageRow[]>();
  const categories = new Map<number, { id: number; name: string }[]>();
  for (const part of chunks([...new Set(productIds)])) {
    const [imageRows, categoryRows] = await Promise.all([
      db
        .selectFrom('product_images')
        .select(['id', 'product_id as owner_id', 'image_key'])
        .where('product_id', 'in', part)
        .orderBy('position')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('product_categories')
        .innerJoin('categories', 'categories.id', 'product_categories.category_id')
        .select(['product_categories.product_id', 'categories.id', 'categories.name'])
        .where('product_categories.product_id', 'in', part)
        .orderBy('categories.name')
        .orderBy('categories.id')
        .execute(),
    ]);
    for (const row of imageRows) images.set(row.owner_id, [...(images.get(row.owner_id) ?? []), row]);
    for (const row of categoryRows) {
      categories.set(row.product_id, [...(categories.get(row.product_id) ?? []), { id: row.id, name: row.name }]);
    }
  }
  return { images, categories };
}

export type ProductCardSource = Pick<
  ProductRow,
  'id' | 'name' | 'description' | 'price_cents' | 'discount_bp' | 'stock' | 'image_key'
>;

/** What a shop card shows of a product row: the common part of every product answer. */
export function toProductCard(row: ProductCardSource): ProductCard {
  return {
    productId: row.id,
    name: row.name,
    description: row.description,
    price: row.price_cents / 100,
    discount: row.discount_bp / 100,
    stock: row.stock,
    imageUrl: imageUrl(row.image_key),
    thumbnailUrl: thumbnailUrl(row.image_key),
  };
}

/** The one row → JSON mapping for products (spec §3 Product, plus thumbnailUrl, secondaryImages, createdAt). */
export function toProductJson(row: ProductRow, details: ProductDetails): Product {
  const images = details.images.get(row.id) ?? [];
  const categories = details.categories.get(row.id) ?? [];
  return {
    ...toProductCard(row),
    productImages: images.map((image) => imageUrl(image.image_key)!),
    secondaryImages: images.map((image) => ({
      imageId: image.id,
      url: imageUrl(image.image_key)!,
      thumbnailUrl: thumbnailUrl(image.image_key)!,
    })),
    categoryIds: categories.map((category) => category.id),
    categories: categories.map((category) => category.name),
    createdAt: toIsoString(row.created_at),
  };
}

export async function insertProduct(db: DbOrTx, values: ProductValues & { image_key: string | null }): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto('products')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProduct(
  db: DbOrTx,
  id: number,
  values: Omit<ProductValues, 'stock'> & { image_key?: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ ...values, updated_at: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function replaceProductCategories(
  db: DbOrTx,
  productId: number,
  categoryIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('product_categories').where('product_id', '=', productId).execute();
  if (categoryIds.length > 0) {
    await db
      .insertInto('product_categories')
      .values(categoryIds.map((categoryId) => ({ product_id: productId, category_id: categoryId })))
      .execute();
  }
}

/** Appends secondary images after the existing ones. */
export async function appendProductImages(db: DbOrTx, productId: number, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const { last } = await db
    .selectFrom('product_images')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  const start = last === null ? 0 : Number(last) + 1;
  await db
    .insertInto('product_images')
    .values(keys.map((key, index) => ({ product_id: productId, image_key: key, position: start + index })))
    .execute();
}

export async function countProductImages(db: DbOrTx, productId: number): Promise<number> {
  const { count } = await db
    .selectFrom('product_images')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Removes one secondary image row; answers its key, or null when the product has no such image. */
export async function deleteProductImage(db: DbOrTx, productId: number, imageId: number): Promise<string | null> {
  const row = await db
    .deleteFrom('product_images')
    .where('id', '=', imageId)
    .where('product_id', '=', productId)
    .returning('image_key')
    .executeTakeFirst();
  return row?.image_key ?? null;
}

/** The image keys a product owns (main and secondary). */
export async function productImageKeys(db: DbOrTx, productId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('products')
    .select('image_key')
    .where('id', '=', productId)
    .unionAll(db.selectFrom('product_images').select('image_key').where('product_id', '=', productId))
    .execute();
  return rows.map((row) => row.image_key).filter((key): key is string => !!key);
}

/** Deletes a product; images, category links, combo links and cart lines cascade, order lines keep their snapshot. */
export async function deleteProduct(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Best sellers by units sold, topped up with the newest products in stock — one query.
 * A product that sold stays even when out of stock; one that never sold needs stock to be shown.
 */
export async function findFeatured(db: DbOrTx, limit: number): Promise<FeaturedProduct[]> {
  // Expired orders sold nothing: their units went back on the shelf (docs/decisions/0015-…).
  const sold = db
    .selectFrom('order_products')
    .innerJoin('orders', 'orders.id', 'order_products.order_id')
    .select(['order_products.product_id', (eb) => eb.fn.sum<number>('order_products.quantity').as('units')])
    .where('order_products.product_id', 'is not', null)
    .where('orders.status', '!=', ORDER_STATUS.EXPIRED)
    .groupBy('order_products.product_id')
    .as('sold');
  const rows = await db
    .selectFrom('products')
    .leftJoin(sold, 'sold.product_id', 'products.id')
    .select(['products.id', 'products.name', 'products.image_key', 'products.price_cents', 'products.discount_bp'])
    .where((eb) => eb.or([eb('sold.units', '>', 0), eb('products.stock', '>', 0)]))
    .orderBy(sql`coalesce(${sql.ref('sold.units')}, 0)`, 'desc')
    .orderBy('products.created_at', 'desc')
    .orderBy('products.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    productId: row.id,
    name: row.name,
    imageUrl: imageUrl(row.image_key),
    thumbnailUrl: thumbnailUrl(row.image_key),
    price: row.price_cents / 100,
    discount: row.discount_bp / 100,
  }));
}

/** The subset of `ids` that are products. */
export async function existingProductIds(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (const part of chunks([...new Set(ids)])) {
    const rows = await db.selectFrom('products').select('id').where('id', 'in', part).execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}
