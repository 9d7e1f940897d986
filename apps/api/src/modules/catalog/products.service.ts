import { FEATURED_LIMIT, PAGE_SIZE } from '@tienda/shared/constants';
import { VALIDATION } from '@tienda/shared/messages';
import {
  CATALOG,
  productFieldsSchema,
  type AdminListQuery,
  type AdminProductPage,
  type CatalogSearch,
  type FeaturedProduct,
  type Product,
  type ProductInput,
  type ProductPage,
  featuredProductSchema,
  productPageSchema,
  productSchema,
  productInCombos,
} from '@tienda/shared/catalog';
import { foldForSearch } from '@tienda/shared/search';
import { toBasisPoints } from '@tienda/shared/pricing';
import { z } from 'zod';
import { notFound } from '../../errors.js';
import type { ProductRow } from '../../db/schema.js';
import { CachedAnswer } from '../../lib/http-cache.js';
import type { AppContext } from '../../plugins/context.js';
import { existingCategoryIds } from './categories.repository.js';
import * as item from './catalogue-item.js';
import { PRODUCT_CATEGORY_LINKS, PRODUCT_TABLES } from './catalogue-item.repository.js';
import type { CatalogContext } from './image-files.js';
import * as repo from './products.repository.js';

// Products: what sets them apart from combos (a discount, categories, best sellers, the indexed search); their
// create, update, image and delete steps are the shared lifecycle in catalogue-item.ts.

const featuredProductsSchema = z.array(featuredProductSchema);

/** A change no product shows (an order deleted by the admin) reaches the best sellers within this. */
const FEATURED_MAX_AGE_MS = 60_000;
/** A page of results depends on the products alone: it is dropped when one changes, and after this at the latest. */
const KEEP_ANSWER_MS = 10 * 60_000;

/** Paging is an extension (docs/decisions/0026-…): without page and pageSize, a search answers the spec's list. */
const isPaged = (search: CatalogSearch) => search.page != null || search.pageSize != null;

/** The ids of the asked page (from 1; PAGE_SIZE unless asked), with the page and size the answer names. */
function pageOf(ids: readonly number[], asked: { page?: number | null; pageSize?: number | null }) {
  const page = asked.page ?? 1;
  const pageSize = asked.pageSize ?? PAGE_SIZE;
  return { page, pageSize, pageIds: ids.slice((page - 1) * pageSize, page * pageSize) };
}

/** Search and best sellers read this process's index of the catalogue (search/product-search.ts). */
export type SearchContext = CatalogContext & Pick<AppContext, 'productSearch'>;

/** What a caller hands over: the parsed form (or anything the shared schema accepts, e.g. from the seed). */
export type ProductInputLike = Omit<ProductInput, 'description' | 'discount' | 'categoryIds'> &
  Partial<Pick<ProductInput, 'description' | 'discount' | 'categoryIds'>>;

export const productKind: item.CatalogueItemKind<ProductInput, repo.ProductDetails, Product, typeof PRODUCT_TABLES> = {
  tables: PRODUCT_TABLES,
  messages: {
    notFound: CATALOG.productNotFound,
    mainImageRequired: VALIDATION.productMainImageRequired,
    unknownLink: CATALOG.unknownCategory,
  },
  schema: productFieldsSchema,
  extraValues: (fields) => ({ discount_bp: toBasisPoints(fields.discount) }),
  links: PRODUCT_CATEGORY_LINKS,
  linkIds: (fields) => fields.categoryIds,
  existingLinks: existingCategoryIds,
  loadDetails: repo.loadProductDetails,
  toJson: repo.toProductJson,
  async deletionRefused(db, id) {
    const combos = await repo.combosHoldingProduct(db, id);
    return combos.length > 0 ? productInCombos(combos) : null;
  },
};

/** A product's page (spec §3 Product) from the search index, as GET /api/Product/{id} answers it. */
export async function getProduct(ctx: SearchContext, id: number): Promise<Product> {
  const index = ctx.productSearch.indexIfFresh() ?? (await ctx.productSearch.fresh());
  const product = index.product(id);
  if (!product) throw notFound(CATALOG.productNotFound);
  return product;
}

/**
 * spec §7 GET /api/Product/{id} ready to send (its ETag, its body compressed as asked), from the search index: it
 * holds all a product's page shows and reads the change log first, so a product page costs no query and several
 * processes on one PostgreSQL answer alike. The answer is made once per product and kept in the index with it until
 * the product changes (docs/decisions/0029-a-lean-request-path.md, amendments of 2026-11-25 night and 2026-11-26).
 */
