import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter, matchPath } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import type { PrefilledQuery, StorefrontNeed, StorefrontRenderer } from '@tienda/shared/storefront-render';
import { idFromText, PAGE_SIZE } from '@tienda/shared/constants';
import { Providers } from './app/providers';
import { AppRoutes, preloadScreens, screenModulesAt } from './app/router';
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

/** The queries each storefront page (spec §2 route table) reads on its first render; null for other pages. */
export function plannedQueries(url: URL): PlannedQuery[] | null {
  const path = url.pathname;
  if (path === '/') return [{ queryKey: productKeys.featured(), need: { kind: 'featured' } }];
  if (path === '/quienes-somos' || path === '/politicas' || path === '/contacto') return [];
  if (path === '/tienda') {
    const state = parseShopState(url.searchParams);
    const body = toSearchBody(state);
    const paging = { page: state.page, pageSize: PAGE_SIZE };
    const search = { kind: state.mode === 'products' ? 'product-page' : 'combo-search', search: body } as const;
    return [
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
  }
  for (const kind of ['producto', 'combo'] as const) {
    const match = matchPath(`/${kind}/:id`, path);
    if (!match) continue;
    const id = idFromText(match.params.id);
    if (id === null) return [];
    return kind === 'producto'
      ? [{ queryKey: productQuery(id).queryKey, need: { kind: 'product', id } }]
      : [{ queryKey: comboQuery(id).queryKey, need: { kind: 'combo', id } }];
  }
  return null;
}

export const renderStorefront: StorefrontRenderer['renderStorefront'] = async ({ url, origin, load }) => {
  // Joined, not resolved: a path like //other.host/tienda must stay a path on this site.
  const location = new URL(`${origin}${url}`);
  const planned = plannedQueries(location);
  if (!planned) return null;
  const queries: PrefilledQuery[] = [];
  await Promise.all(
    planned.map(async ({ queryKey, need, toData }) => {
      try {
        const raw = await load(need);
        queries.push({ queryKey, data: toData ? toData(raw) : raw, updatedAt: Date.now() });
      } catch {
        // Not there (an unknown product): the page shows what it shows without it, and the browser asks again.
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
  return { html, queries, modules: screenModulesAt(location.pathname) };
};
