import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { productJson } from '../../../test/fixtures';
import { renderRoute, stubFetch } from '../../../test/render-route';
import { Component as ProductPage } from './product-page';

function openProduct(stock: number) {
  stubFetch(({ url }) =>
    url === '/api/Product/14'
      ? { status: 200, body: productJson(14, { name: 'Caballete de madera doble', stock }) }
      : { status: 200, body: [] },
  );
  renderRoute(<ProductPage />, { path: '/producto/:id', entry: '/producto/14' });
}

describe('the quantity on a product page (spec §5: + disabled at the stock, 99 at most)', () => {
  it('says why + stopped when the family has chosen every unit there is', async () => {
    openProduct(3);
    const user = userEvent.setup();
    const plus = await screen.findByRole('button', { name: 'Aumentar cantidad' });
    const why = screen.getAllByRole('status').find((node) => node.tagName === 'P' && node.textContent === '');
    expect(why).toBeTruthy();
    await user.click(plus);
    expect(why!.textContent).toBe('');
    await user.click(plus);
    expect((plus as HTMLButtonElement).disabled).toBe(true);
    expect(why!.textContent).toBe('Son todas las unidades que tenemos (3).');
    await user.click(screen.getByRole('button', { name: 'Disminuir cantidad' }));
    expect(why!.textContent).toBe('');
  });

  it('says 99 at a time where the stock is larger', async () => {
    openProduct(500);
    await screen.findByRole('button', { name: 'Aumentar cantidad' });
    const plus = screen.getByRole('button', { name: 'Aumentar cantidad' });
    const user = userEvent.setup({ delay: null });
    for (let i = 1; i < 99; i++) await user.click(plus);
    expect(screen.getByText('Puedes agregar hasta 99 unidades a la vez.')).toBeTruthy();
  });
});

/**
 * The alert's button once it may be pressed: it stays disabled until the account's answer is in, and a tap before
 * that does nothing (as it would for a person).
 */
async function enabledButton(name: string): Promise<HTMLButtonElement> {
  const button = await screen.findByRole<HTMLButtonElement>('button', { name });
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}

// docs/decisions/0040-back-in-stock-alerts.md: a family waits for a sold-out toy.
describe('a sold-out product page', () => {
  it('lets a signed-in family ask to be e-mailed when it is back, and take it back', async () => {
    let waiting = false;
    const calls = stubFetch(({ url, method }) => {
      if (url === '/api/Product/14') return { status: 200, body: productJson(14, { stock: 0 }) };
      if (url === '/api/Product/14/stock-alert') {
        if (method === 'PUT') waiting = true;
        if (method === 'DELETE') waiting = false;
        return { status: 200, body: { waiting } };
      }
      return { status: 200, body: [] };
    });
    renderRoute(<ProductPage />, { path: '/producto/:id', entry: '/producto/14', signedInAs: 3 });
    const user = userEvent.setup();
    await user.click(await enabledButton('Avísame cuando vuelva'));
    expect(await screen.findByText('Te avisaremos por correo cuando vuelva.')).toBeTruthy();
    await user.click(await enabledButton('Ya no me avises'));
    expect(
      await screen.findByText('Por ahora está agotado. ¿Quieres que te avisemos por correo cuando vuelva?'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/Product/14/stock-alert').map((call) => call.method)).toEqual([
      'GET',
      'PUT',
      'DELETE',
    ]);
  });

  it("says the shop's reason when the toy came back meanwhile", async () => {
    stubFetch(({ url, method }) => {
      if (url === '/api/Product/14') return { status: 200, body: productJson(14, { stock: 0 }) };
      if (url === '/api/Product/14/stock-alert')
        return method === 'PUT'
          ? { status: 409, body: { message: 'Este juguete ya está disponible: puedes agregarlo al carrito.' } }
          : { status: 200, body: { waiting: false } };
      return { status: 200, body: [] };
    });
    renderRoute(<ProductPage />, { path: '/producto/:id', entry: '/producto/14', signedInAs: 3 });
    await userEvent.click(await enabledButton('Avísame cuando vuelva'));
    expect(await screen.findByText('Este juguete ya está disponible: puedes agregarlo al carrito.')).toBeTruthy();
  });

  it('asks a guest to log in, and asks the shop nothing', async () => {
    const calls = stubFetch(({ url }) =>
      url === '/api/Product/14' ? { status: 200, body: productJson(14, { stock: 0 }) } : { status: 200, body: [] },
    );
    renderRoute(<ProductPage />, { path: '/producto/:id', entry: '/producto/14' });
    expect(
      await screen.findByText(/Por ahora está agotado\. Inicia sesión y te avisamos por correo cuando vuelva\./),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/login');
    expect(calls.filter((call) => call.url.includes('stock-alert'))).toEqual([]);
  });
});