export async function productAnswer(ctx: SearchContext, id: number): Promise<CachedAnswer> {
  const index = ctx.productSearch.indexIfFresh() ?? (await ctx.productSearch.fresh());
  const answer = index.productKept(id, (page) => CachedAnswer.of(productSchema, page));
  if (!answer) throw notFound(CATALOG.productNotFound);
  return answer;
}

/** Creates a product outside the admin form (tests, tools); the form goes through catalogue-item.routes.ts. */
export function createProduct(
  ctx: CatalogContext,
  input: ProductInputLike,
  main: Buffer | null | undefined,
  secondary: readonly Buffer[] = [],
): Promise<Product> {
  return item.createItem(productKind, ctx, input, { main, secondary });
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
  if (!isPaged(search)) return productsInOrder(ctx, ids);
  const { page, pageSize, pageIds } = pageOf(ids, search);
  return {
    // The cards come from the index itself: a page costs no query beyond the change log's.
    items: index.cards(pageIds),
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
  const found = ids.map((id) => rows.get(id)).filter((row): row is ProductRow => row !== undefined);
  const details = await repo.loadProductDetails(
    ctx.db,
    found.map((row) => row.id),
  );
  return found.map((row) => repo.toProductJson(row, details));
}

/**
 * POST /api/Product/search ready to send: a page (docs/decisions/0026-…) is kept until a product changes, so the
 * same page asked again costs neither the index, nor JSON, nor compression. The spec's whole list is not kept.
 */
export async function searchAnswer(ctx: SearchContext, search: CatalogSearch): Promise<Product[] | CachedAnswer> {
  if (!isPaged(search)) return (await searchProducts(ctx, search)) as Product[];
  return ctx.productSearch.cached(`search:${JSON.stringify(search)}`, KEEP_ANSWER_MS, async () =>
    CachedAnswer.of(productPageSchema, await searchProducts(ctx, search)),
  );
}

/** Products serialised per batch while the whole list is made (between two, brotli catches up). */
const LIST_BATCH = 1_000;

/**
 * spec §7 GET /api/Product, ready to send: made from the search index a batch at a time, compressed as it is made,
 * and kept until a product changes, so the whole catalogue is made once per change, not once per request
 * (docs/decisions/0029-…: "the whole product list kept ready to send" and "the product page and the whole list from
 * the search index").
 */
export function listAnswer(ctx: SearchContext): Promise<CachedAnswer> {
  return ctx.productSearch.cached('list:answer', KEEP_ANSWER_MS, async () => {
    const index = ctx.productSearch.indexIfFresh() ?? (await ctx.productSearch.fresh());
    return CachedAnswer.ofBatches(productSchema, index.productsNewestFirst(LIST_BATCH));
  });
}

/** The best sellers, ready to send; kept as long as the value they are made of. */
export function featuredAnswer(ctx: SearchContext): Promise<CachedAnswer> {
  return ctx.productSearch.cached('featured:answer', FEATURED_MAX_AGE_MS, async () =>
    CachedAnswer.of(featuredProductsSchema, await featuredProducts(ctx)),
  );
}

/**
 * The product admin's list, searched and paged by the server (spec §9's admin search; docs/decisions/0026-…,
 * amendment of 2026-11-26 late): at 50,000 products the spec's whole list is 28 MB of JSON, more than a phone should
 * download and parse to show 30 rows. Newest first, as the whole list.
 */
export async function adminProductPage(ctx: SearchContext, query: AdminListQuery): Promise<AdminProductPage> {
  const index = ctx.productSearch.indexIfFresh() ?? (await ctx.productSearch.fresh());
  const ids = index.containing(foldForSearch(query.q ?? ''));
  const { page, pageSize, pageIds } = pageOf(ids, query);
  return {
    items: pageIds.flatMap((id) => index.product(id) ?? []),
    total: ids.length,
    page,
    pageSize,
  };
}

/** spec §7: GET /api/Product/featured ('Nuestros Best Sellers'). */
export function featuredProducts(ctx: SearchContext): Promise<FeaturedProduct[]> {
  // Summing every order line per request was the shop's dearest read: computed once per catalogue change instead
  // (an order changes stock, so a sale is seen at once); a minute at most for what changes no product (an order
  // deleted by the admin).
  return ctx.productSearch.cached('featured', FEATURED_MAX_AGE_MS, () => repo.findFeatured(ctx.db, FEATURED_LIMIT));
}
