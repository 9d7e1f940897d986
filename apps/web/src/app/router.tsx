import { lazy, Suspense, useState, type ComponentType } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { HomePage } from '../features/catalog/routes/home-page';
import { RootLayout } from './layout/root-layout';
import { NotFoundPage } from './not-found-page';
import { loadWithRetries } from '../lib/load-with-retries';
import { ScreenErrorBoundary } from './route-error';

// Declarative routing (useRoutes) rather than a data router: it keeps ~16 KB gzipped of router code out of
// the first load (measured; docs/decisions/0003-web-first-load-budget.md). Every screen but the home page is
// its own lazily loaded chunk, so the admin screens never reach a customer's phone.
// A screen whose module is already loaded renders at once instead of suspending: the server renders the storefront
// in one pass and the browser hydrates the same markup (docs/decisions/0027-server-rendered-storefront.md).
type ScreenModule = { Component: ComponentType };
const screenModules = import.meta.glob<ScreenModule>([
  '../features/*/routes/*-page.tsx',
  '!../features/catalog/routes/home-page.tsx',
  '../features/admin-shared/components/admin-guard.tsx',
]);
/** `module`: the screen's file under src/features, without .tsx. */
const screen = (module: string) => {
  const load = screenModules[`../features/${module}.tsx`];
  if (!load) throw new Error(`no screen module ${module}`);
  let loaded: ComponentType | undefined;
  const preload = () => loadWithRetries(load).then((m) => (loaded = m.Component));
  const Lazy = lazy(() => preload().then((Loaded) => ({ default: Loaded })));
  function Screen() {
    const [Loaded] = useState(() => loaded);
    return Loaded ? (
      <Loaded />
    ) : (
      <Suspense fallback={<ScreenFallback />}>
        <Lazy />
      </Suspense>
    );
  }
  // The module's name in Vite's manifest: the server preloads its chunk (docs/decisions/0028-preact-runtime.md).
  return { element: <Screen />, handle: { preload, module: `src/features/${module}.tsx` } };
};

type ScreenHandle = { preload?: () => Promise<unknown>; module?: string } | undefined;
const screensAt = (url: string) => (matchRoutes(routes, url) ?? []).map((match) => match.route.handle as ScreenHandle);

/** Loads the screens `url` shows, so the first render neither suspends nor differs from the server's HTML. */
export async function preloadScreens(url: string): Promise<void> {
  await Promise.all(screensAt(url).map((handle) => handle?.preload?.()));
}

/** The source modules of the screens `url` shows, as Vite's manifest names them. */
export const screenModulesAt = (url: string): string[] =>
  screensAt(url).flatMap((handle) => (handle?.module ? [handle.module] : []));

/**
 * Whether the route table has no screen for `pathname`, only its catch-all (spec §2: any other path, '404 - Página no
 * encontrada'): the server answers such an address 404. Not used in the browser, so not in its bundle.
 */
export const isUnknownPath = (pathname: string): boolean => matchRoutes(routes, pathname)?.at(-1)?.route.path === '*';

// spec §2 route table.
const storefrontRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'quienes-somos', ...screen('content/routes/about-page') },
  { path: 'registro', ...screen('accounts/routes/register-page') },
  { path: 'codeconfirmation', ...screen('accounts/routes/code-confirmation-page') },
  { path: 'login', ...screen('accounts/routes/login-page') },
  { path: 'olvide-contrasena', ...screen('accounts/routes/forgot-password-page') },
  // spec §2: written as a relative path in the route table.
  { path: 'reset-code-confirmation', ...screen('accounts/routes/reset-code-confirmation-page') },
  { path: 'reset-password', ...screen('accounts/routes/reset-password-page') },
  { path: 'MiCarrito', ...screen('cart/routes/cart-page') },
  { path: 'pagar', ...screen('checkout/routes/checkout-page') },
  { path: 'tienda', ...screen('catalog/routes/shop-page') },
  { path: 'producto/:id', ...screen('catalog/routes/product-page') },
  { path: 'combo/:id', ...screen('catalog/routes/combo-page') },
  { path: 'politicas', ...screen('content/routes/policies-page') },
  { path: 'contacto', ...screen('contact/routes/contact-page') },
  { path: 'profile', ...screen('profile/routes/profile-page') },
  // Beyond the spec's table: one order of the purchase history (docs/decisions/0020-payment-methods.md).
  { path: 'pedido/:orderId', ...screen('orders/routes/order-page') },
];

const adminRoutes: RouteObject[] = [
  { path: 'admin/inicio', ...screen('admin-home/routes/admin-home-page') },
  { path: 'admin/usuarios', ...screen('admin-users/routes/users-page') },
  { path: 'crear-usuario', ...screen('admin-users/routes/create-user-page') },
  { path: 'admin/productos', ...screen('admin-products/routes/products-page') },
  { path: 'admin/categorias', ...screen('admin-categories/routes/categories-page') },
  { path: 'crear-categoria', ...screen('admin-categories/routes/create-category-page') },
  { path: 'editar-categoria/:id', ...screen('admin-categories/routes/edit-category-page') },
  { path: 'combos-admin', ...screen('admin-combos/routes/combos-page') },
  { path: 'crear-combo', ...screen('admin-combos/routes/create-combo-page') },
  { path: 'editar-combo/:comboId', ...screen('admin-combos/routes/edit-combo-page') },
  { path: 'ordenes-pendientes', ...screen('admin-orders/routes/orders-page') },
  { path: 'admin/orden/:orderId', ...screen('admin-orders/routes/order-detail-page') },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      ...storefrontRoutes,
      {
        // spec §6: every admin screen checks admin rights with the server before it shows anything.
        ...screen('admin-shared/components/admin-guard'),
        children: adminRoutes,
      },
      // The short address an owner types: the admin home.
      { path: 'admin', element: <Navigate to="/admin/inicio" replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function ScreenFallback() {
  return (
    <div role="status" aria-live="polite" className="mx-auto max-w-6xl px-4 py-16 text-center text-ink-soft">
      Cargando...
    </div>
  );
}

export function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return <ScreenErrorBoundary resetKey={pathname}>{element}</ScreenErrorBoundary>;
}
