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
   * The data for one need. It throws when the data does not exist (an unknown product): the page is then rendered
   * without it and the browser asks for it as before.
   */
  load: (need: StorefrontNeed) => Promise<unknown>;
}

export interface StorefrontRenderer {
  /** The storefront page at `url` rendered with its data, or null when `url` is not one rendered on the server. */
  renderStorefront(request: StorefrontRequest): Promise<RenderedPage | null>;
}
