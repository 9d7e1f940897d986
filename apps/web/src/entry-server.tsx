import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter, matchPath } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import type { PrefilledQuery, StorefrontNeed, StorefrontRenderer } from '@tienda/shared/storefront-render';
import { idFromText, PAGE_SIZE } from '@tienda/shared/constants';
import { Providers } from './app/providers';
import { AppRoutes, isUnknownPath, preloadScreens, screenModulesAt } from './app/router';
import { catalogSearchKey, productPageResult } from './features/catalog/api/search-catalog';
import { parseShopState, toSearchBody } from './features/catalog/lib/shop-query';
import { categoriesQuery } from './lib/api/categories';
import { comboQuery } from './lib/api/combos';
import { productKeys, productQuery } from './lib/api/products';
import { setServerPageUrl } from './lib/page-url';
import type { ProductPage } from '@tienda/shared/catalog';

// The web app's server build (docs/decisions/0027-server-rendered-storefront.md): the API imports it and renders the
// storefront pages with their data, so a phone reads the page before any script runs.

interface PlannedQuery {
  queryKey: readonly unknown[];
  need: StorefrontNeed;
  /** From what the service returns to what the screen's query holds. */
  toData?: (raw: unknown) => unknown;
}

interface PlannedPage {
  queries: PlannedQuery[];
  /** The id in the address cannot name a product or combo (idFromText): the page shows its error at once. */
  badId?: true;
}

/** The queries each storefront page (spec §2 route table) reads on its first render; null for other pages. */
export function plannedPage(url: URL): PlannedPage | null {
  const path = url.pathname;
  if (path === '/') return { queries: [{ queryKey: productKeys.featured(), need: { kind: 'featured' } }] };
  if (path === '/quienes-somos' || path === '/politicas' || path === '/contacto') return { queries: [] };
  if (path === '/tienda') {
    const state = parseShopState(url.searchParams);
    const body = toSearchBody(state);
    const paging = { page: state.page, pageSize: PAGE_SIZE };
    const search = { kind: state.mode === 'products' ? 'product-page' : 'combo-search', search: body } as const;
    const queries: PlannedQuery[] = [
      { queryKey: categoriesQuery().queryKey, need: { kind: 'categories' } },
      state.mode === 'products'
        ? {
            queryKey: catalogSearchKey(state.mode, body, paging),
            need: { ...search, search: { ...body, ...paging } },
            toData: (raw) => productPageResult(raw as ProductPage),
          }
        : {
            queryKey: catalogSearchKey(state.mode, body, paging),
            need: search,
            toData: (items) => ({ mode: 'combos', items }),
          },
    ];
    return { queries };
  }
  for (const kind of ['producto', 'combo'] as const) {
    const match = matchPath(`/${kind}/:id`, path);
    if (!match) continue;
    const id = idFromText(match.params.id);
    if (id === null) return { queries: [], badId: true };
    return {
      queries:
        kind === 'producto'
          ? [{ queryKey: productQuery(id).queryKey, need: { kind: 'product', id } }]
          : [{ queryKey: comboQuery(id).queryKey, need: { kind: 'combo', id } }],
    };
  }
  return null;
}

export const renderStorefront: StorefrontRenderer['renderStorefront'] = async ({ url, origin, load }) => {
  // Joined, not resolved: a path like //other.host/tienda must stay a path on this site.
  const location = new URL(`${origin}${url}`);
  const planned = plannedPage(location);
  // spec §2 "any other path": the browser shows the not-found screen; the status tells search engines so too.
  const modules = screenModulesAt(location.pathname);
  if (!planned) return { status: isUnknownPath(location.pathname) ? 404 : 200, page: null, modules };
  let missing = planned.badId === true;
  const queries: PrefilledQuery[] = [];
  await Promise.all(
    planned.queries.map(async ({ queryKey, need, toData }) => {
      try {
        const raw = await load(need);
        // The page's product or combo does not exist: it renders as before (the browser asks and shows the error).
        if (raw === null) missing = true;
        else queries.push({ queryKey, data: toData ? toData(raw) : raw, updatedAt: Date.now() });
      } catch {
        // Not read (the database failed): the page shows what it shows without it, and the browser asks again.
      }
    }),
  );
  const client = new QueryClient();
  for (const { queryKey, data, updatedAt } of queries) client.setQueryData(queryKey, data, { updatedAt });
  await preloadScreens(location.pathname);
  // renderToString is synchronous: no other page is rendered while this address is set.
  setServerPageUrl(location.href);
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={location.pathname + location.search}>
        <Providers client={client}>
          <AppRoutes />
        </Providers>
      </StaticRouter>
    </StrictMode>,
  );
  client.clear();
  return { status: missing ? 404 : 200, page: { html, queries, modules }, modules };
};
