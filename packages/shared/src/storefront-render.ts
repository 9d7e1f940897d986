// The contract between the API and the web app's server build (docs/decisions/0027-server-rendered-storefront.md):
// the web app knows which data each storefront page shows and under which query keys; the API fetches it by calling
// its own services in-process. Types only: nothing here reaches a browser bundle.
import type { CatalogSearchRequest } from './catalog.js';

/** One piece of data a storefront page shows, named as the API's services know it. */
export type StorefrontNeed =
  | { kind: 'product'; id: number }
  | { kind: 'combo'; id: number }
  | { kind: 'featured' }
  | { kind: 'categories' }
  /** spec §7 POST /api/Product/search body, with the paging extension. */
  | { kind: 'product-page'; search: CatalogSearchRequest }
  | { kind: 'combo-search'; search: CatalogSearchRequest };

/** A query the page will find in its cache, with the time its data was read (milliseconds since the epoch). */
export interface PrefilledQuery {
  queryKey: readonly unknown[];
  data: unknown;
  updatedAt: number;
}

export interface RenderedPage {
  /** The markup inside the root element. */
  html: string;
  /** What the browser puts back into its query cache before hydrating. */
  queries: PrefilledQuery[];
  /** The page's screen modules as the browser build's manifest names them: the server preloads their chunks. */
  modules: string[];
}

export interface StorefrontRequest {
  /** Path and query string, as requested. */
  url: string;
  /** The site's origin as the visitor sees it (share links on the page are absolute). */
  origin: string;
  /**
   * The data for one need; null when it does not exist (an unknown product or combo): the page is then a "not found".
   * It throws when the data could not be read: the page is rendered without it and the browser asks for it as before.
   */
  load: (need: StorefrontNeed) => Promise<unknown>;
}

/** What the server answers at an address that is not the API's: its status and, for a storefront page, its content. */
export interface StorefrontAnswer {
  /**
   * 404 when the web app's route table has no screen for the address, or the product or combo the page shows does
   * not exist; the body is the same page either way, so search engines do not index it (no "soft 404").
   */
  status: 200 | 404;
  /** The storefront page rendered with its data, or null when the browser renders it (account, admin, unknown). */
  page: RenderedPage | null;
  /**
   * The screen modules at the address, rendered or not, as the browser build's manifest names them: a page the
   * browser renders preloads its screen's chunks too, beside the entry (docs/decisions/0028-…, amendment 2026-11-28).
   */
  modules: string[];
}

export interface StorefrontRenderer {
  renderStorefront(request: StorefrontRequest): Promise<StorefrontAnswer>;
}
