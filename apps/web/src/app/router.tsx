import { Component, lazy, Suspense, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { HomePage } from '../features/catalog/routes/home-page';
import { RootLayout } from './layout/root-layout';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';

// Declarative routing (useRoutes) rather than a data router: it keeps ~16 KB gzipped of router code out of
// the first load (measured; docs/decisions/0003-web-first-load-budget.md). Every screen but the home page is
// its own lazily loaded chunk, so the admin screens never reach a customer's phone.
type ScreenModule = { Component: ComponentType };
const screen = (load: () => Promise<ScreenModule>) => {
  const Screen = lazy(() => load().then((m) => ({ default: m.Component })));
  return <Screen />;
};

// spec §2 route table.
const storefrontRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'quienes-somos', element: screen(() => import('../features/content/routes/about-page')) },
  { path: 'registro', element: screen(() => import('../features/accounts/routes/register-page')) },
  { path: 'codeconfirmation', element: screen(() => import('../features/accounts/routes/code-confirmation-page')) },
  { path: 'login', element: screen(() => import('../features/accounts/routes/login-page')) },
  { path: 'olvide-contrasena', element: screen(() => import('../features/accounts/routes/forgot-password-page')) },
  // spec §2: written as a relative path in the route table.
  {
    path: 'reset-code-confirmation',
    element: screen(() => import('../features/accounts/routes/reset-code-confirmation-page')),
  },
  { path: 'reset-password', element: screen(() => import('../features/accounts/routes/reset-password-page')) },
  { path: 'MiCarrito', element: screen(() => import('../features/cart/routes/cart-page')) },
  { path: 'pagar', element: screen(() => import('../features/checkout/routes/checkout-page')) },
  { path: 'tienda', element: screen(() => import('../features/catalog/routes/shop-page')) },
  { path: 'producto/:id', element: screen(() => import('../features/catalog/routes/product-page')) },
  { path: 'combo/:id', element: screen(() => import('../features/catalog/routes/combo-page')) },
  { path: 'politicas', element: screen(() => import('../features/content/routes/policies-page')) },
  { path: 'contacto', element: screen(() => import('../features/contact/routes/contact-page')) },
  { path: 'profile', element: screen(() => import('../features/profile/routes/profile-page')) },
  // Beyond the spec's table: one order of the purchase history (docs/decisions/0020-payment-methods.md).
  { path: 'pedido/:orderId', element: screen(() => import('../features/orders/routes/order-page')) },
];

const adminRoutes: RouteObject[] = [
  { path: 'admin/inicio', element: screen(() => import('../features/admin-home/routes/admin-home-page')) },
  { path: 'admin/usuarios', element: screen(() => import('../features/admin-users/routes/users-page')) },
  { path: 'crear-usuario', element: screen(() => import('../features/admin-users/routes/create-user-page')) },
  { path: 'admin/productos', element: screen(() => import('../features/admin-products/routes/products-page')) },
  { path: 'admin/categorias', element: screen(() => import('../features/admin-categories/routes/categories-page')) },
  {
    path: 'crear-categoria',
    element: screen(() => import('../features/admin-categories/routes/create-category-page')),
  },
  {
    path: 'editar-categoria/:id',
    element: screen(() => import('../features/admin-categories/routes/edit-category-page')),
  },
  { path: 'combos-admin', element: screen(() => import('../features/admin-combos/routes/combos-page')) },
  { path: 'crear-combo', element: screen(() => import('../features/admin-combos/routes/create-combo-page')) },
  { path: 'editar-combo/:comboId', element: screen(() => import('../features/admin-combos/routes/edit-combo-page')) },
  { path: 'ordenes-pendientes', element: screen(() => import('../features/admin-orders/routes/orders-page')) },
  { path: 'admin/orden/:orderId', element: screen(() => import('../features/admin-orders/routes/order-detail-page')) },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      ...storefrontRoutes,
      {
        // spec §6: every admin screen checks admin rights with the server before it shows anything.
        element: screen(() => import('../features/admin-shared/components/admin-guard')),
        children: adminRoutes,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** A chunk that fails to load on a flaky connection shows a retry screen instead of a blank page. */
class ScreenErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }
  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

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
  return (
    <ScreenErrorBoundary resetKey={pathname}>
      <Suspense fallback={<ScreenFallback />}>{element}</Suspense>
    </ScreenErrorBoundary>
  );
}
