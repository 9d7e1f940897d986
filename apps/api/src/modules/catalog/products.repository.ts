import { sql } from 'kysely';
import { fromBasisPoints } from '@tienda/shared/pricing';
import type { FeaturedProduct, Product, ProductCard } from '@tienda/shared/catalog';
import { CLOSED_UNSOLD } from '@tienda/shared/constants';
import type { DbOrTx } from '../../db/database.js';
import type { ProductRow } from '../../db/schema.js';
import { imageUrl, thumbnailUrl } from '../../lib/images.js';
import { chunks, nameCollator } from './input.js';
import {
  loadItemImages,
  PRODUCT_TABLES,
  imageUrls,
  itemJson,
  loadByOwner,
  type ImageRow,
} from './catalogue-item.repository.js';

export interface CategoryRef {
  id: number;
  name: string;
}

export interface ProductDetails {
  images: Map<number, ImageRow[]>;
  categories: Map<number, CategoryRef[]>;
}

/**
 * Secondary images and categories of a page of products: one query each, grouped in memory
 * (no query per product, so a list of 200 costs three queries).
 */
export async function loadProductDetails(db: DbOrTx, productIds: readonly number[]): Promise<ProductDetails> {
  const [images, categories] = await Promise.all([
    loadItemImages(db, PRODUCT_TABLES, productIds),
    loadProductCategories(db, productIds),
  ]);
  return { images, categories };
}

function loadProductCategories(db: DbOrTx, productIds: readonly number[]) {
  return loadByOwner(
    productIds,
    (part) =>
      db
        .selectFrom('product_categories')
        .innerJoin('categories', 'categories.id', 'product_categories.category_id')
        .select(['product_categories.product_id', 'categories.id', 'categories.name'])
        .where('product_categories.product_id', 'in', part)
        .execute(),
    (row) => row.product_id,
    (row) => ({ id: row.id, name: row.name }),
  );
}

/** The products of `ids` (in no particular order). */
export async function findProductsByIds(db: DbOrTx, ids: readonly number[]): Promise<ProductRow[]> {
  const rows: ProductRow[] = [];
  for (const part of chunks([...new Set(ids)])) {
    rows.push(...(await db.selectFrom('products').selectAll().where('id', 'in', part).execute()));
  }
  return rows;
}

export type ProductCardSource = Pick<
  ProductRow,
  'id' | 'name' | 'description' | 'price_cents' | 'discount_bp' | 'stock' | 'image_key'
>;

/** What a shop card shows of a product (a page of search results: docs/decisions/0026-catalogue-search-index.md). */
export function toProductCard(row: ProductCardSource): ProductCard {
  return {
    productId: row.id,
    name: row.name,
    description: row.description,
    price: row.price_cents / 100,
    discount: fromBasisPoints(row.discount_bp),
    stock: row.stock,
    imageUrl: imageUrl(row.image_key),
    thumbnailUrl: thumbnailUrl(row.image_key),
  };
}

/** The one row → JSON mapping for products (spec §3 Product, plus thumbnailUrl, secondaryImages, createdAt). */
export function toProductJson(row: ProductRow, details: ProductDetails): Product {
  return productJson(row, details.images.get(row.id) ?? [], details.categories.get(row.id) ?? []);
}

/**
 * A product's JSON from its row, its secondary images (in position order) and its categories, listed as GET
 * /api/Category lists them: by name in Spanish, then by id (one order on both databases, whatever their collation). The
 * product page answers from the search index through here too (ProductIndex.product).
 */
export function productJson(
  row: ProductCardSource & Pick<ProductRow, 'created_at'>,
  images: readonly ImageRow[],
  categories: readonly CategoryRef[],
): Product {
  const sorted = [...categories].sort((a, b) => nameCollator.compare(a.name, b.name) || a.id - b.id);
  return {
    productId: row.id,
    ...itemJson(row, images),
    discount: fromBasisPoints(row.discount_bp),
    productImages: imageUrls(images),
    categoryIds: sorted.map((category) => category.id),
    categories: sorted.map((category) => category.name),
  };
}

/**
 * Best sellers by units sold, topped up with the newest products in stock — one query.
 * A product that sold stays even when out of stock; one that never sold needs stock to be shown.
 */
export async function findFeatured(db: DbOrTx, limit: number): Promise<FeaturedProduct[]> {
  const sold = db
    .selectFrom('order_products')
    .innerJoin('orders', 'orders.id', 'order_products.order_id')
    .select(['order_products.product_id', (eb) => eb.fn.sum<number>('order_products.quantity').as('units')])
    .where('order_products.product_id', 'is not', null)
    .where('orders.status', 'not in', CLOSED_UNSOLD)
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
    discount: fromBasisPoints(row.discount_bp),
  }));
}

/** The names of the combos that hold the product, as the admin's lists order them (Spanish, then newest). */
export async function combosHoldingProduct(db: DbOrTx, productId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('combo_products')
    .innerJoin('combos', 'combos.id', 'combo_products.combo_id')
    .select(['combos.id', 'combos.name'])
    .where('combo_products.product_id', '=', productId)
    .execute();
  return rows.sort((a, b) => nameCollator.compare(a.name, b.name) || b.id - a.id).map((row) => row.name);
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
