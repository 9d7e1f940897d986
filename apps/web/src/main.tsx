import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { PrefilledQuery } from '@tienda/shared/storefront-render';
import { Providers, queryClient } from './app/providers';
import { AppRoutes, preloadScreens } from './app/router';
import { hydrateInSteps } from './lib/hydrate-in-steps';
import { watchConnection } from './lib/connection-notice';
import { keepFocusThroughBusy } from './lib/keep-focus-through-busy';
import './index.css';

const root = document.getElementById('root')!;
watchConnection();
keepFocusThroughBusy();
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
// Loading the scripts, hydrating and restyling each take a task of their own, whatever has already arrived: on a
// cheap phone several short tasks leave the page answering taps sooner than one long one
// (docs/decisions/0030-paint-first-then-scripts.md).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
// The fonts' module is not needed for the first tap: it loads beside the rest.
const applyWebFonts = nextTask()
  .then(() => import('./lib/web-fonts'))
  .then(
    ({ loadWebFonts }) => loadWebFonts(),
    () => () => {},
  );
if (prefilled) {
  // The modules' own evaluation is one task already: the page's data and its screen's module wait for the next.
  void nextTask()
    .then(() => {
      for (const query of JSON.parse(prefilled.textContent!) as PrefilledQuery[])
        queryClient.setQueryData(query.queryKey, query.data, { updatedAt: query.updatedAt });
      return preloadScreens(location.pathname).catch(() => {});
    })
    .then(nextTask)
    .then(() => {
      hydrateInSteps(root, () => hydrateRoot(root, app));
      // The page came with only the styles its markup uses, inline; the whole sheet, loading since the scripts
      // started, styles what the app shows next (dialogs, toasts, other screens). It and the web fonts are put to
      // use together: each lays the whole page out again (a sheet with cascade layers makes Chromium rebuild its
      // fonts), and one layout blocks less than two.
      const fullStyle = document.querySelector<HTMLLinkElement>('link[data-full-style]');
      if (fullStyle) fullStyle.disabled = false; // scripts-after-paint.ts has started its load already
      void Promise.all([applyWebFonts, fullStyle && loaded(fullStyle), nextTask()]).then(([apply]) => {
        if (fullStyle) fullStyle.media = 'all';
        apply();
      });
    });
} else {
  // A page rendered here (the admin screens, the cart…) asks for all its screens' modules at once: lazily, an admin
  // screen's module was asked for only once the admin check had answered, a round trip more on a slow phone.
  void preloadScreens(location.pathname).catch(() => {});
  createRoot(root).render(app);
  void applyWebFonts.then((apply) => apply());
}

/** Once the stylesheet has loaded or failed. */
function loaded(link: HTMLLinkElement): Promise<void> {
  if (link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}
