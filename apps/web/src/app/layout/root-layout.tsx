import { Outlet, useLocation } from 'react-router';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { cn } from '../../lib/class-names';
import { HydrateLater } from '../../lib/hydrate-in-steps';
import { ScreenErrorBoundary } from '../route-error';
import { useFocusMainOnNavigation } from './focus-on-navigation';
import { useScrollPositions } from './scroll-positions';
import { useSessionEndedNotice } from './session-ended-notice';

export function RootLayout() {
  const { pathname } = useLocation();
  useScrollPositions();
  useSessionEndedNotice();
  useFocusMainOnNavigation(pathname);
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
        <SiteFooter pathname={pathname} />
      </HydrateLater>
    </div>
  );
}
