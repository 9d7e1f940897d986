import { FEATURED_LIMIT, PAGE_SIZE } from '@tienda/shared/constants';
import { VALIDATION } from '@tienda/shared/messages';
import {
  CATALOG,
  productFieldsSchema,
  type CatalogSearch,
  type FeaturedProduct,
  type Product,
  type ProductInput,
  type ProductPage,
} from '@tienda/shared/catalog';
import type { ProductRow } from '../../db/schema.js';
import { badRequest, notFound } from '../../errors.js';
import { foldForSearch } from '@tienda/shared/search';
import { existingCategoryIds } from './categories.repository.js';
import { assertSecondaryImageRoom, discardUnusedImages, writeWithImages, type CatalogContext } from './image-files.js';
import type { AppContext } from '../../plugins/context.js';
import { nameCollator, parseInput } from './input.js';
import * as repo from './products.repository.js';
import { writeEditedStock } from './stock-edit.js';

/** What a caller hands over: the parsed form (or anything the shared schema accepts, e.g. from the seed). */
export type ProductInputLike = Omit<ProductInput, 'description' | 'discount' | 'categoryIds'> &
  Partial<Pick<ProductInput, 'description' | 'discount' | 'categoryIds'>>;

/** Search reads this process's index of the catalogue (search/product-search.ts). */
export type SearchContext = CatalogContext & Pick<AppContext, 'productSearch'>;

async function withDetails(ctx: CatalogContext, rows: ProductRow[]): Promise<Product[]> {
  const details = await repo.loadProductDetails(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => repo.toProductJson(row, details));
}

/** spec §7: GET /api/Product — every product, newest first. */
export async function listProducts(ctx: CatalogContext): Promise<Product[]> {
  return withDetails(ctx, await repo.findAllProducts(ctx.db));
}

export async function getProduct(ctx: CatalogContext, id: number): Promise<Product> {
  const row = await repo.findProductById(ctx.db, id);
  if (!row) throw notFound(CATALOG.productNotFound);
  const [product] = await withDetails(ctx, [row]);
  return product!;
}

/** Sorts rows by name as a Spanish reader expects: ignoring case and accents; ties keep the newest first. */
export function sortByName<T extends { name: string }>(rows: T[], ascending: boolean): T[] {
  // Array.prototype.sort is stable, so equal names keep the SQL order (newest first).
  return rows.sort((a, b) => (ascending ? 1 : -1) * nameCollator.compare(a.name, b.name));
}

/**
 * spec §7: POST /api/Product/search, answered from the search index (docs/decisions/0026-catalogue-search-index.md):
 * the spec's whole list, or with `page`/`pageSize` (an extension) one page with its total and category counts.
 */
export async function searchProducts(ctx: SearchContext, search: CatalogSearch): Promise<Product[] | ProductPage> {
  const index = await ctx.productSearch.fresh();
  const { ids, categoryCounts } = index.query({
    term: search.searchTerm,
    categoryIds: search.categories ?? [],
    inStock: search.inStock ?? false,
    sortBy: search.sortBy,
    ascending: search.sortAsc ?? true,
  });
  if (search.page == null && search.pageSize == null) return productsInOrder(ctx, ids);
  const page = search.page ?? 1;
  const pageSize = search.pageSize ?? PAGE_SIZE;
  const start = (page - 1) * pageSize;
  return {
    // The cards come from the index itself: a page costs no query beyond the change log's (decision 0026).
    items: index.cards(ids.slice(start, start + pageSize)),
    total: ids.length,
    page,
    pageSize,
    categoryCounts: [...categoryCounts]
      .map(([categoryId, count]) => ({ categoryId, count }))
      .sort((a, b) => a.categoryId - b.categoryId),
  };
}

/** The products of `ids` in that order; one deleted since the index looked is left out. */
async function productsInOrder(ctx: CatalogContext, ids: readonly number[]): Promise<Product[]> {
  const rows = new Map((await repo.findProductsByIds(ctx.db, ids)).map((row) => [row.id, row]));
  return withDetails(
    ctx,
    ids.map((id) => rows.get(id)).filter((row): row is ProductRow => row !== undefined),
  );
}

/** spec §7: GET /api/Product/featured ('Nuestros Best Sellers'). */
export function featuredProducts(ctx: SearchContext): Promise<FeaturedProduct[]> {
  // Summing every order line per request was the shop's dearest read: computed once per catalogue change instead
  // (an order changes stock, so a sale is seen at once); a minute at most for what changes no product (an order
  // deleted by the admin).
  return ctx.productSearch.cached('featured', 60_000, () => repo.findFeatured(ctx.db, FEATURED_LIMIT));
}

async function validate(
  ctx: CatalogContext,
  input: ProductInputLike,
): Promise<repo.ProductValues & { categoryIds: number[] }> {
  const fields = parseInput(productFieldsSchema, input);
  const known = await existingCategoryIds(ctx.db, fields.categoryIds);
  if (fields.categoryIds.some((id) => !known.has(id))) throw badRequest(CATALOG.unknownCategory);
  return {
    name: fields.name,
    description: fields.description,
    search_text: foldForSearch(`${fields.name} ${fields.description}`),
    price_cents: Math.round(fields.price * 100),
    discount_bp: Math.round(fields.discount * 100),
    stock: fields.stock,
    categoryIds: fields.categoryIds,
  };
}

