import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, stubFetch, type FetchCall, type FetchReply } from '../../test/render-route';
import { useAddToCart } from '../../features/catalog/api/add-to-cart';
import { SiteHeader } from './site-header';

function api({ admin = false, cart = { status: 200, body: [] } as FetchReply } = {}) {
  return (call: FetchCall): FetchReply => {
    if (call.url === '/api/Role/VerifyAdminRole/7')
      return admin ? { status: 200, body: { message: 'ok' } } : { status: 403, body: { message: 'no' } };
    if (call.url === '/api/Cart/User/7') return cart;
    return { status: 404, body: { message: 'no' } };
  };
}

const desktopNav = () => screen.getByRole('navigation', { name: 'Principal' });

describe('site header', () => {
  it("logged out: the spec's links, 'Crear cuenta', 'Accede a tu cuenta' and a cart icon without badge", () => {
    stubFetch(api());
    renderRoute(<SiteHeader />);
    const nav = desktopNav();
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Inicio', '/'],
      ['Tienda', '/tienda'],
      ['¿Quiénes somos?', '/quienes-somos'],
      ['Contacto', '/contacto'],
    ]);
    expect(screen.getByRole('link', { name: 'Crear cuenta' }).getAttribute('href')).toBe('/registro');
    expect(screen.getByRole('link', { name: 'Accede a tu cuenta' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Carrito' }).getAttribute('href')).toBe('/MiCarrito');
    expect(screen.queryByTestId('cart-count')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Perfil' })).toBeNull();
  });

  it('logged in: the badge sums the quantities above 0', async () => {
    stubFetch(api({ cart: { status: 200, body: [{ quantity: 2 }, { quantity: 3 }, { quantity: 0 }] } }));
    renderRoute(<SiteHeader />, { signedInAs: 7 });
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('5'));
    expect(screen.getByRole('link', { name: 'Carrito: 5 artículos' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Crear cuenta' })).toBeNull();
  });

  it('logged in: no badge until the cart has been read (not a 0 that becomes 5)', async () => {
    let answer: ((reply: FetchReply) => void) | undefined;
    stubFetch((call) =>
      call.url === '/api/Cart/User/7' ? new Promise<FetchReply>((resolve) => (answer = resolve)) : api()(call),
    );
    renderRoute(<SiteHeader />, { signedInAs: 7 });
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.queryByTestId('cart-count')).toBeNull();
    expect(screen.getByRole('link', { name: 'Carrito' })).toBeTruthy();
    answer!({ status: 200, body: [{ quantity: 5 }] });
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('5'));
  });

  // A tap kept from before the page went live is carried out as the header first reads the cart: that read may be
  // answered before the add is written. The badge must still end at the cart the add left.
  it('logged in: an add made while the first read of the cart is on its way shows in the badge', async () => {
    const u = userEvent.setup();
    const held: ((reply: FetchReply) => void)[] = [];
    let lines: { quantity: number }[] = [];
    const calls = stubFetch((call) => {
      if (call.url === '/api/Cart/User/7' && held.length === 0) {
        return new Promise<FetchReply>((resolve) => held.push(resolve));
      }
      if (call.url === '/api/Cart/User/7') return { status: 200, body: lines };
      if (call.url === '/api/Cart/AddProduct') {
        lines = [{ quantity: 2 }];
        return { status: 200, body: { id: 1, productId: 3, quantity: 2 } };
      }
      return api()(call);
    });
    function AddButton() {
      const { add } = useAddToCart('detail');
      return (
        <button type="button" onClick={() => void add({ kind: 'product', id: 3, name: 'Pelota', quantity: 2 })}>
          Agregar
        </button>
      );
    }
    renderRoute(
      <>
        <SiteHeader />
        <AddButton />
      </>,
      { signedInAs: 7 },
    );
    await waitFor(() => expect(held).toHaveLength(1));
    await u.click(screen.getByRole('button', { name: 'Agregar' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/Cart/AddProduct')).toHaveLength(1));
    // The first read answers last, with the cart as it was before the add.
    held[0]!({ status: 200, body: [] });
    await waitFor(() => expect(screen.getByTestId('cart-count').textContent).toBe('2'));
    expect(calls.filter((c) => c.url === '/api/Cart/User/7')).toHaveLength(2);
  });

  it('logged in: the badge shows 0 when the cart cannot be read', async () => {
    stubFetch(api({ cart: { status: 500, body: { message: 'x' } } }));
    renderRoute(<SiteHeader />, { signedInAs: 7 });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Carrito: 0 artículos' })).toBeTruthy());
    expect(screen.getByTestId('cart-count').textContent).toBe('0');
  });

  it("shows 'Vista Admin' only once the server confirms the admin role", async () => {
    stubFetch(api({ admin: true }));
    renderRoute(<SiteHeader />, { signedInAs: 7 });
    const link = await within(desktopNav()).findByRole('link', { name: 'Vista Admin' });
    expect(link.getAttribute('href')).toBe('/admin/inicio');
  });

  it("hides 'Vista Admin' from customers", async () => {
    const calls = stubFetch(api());
    renderRoute(<SiteHeader />, { signedInAs: 7 });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/Role/VerifyAdminRole/7')).toBe(true));
    expect(screen.queryByRole('link', { name: 'Vista Admin' })).toBeNull();
  });

  it("the 'Perfil' menu opens with aria-expanded, holds 'Mi perfil' and 'Cerrar sesión', and Escape closes it", async () => {
    const u = userEvent.setup();
    stubFetch(api());
    renderRoute(<SiteHeader />, { signedInAs: 7 });
    const button = screen.getByRole('button', { name: 'Perfil' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Mi perfil' })).toBeNull();
    await u.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Mi perfil' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeTruthy();
    await u.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('the mobile menu holds the same links, takes the focus when opened and gives it back on Escape', async () => {
    const u = userEvent.setup();
    stubFetch(api());
    renderRoute(<SiteHeader />);
    const toggle = screen.getByRole('button', { name: 'Abrir menú' });
    expect(screen.queryByRole('navigation', { name: 'Menú móvil' })).toBeNull();
    await u.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Cerrar menú');
    const menu = screen.getByRole('navigation', { name: 'Menú móvil' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Inicio', 'Tienda', '¿Quiénes somos?', 'Contacto']);
    expect(document.activeElement?.textContent).toBe('Inicio');
    await u.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});
