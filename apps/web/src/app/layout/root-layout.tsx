import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteHeader } from './site-header';
import { cn } from '../../lib/class-names';
import { HydrateLater } from '../../lib/hydrate-in-steps';
import { ScreenErrorBoundary } from '../route-error';
import { LazyFooter } from './lazy-footer';

export function RootLayout() {
  const { pathname, hash } = useLocation();
  // A new screen starts at its top (query-string changes, like the shop's filters, keep the position), unless its
  // address names a part of it (#…), which the screen brings into view once it is there. The first screen keeps
  // where the browser put it: someone who scrolled while the scripts loaded stays where they are.
  const shownPathname = useRef(pathname);
  useEffect(() => {
    if (shownPathname.current === pathname) return;
    shownPathname.current = pathname;
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenido"
        className={cn(
          'sr-only focus:not-sr-only focus:fixed focus:top-2',
          'focus:left-2 focus:z-50 focus:rounded-xl focus:bg-white',
          'focus:p-3 focus:font-bold focus:shadow-lg',
        )}
      >
        Saltar al contenido
      </a>
      <SiteHeader />
      <main id="contenido" tabIndex={-1} className="flex-1 focus:outline-none">
        <ScreenErrorBoundary resetKey={pathname}>
          <Outlet />
        </ScreenErrorBoundary>
      </main>
      {/* Below every screen's first view: it hydrates after the rest (docs/decisions/0030-…). */}
      <HydrateLater>
        <LazyFooter pathname={pathname} />
      </HydrateLater>
    </div>
  );
}
