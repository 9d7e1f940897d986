import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CartLine } from '@tienda/shared/cart';
import { itSendsVisitorsWithoutAUserToLogin, navigatedTo, renderRoute, stubFetch } from '../../../test/render-route';
import type { FetchCall, FetchReply } from '../../../test/render-route';
import { cartLines } from '../../../test/fixtures';
import { Component as CartPage } from './cart-page';

const LINES = cartLines({ productStock: 3 });

function api(
  lines: CartLine[] | FetchReply = LINES,
  extra: (call: FetchCall) => FetchReply | undefined = () => undefined,
) {
  return (call: FetchCall): FetchReply => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url === '/api/Cart/User/7') return Array.isArray(lines) ? { status: 200, body: lines } : lines;
    return { status: 404, body: { message: 'no' } };
  };
}

function renderCart() {
  return renderRoute(<CartPage />, { path: '/MiCarrito', signedInAs: 7 });
}

const line = (name: string) => screen.getByText(name).closest('li')!;

describe('/MiCarrito', () => {
  itSendsVisitorsWithoutAUserToLogin(<CartPage />, '/MiCarrito', 'Debes iniciar sesión para ver tu carrito');

  it('lists the lines with their subtotals and the cart subtotal', async () => {
    stubFetch(api());
    renderCart();
    expect(await screen.findByText('Cubo sensorial')).toBeTruthy();
    expect(within(line('Cubo sensorial')).getByTestId('cart-line-subtotal').textContent).toBe('Subtotal: L 649.00');
    // The discounted toy shows its price before the discount struck through; the combo has none.
    expect(within(line('Cubo sensorial')).getByTestId('cart-line-price').textContent).toBe(
      'Antes L 360.50Ahora L 324.50 c/u',
    );
    expect(within(line('Cubo sensorial')).getByText('L 360.50').tagName).toBe('S');
    expect(within(line('Kit de calma')).getByTestId('cart-line-price').textContent).toBe('L 549.00 c/u');
    expect(screen.getByTestId('cart-subtotal').textContent).toBe('L 1,198.00');
    expect(screen.getByText('3 artículos listos para llevar a casa.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kit de calma' }).getAttribute('href')).toBe('/combo/3');
  });

  it('says under a line that holds more than is left what to do, before checkout does', async () => {
    const [cubo, kit] = cartLines({ productStock: 1 });
    stubFetch(api([cubo!, { ...kit!, stock: 0 }]));
    renderCart();
    expect(await screen.findByText('Cubo sensorial')).toBeTruthy();
    expect(within(line('Cubo sensorial')).getByTestId('cart-line-over-stock').textContent).toBe(
      'Solo queda 1 unidad: baja la cantidad para poder pagar.',
    );
    expect(within(line('Kit de calma')).getByTestId('cart-line-over-stock').textContent).toBe(
      'Se agotó mientras estaba en tu carrito: quítalo para poder pagar.',
    );
  });

  it('says nothing under lines that fit', async () => {
    stubFetch(api());
    renderCart();
    expect(await screen.findByText('Cubo sensorial')).toBeTruthy();
    expect(screen.queryAllByTestId('cart-line-over-stock')).toEqual([]);
  });

  it('PAGAR AHORA goes to /pagar', async () => {
    const u = userEvent.setup();
    stubFetch(api());
    renderCart();
    await u.click(await screen.findByRole('button', { name: 'PAGAR AHORA' }));
    expect(await navigatedTo()).toBe('/pagar');
  });

  it('+ and − call Increment/Decrement with the product id and show the new quantity, up to the stock', async () => {
    const u = userEvent.setup();
    let lines = LINES;
    const calls = stubFetch((call) => {
      if (call.url === '/api/Cart/User/7') return { status: 200, body: lines };
      const step = call.url === '/api/Cart/IncrementProduct' ? 1 : call.url === '/api/Cart/DecrementProduct' ? -1 : 0;
      if (!step) return { status: 404, body: { message: 'no' } };
      const quantity = lines[0]!.quantity + step;
      lines = [{ ...lines[0]!, quantity, subtotal: quantity * 324.5 }, lines[1]!];
      return { status: 200, body: lines[0] };
    });
    renderCart();
    await screen.findByText('Cubo sensorial');
    await u.click(within(line('Cubo sensorial')).getByRole('button', { name: 'Aumentar cantidad' }));
    await waitFor(() => expect(within(line('Cubo sensorial')).getByRole('status').textContent).toBe('3'));
    expect(calls.find((c) => c.url === '/api/Cart/IncrementProduct')).toMatchObject({
      method: 'PATCH',
      body: { UserId: 7, Id: 4 },
    });
    expect(within(line('Cubo sensorial')).getByTestId('cart-line-subtotal').textContent).toBe('Subtotal: L 973.50');
    // At the stock (3) + stops.
    await waitFor(() =>
      expect(
        (within(line('Cubo sensorial')).getByRole('button', { name: 'Aumentar cantidad' }) as HTMLButtonElement)
          .disabled,
      ).toBe(true),
    );
    await u.click(within(line('Cubo sensorial')).getByRole('button', { name: 'Disminuir cantidad' }));
    await waitFor(() => expect(within(line('Cubo sensorial')).getByRole('status').textContent).toBe('2'));
    expect(calls.find((c) => c.url === '/api/Cart/DecrementProduct')).toMatchObject({
      method: 'PATCH',
      body: { UserId: 7, Id: 4 },
    });
    // The combo is at 1: − is disabled (Eliminar removes it).
    expect(
      (within(line('Kit de calma')).getByRole('button', { name: 'Disminuir cantidad' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('keeps each line busy until its own step is answered, with two steps in flight', async () => {
    const releases = new Map<string, () => void>();
    const lineOf = (call: FetchCall) => {
      const { Id } = call.body as { Id: number };
      return LINES.find((l) => (call.url.endsWith('Product') ? l.productId : l.comboId) === Id)!;
    };
    stubFetch((call) =>
      call.method === 'PATCH'
        ? new Promise<FetchReply>((resolve) => {
            const answered = lineOf(call);
            releases.set(answered.name, () =>
              resolve({ status: 200, body: { ...answered, quantity: answered.quantity + 1 } }),
            );
          })
        : api()(call),
    );
    const u = userEvent.setup();
    renderCart();
    await screen.findByText('Cubo sensorial');
    await u.click(within(line('Cubo sensorial')).getByRole('button', { name: 'Aumentar cantidad' }));
    await u.click(within(line('Kit de calma')).getByRole('button', { name: 'Aumentar cantidad' }));
    const busy = (name: string) => line(name).getAttribute('aria-busy') === 'true';
    expect([busy('Cubo sensorial'), busy('Kit de calma')]).toEqual([true, true]);
    releases.get('Kit de calma')!();
    await waitFor(() => expect(busy('Kit de calma')).toBe(false));
    expect(busy('Cubo sensorial')).toBe(true);
    releases.get('Cubo sensorial')!();
    await waitFor(() => expect(busy('Cubo sensorial')).toBe(false));
  });

  it("says 'Error al actualizar cantidad' when a step fails", async () => {
    const u = userEvent.setup();
    stubFetch(
      api(LINES, (call) =>
        call.url === '/api/Cart/IncrementCombo' ? { status: 409, body: { message: 'agotado' } } : undefined,
      ),
    );
    renderCart();
    await screen.findByText('Kit de calma');
    await u.click(within(line('Kit de calma')).getByRole('button', { name: 'Aumentar cantidad' }));
    expect(await screen.findByText('Error al actualizar cantidad')).toBeTruthy();
  });

  /** A cart of one line, 2 'Cubo sensorial', that the server empties on RemoveProduct and fills again on AddProduct. */
  function oneLineCart() {
    let lines = [LINES[0]!];
    return stubFetch(
      api(undefined, (call) => {
        if (call.url === '/api/Cart/User/7') return { status: 200, body: lines };
        if (call.url === '/api/Cart/RemoveProduct') {
          lines = [];
          return { status: 204 };
        }
        if (call.url === '/api/Cart/AddProduct') {
          lines = [LINES[0]!];
          return { status: 200, body: LINES[0] };
        }
        return undefined;
      }),
    );
  }

  it("Eliminar removes the line: 'Producto eliminado del carrito', and the last one leaves the empty cart", async () => {
    const u = userEvent.setup();
    const calls = oneLineCart();
    renderCart();
    await u.click(await screen.findByRole('button', { name: 'Eliminar Cubo sensorial' }));
    expect(await screen.findByText('Producto eliminado del carrito')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/Cart/RemoveProduct')).toMatchObject({
      method: 'DELETE',
      body: { UserId: 7, ProductId: 4 },
    });
    expect(await screen.findByRole('heading', { name: 'Tu carrito está vacío' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a la tienda' }).getAttribute('href')).toBe('/tienda');
  });

  it("'Deshacer' in the removal's toast puts the line back with its quantity", async () => {
    const u = userEvent.setup();
    const calls = oneLineCart();
    renderCart();
    await u.click(await screen.findByRole('button', { name: 'Eliminar Cubo sensorial' }));
    await screen.findByRole('heading', { name: 'Tu carrito está vacío' });
    await u.click(screen.getByRole('button', { name: 'Deshacer: volver a poner Cubo sensorial en el carrito' }));
    expect(await screen.findByText('Cubo sensorial volvió a tu carrito.')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/Cart/AddProduct')).toMatchObject([
      { method: 'POST', body: { UserId: 7, ProductId: 4, Quantity: 2 } },
    ]);
    expect(within(await waitFor(() => line('Cubo sensorial'))).getByText('2')).toBeTruthy();
  });

  it("says 'No se pudo eliminar el producto' when removing fails and keeps the line", async () => {
    const u = userEvent.setup();
    stubFetch(api(LINES, (call) => (call.url === '/api/Cart/RemoveCombo' ? 'network-error' : undefined)));
    renderCart();
    await u.click(await screen.findByRole('button', { name: 'Eliminar Kit de calma' }));
    expect(await screen.findByText('No se pudo eliminar el producto')).toBeTruthy();
    expect(screen.getByText('Kit de calma')).toBeTruthy();
  });

  it("an empty cart shows 'Tu carrito está vacío' and 'Ir a la tienda'", async () => {
    stubFetch(api([]));
    renderCart();
    expect(await screen.findByRole('heading', { name: 'Tu carrito está vacío' })).toBeTruthy();
    expect(screen.queryByText('No se pudo cargar el carrito')).toBeNull();
    expect(screen.queryByRole('button', { name: 'PAGAR AHORA' })).toBeNull();
  });

  it('a session the server ended goes to /login saying why, not to an empty cart', async () => {
    stubFetch(api({ status: 401, body: { message: 'Token inválido o vencido. Vuelve a iniciar sesión.' } }));
    renderCart();
    expect(await navigatedTo()).toBe('/login');
    expect(await screen.findByText('Token inválido o vencido. Vuelve a iniciar sesión.')).toBeTruthy();
    expect(screen.queryByText('Debes iniciar sesión para ver tu carrito')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Tu carrito está vacío' })).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("a failed load shows the empty view with 'No se pudo cargar el carrito'", async () => {
    stubFetch(api({ status: 500, body: { message: 'x' } }));
    renderCart();
    expect(await screen.findByRole('heading', { name: 'Tu carrito está vacío' })).toBeTruthy();
    expect(screen.getByText('No se pudo cargar el carrito')).toBeTruthy();
  });
});