/**
 * Creates a product with its main image and optional secondary images (admin form and demo seed).
 * Files are written first; if the database refuses, they are removed again, so nothing half-made stays.
 */
export async function createProduct(
  ctx: CatalogContext,
  input: ProductInputLike,
  imageBytes: Buffer | null | undefined,
  secondaryBytes: readonly Buffer[] = [],
): Promise<Product> {
  const { categoryIds, ...values } = await validate(ctx, input);
  if (!imageBytes || imageBytes.length === 0) throw badRequest(VALIDATION.productMainImageRequired);
  assertSecondaryImageRoom(0, secondaryBytes.length);
  const id = await writeWithImages(
    ctx,
    [imageBytes, ...secondaryBytes],
    ([mainKey, ...secondaryKeys]) =>
      ctx.db.transaction().execute(async (tx) => {
        const productId = await repo.insertProduct(tx, { ...values, image_key: mainKey! });
        await repo.replaceProductCategories(tx, productId, categoryIds);
        await repo.appendProductImages(tx, productId, secondaryKeys);
        return productId;
      }),
    CATALOG.unknownCategory,
  );
  return getProduct(ctx, id);
}

/**
 * Replaces a product's fields and categories. Without a new main image the old one and the secondary
 * images stay; with one, the old main image's files go unless an order still shows them.
 */
export async function updateProduct(
  ctx: CatalogContext,
  id: number,
  input: ProductInputLike,
  imageBytes: Buffer | null | undefined,
  secondaryBytes: readonly Buffer[] = [],
  stockLoaded?: number,
): Promise<Product> {
  const existing = await repo.findProductById(ctx.db, id);
  if (!existing) throw notFound(CATALOG.productNotFound);
  const { categoryIds, ...values } = await validate(ctx, input);
  assertSecondaryImageRoom(await repo.countProductImages(ctx.db, id), secondaryBytes.length);
  const newMain = imageBytes && imageBytes.length > 0;
  const previousKey = await writeWithImages(
    ctx,
    newMain ? [imageBytes, ...secondaryBytes] : [...secondaryBytes],
    (keys) => {
      const mainKey = newMain ? keys[0] : undefined;
      const secondaryKeys = newMain ? keys.slice(1) : keys;
      return ctx.db.transaction().execute(async (tx) => {
        const current = await repo.findProductById(tx, id);
        if (!current) throw notFound(CATALOG.productNotFound);
        const { stock, ...rest } = values;
        await repo.updateProduct(tx, id, mainKey ? { ...rest, image_key: mainKey } : rest);
        await writeEditedStock(tx, 'products', id, stock, stockLoaded);
        await repo.replaceProductCategories(tx, id, categoryIds);
        await repo.appendProductImages(tx, id, secondaryKeys);
        return current.image_key;
      });
    },
    CATALOG.unknownCategory,
  );
  if (newMain) await discardUnusedImages(ctx, [previousKey]);
  return getProduct(ctx, id);
}

/** spec §7: POST /api/Product/{id}/images — adds secondary images after the existing ones. */
export async function addProductImages(ctx: CatalogContext, id: number, files: readonly Buffer[]): Promise<Product> {
  if (!(await repo.findProductById(ctx.db, id))) throw notFound(CATALOG.productNotFound);
  if (files.length === 0) throw badRequest(CATALOG.imagesRequired);
  assertSecondaryImageRoom(await repo.countProductImages(ctx.db, id), files.length);
  await writeWithImages(ctx, files, (keys) =>
    ctx.db.transaction().execute(async (tx) => {
      if (!(await repo.findProductById(tx, id))) throw notFound(CATALOG.productNotFound);
      await repo.appendProductImages(tx, id, keys);
    }),
  );
  return getProduct(ctx, id);
}

/** Removes one secondary image (DELETE /api/Product/{id}/images/{imageId}, the admin's thumbnails). */
export async function removeProductImage(ctx: CatalogContext, id: number, imageId: number): Promise<void> {
  if (!(await repo.findProductById(ctx.db, id))) throw notFound(CATALOG.productNotFound);
  const key = await repo.deleteProductImage(ctx.db, id, imageId);
  if (!key) throw notFound(CATALOG.imageNotFound);
  await discardUnusedImages(ctx, [key]);
}

/** spec §7: DELETE /api/Product/{id}. Order lines keep their name, price and picture. */
export async function deleteProduct(ctx: CatalogContext, id: number): Promise<void> {
  const keys = await ctx.db.transaction().execute(async (tx) => {
    const owned = await repo.productImageKeys(tx, id);
    if (!(await repo.deleteProduct(tx, id))) throw notFound(CATALOG.productNotFound);
    return owned;
  });
  await discardUnusedImages(ctx, keys);
}
