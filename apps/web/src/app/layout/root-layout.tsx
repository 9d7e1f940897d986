import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { cn } from '../../lib/class-names';

export function RootLayout() {
  const { pathname } = useLocation();
  // A new screen starts at its top (query-string changes, like the shop's filters, keep the position).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
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
        <Outlet />
      </main>
      <SiteFooter pathname={pathname} />
    </div>
  );
}
