import { FEATURED_LIMIT } from '@tienda/shared/constants';
import { VALIDATION } from '@tienda/shared/messages';
import {
  CATALOG,
  productFieldsSchema,
  type FeaturedProduct,
  type Product,
  type ProductInput,
} from '@tienda/shared/catalog';
import { existingCategoryIds } from './categories.repository.js';
import * as item from './catalogue-item.js';
import { PRODUCT_CATEGORY_LINKS, PRODUCT_TABLES } from './catalogue-item.repository.js';
import type { CatalogContext } from './image-files.js';
import * as repo from './products.repository.js';

// Products: what sets them apart from combos (a discount, categories, best sellers); their create, update, image
// and delete steps are the shared lifecycle in catalogue-item.ts.

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
  extraValues: (fields) => ({ discount_bp: Math.round(fields.discount * 100) }),
  links: PRODUCT_CATEGORY_LINKS,
  linkIds: (fields) => fields.categoryIds,
  existingLinks: existingCategoryIds,
  find: repo.findProducts,
  loadDetails: repo.loadProductDetails,
  toJson: repo.toProductJson,
};

export const getProduct = (ctx: CatalogContext, id: number) => item.getItem(productKind, ctx, id);

/** Creates a product outside the admin form (tests, tools); the form goes through catalogue-item.routes.ts. */
export function createProduct(
  ctx: CatalogContext,
  input: ProductInputLike,
  main: Buffer | null | undefined,
  secondary: readonly Buffer[] = [],
): Promise<Product> {
  return item.createItem(productKind, ctx, input, { main, secondary });
}

/** spec §7: GET /api/Product/featured ('Nuestros Best Sellers'). */
export function featuredProducts(ctx: CatalogContext): Promise<FeaturedProduct[]> {
  return repo.findFeatured(ctx.db, FEATURED_LIMIT);
}
