import { screen } from '@testing-library/react';
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
