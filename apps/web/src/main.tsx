import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { PrefilledQuery } from '@tienda/shared/storefront-render';
import { Providers, queryClient } from './app/providers';
import { AppRoutes, preloadScreens } from './app/router';
import { hydrateInSteps } from './lib/hydrate-in-steps';
import './index.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <Providers>
        <AppRoutes />
      </Providers>
    </BrowserRouter>
  </StrictMode>
);

// Storefront pages arrive rendered, with their data as JSON beside them (docs/decisions/0027-server-rendered-storefront.md):
// the cache gets the same data and the screen's module is loaded first, so the first render matches the server's.
const prefilled = document.getElementById('page-data');
if (prefilled) {
  for (const query of JSON.parse(prefilled.textContent!) as PrefilledQuery[])
    queryClient.setQueryData(query.queryKey, query.data, { updatedAt: query.updatedAt });
  void preloadScreens(location.pathname)
    .catch(() => {})
    .then(() => {
      hydrateInSteps(root, () => hydrateRoot(root, app));
      // The page came with only the styles its markup uses, inline; the whole sheet, loaded at low priority,
      // styles what the app shows next (docs/decisions/0030-paint-first-then-scripts.md).
      document.querySelector<HTMLLinkElement>('link[data-full-style]')?.setAttribute('media', 'all');
    });
} else createRoot(root).render(app);
