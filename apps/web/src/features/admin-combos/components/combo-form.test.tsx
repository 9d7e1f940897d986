import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminProductPage, Combo, ComboInput, Product } from '@tienda/shared/catalog';
import { foldForSearch } from '@tienda/shared/search';
import { productJson } from '../../../test/fixtures';
import { renderRoute, stubFetch } from '../../../test/render-route';
import { submittedOnce } from '../../../test/submitted';
import { ComboForm } from './combo-form';

function product(productId: number, name: string): Product {
  return productJson(productId, {
    name,
    description: `Descripción de ${name}`,
    price: 100 * productId,
    createdAt: '2026-11-20T10:00:00.000Z',
  });
}

const PRODUCTS = [product(1, 'Botella de calma'), product(2, 'Pop-it arcoíris'), product(3, 'Rompecabezas de madera')];

const COMBO: Combo = {
  comboId: 4,
  name: 'Kit de calma',
  description: 'Para los días intensos',
  price: 450,
  stock: 3,
  imageUrl: '/uploads/k.webp',
  thumbnailUrl: '/uploads/k-thumb.webp',
  comboImages: [],
  secondaryImages: [],
  products: [1, 2].map((id) => {
    const { productId, name, description, price, discount, imageUrl, thumbnailUrl } = PRODUCTS[id - 1]!;
    return { productId, name, description, price, discount, imageUrl, thumbnailUrl };
  }),
  createdAt: '2026-11-20T10:00:00.000Z',
};

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'combo.png', { type: 'image/png' });

/** The API's product admin list, as the server answers it: spec §9's folded substring of name or description. */
function adminList(url: string, products: Product[] = PRODUCTS): AdminProductPage {
  const needle = foldForSearch(new URL(url, 'http://tienda').searchParams.get('q') ?? '');
  const items = products.filter((p) => foldForSearch(`${p.name}\n${p.description}`).includes(needle));
  return { items: items.slice(0, 30), total: items.length, page: 1, pageSize: 30 };
}

function setup(mode: 'create' | 'edit', products: Product[] = PRODUCTS, saved = true) {
  const calls = stubFetch(({ url }) => ({ status: 200, body: adminList(url, products) }));
  const onSubmit = vi.fn<(input: { fields: ComboInput; image: File | null }) => Promise<boolean>>(async () => saved);
  const user = userEvent.setup({ applyAccept: false });
  const { unmount } = renderRoute(
    <ComboForm mode={mode} combo={mode === 'edit' ? COMBO : undefined} busy={false} onSubmit={onSubmit} />,
  );
  const save = () =>
    user.click(screen.getByRole('button', { name: mode === 'create' ? 'Crear Combo' : 'Guardar Cambios' }));
  return { user, onSubmit, save, calls, unmount };
}

describe('create combo (spec §5)', () => {
  it("asks for every field with 'Por favor, completa todos los campos antes de guardar.'", async () => {
    const { user, onSubmit, save } = setup('create');
    await save();
    expect(await screen.findAllByText('Por favor, completa todos los campos antes de guardar.')).toHaveLength(1);

    // Everything but the image and the products: still incomplete.
    await user.type(screen.getByLabelText(/^Nombre/), 'Combo arte');
    await user.type(screen.getByLabelText(/^Descripción/), 'Crayones y pinturas');
    await user.type(screen.getByLabelText(/^Precio/), '300');
    await save();
    expect(await screen.findAllByText('Por favor, completa todos los campos antes de guardar.')).toHaveLength(1);
    await user.upload(screen.getByLabelText(/^Imagen/), png());
    await save();
    expect(await screen.findAllByText('Por favor, completa todos los campos antes de guardar.')).toHaveLength(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a negative price and a file that is not an image', async () => {
    const { user, onSubmit, save } = setup('create');
    await user.type(screen.getByLabelText(/^Precio/), '-10');
    await user.upload(screen.getByLabelText(/^Imagen/), new File(['x'], 'x.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('El archivo debe ser una imagen')).toBeTruthy();
    await save();
    expect(await screen.findByText('El precio no puede ser negativo')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('saves with stock 0 by default, the image and the products found through the search box', async () => {
    const { user, onSubmit, save, calls } = setup('create');
    expect((screen.getByLabelText(/^Stock/) as HTMLInputElement).value).toBe('0');
    await user.type(screen.getByLabelText(/^Nombre/), 'Combo rompecabezas');
    await user.type(screen.getByLabelText(/^Descripción/), 'Dos juegos de paciencia');
    await user.type(screen.getByLabelText(/^Precio/), '520.50');
    const image = png();
    await user.upload(screen.getByLabelText(/^Imagen/), image);
    await user.type(screen.getByLabelText('Buscar productos para el combo'), 'ROMPE');
    // The server searches, once typing pauses (GET /api/Product/admin-list).
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: /Botella de calma/ })).toBeNull());
    await user.click(screen.getByRole('checkbox', { name: /Rompecabezas de madera/ }));
    await user.clear(screen.getByLabelText('Buscar productos para el combo'));
    await user.click(await screen.findByRole('checkbox', { name: /Botella de calma/ }));
    // The first chosen keeps its name once the search has moved on.
    expect(screen.getByRole('button', { name: 'Quitar Rompecabezas de madera' })).toBeTruthy();
    expect(screen.getByText('2 productos seleccionados:')).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual([
      '/api/Product/admin-list?q=&page=1',
      '/api/Product/admin-list?q=ROMPE&page=1',
      '/api/Product/admin-list?q=&page=1',
    ]);
    await save();
    expect(await submittedOnce(onSubmit)).toEqual({
      image,
      fields: {
        name: 'Combo rompecabezas',
        description: 'Dos juegos de paciencia',
        price: 520.5,
        stock: 0,
        productIds: [3, 1],
      },
    });
  });
});

describe('the combo products picker at scale', () => {
  it('shows the first 30 matches of a large catalogue and says how many there are', async () => {
    const many = Array.from({ length: 45 }, (_, i) => product(i + 1, `Pelota ${i + 1}`));
    setup('create', many);
    expect(await screen.findAllByRole('checkbox')).toHaveLength(30);
    expect(
      screen.getByText('Se muestran 30 de 45 productos. Escribe más del nombre para encontrar el que buscas.'),
    ).toBeTruthy();
  });

  it("names the combo's products from the combo itself, whatever the search shows", async () => {
    setup('edit', []);
    expect(await screen.findByText('Ningún producto coincide con la búsqueda.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Quitar Botella de calma' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Quitar Pop-it arcoíris' })).toBeTruthy();
  });
});

describe('edit combo (spec §5)', () => {
  it("says 'Todos los campos son obligatorios, incluido el stock.' when the stock is emptied", async () => {
    const { user, onSubmit, save } = setup('edit');
    expect((screen.getByLabelText(/^Stock/) as HTMLInputElement).value).toBe('3');
    await user.clear(screen.getByLabelText(/^Stock/));
    await save();
    expect(await screen.findAllByText('Todos los campos son obligatorios, incluido el stock.')).toHaveLength(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("says 'Debes seleccionar al menos un producto' when every product is removed", async () => {
    const { user, onSubmit, save } = setup('edit');
    await user.click(screen.getByRole('button', { name: 'Quitar Botella de calma' }));
    await user.click(screen.getByRole('button', { name: 'Quitar Pop-it arcoíris' }));
    await save();
    expect(await screen.findByText('Debes seleccionar al menos un producto')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each(['-1', '2.5'])("says 'El stock debe ser un número válido y no negativo.' for %s", async (stock) => {
    const { user, onSubmit, save } = setup('edit');
    await user.clear(screen.getByLabelText(/^Stock/));
    await user.type(screen.getByLabelText(/^Stock/), stock);
    await save();
    expect(await screen.findByText('El stock debe ser un número válido y no negativo.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('saves without a new image (optional on edit)', async () => {
    const { user, onSubmit, save } = setup('edit');
    await user.clear(screen.getByLabelText(/^Precio/));
    await user.type(screen.getByLabelText(/^Precio/), '399');
    await save();
    expect(await submittedOnce(onSubmit)).toEqual({
      fields: { name: 'Kit de calma', description: 'Para los días intensos', price: 399, stock: 3, productIds: [1, 2] },
      image: null,
    });
  });
});

describe("the combo's price beside its products bought separately", () => {
  /** The price field's hint, as a screen reader reads it with the field. */
  const priceHint = () => {
    const ids = screen.getByLabelText(/^Precio/).getAttribute('aria-describedby') ?? '';
    return ids
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ')
      .trim();
  };

  it('adds up the chosen products after their own discounts and says what the families save', async () => {
    const discounted = productJson(3, { name: 'Rompecabezas de madera', price: 300, discount: 10 });
    const { user } = setup('edit', [PRODUCTS[0]!, PRODUCTS[1]!, discounted]);
    // Products 1 and 2: L 100 + L 200, against the combo's L 450.
    expect(priceHint()).toBe('Por separado suman L 300.00. A este precio el combo no ahorra nada a las familias.');

    await user.clear(screen.getByLabelText(/^Precio/));
    await user.type(screen.getByLabelText(/^Precio/), '250,50');
    expect(priceHint()).toBe('Por separado suman L 300.00. Con el combo las familias ahorran L 49.50.');

    // The puzzle at L 300 less 10 %.
    await user.click(await screen.findByRole('checkbox', { name: /Rompecabezas de madera/ }));
    expect(priceHint()).toBe('Por separado suman L 570.00. Con el combo las familias ahorran L 319.50.');

    await user.clear(screen.getByLabelText(/^Precio/));
    expect(priceHint()).toBe('Por separado suman L 570.00.');
    for (const name of ['Botella de calma', 'Pop-it arcoíris', 'Rompecabezas de madera']) {
      await user.click(screen.getByRole('button', { name: `Quitar ${name}` }));
    }
    expect(priceHint()).toBe('');
  });
});

// The owner left the page unsaved (Back, a call, an expired session): the same form opens with what she had typed.
describe('what was typed and not saved', () => {
  const leaveEditing = async (saved = true) => {
    const page = setup('edit', PRODUCTS, saved);
    await page.user.clear(screen.getByLabelText(/^Nombre/));
    await page.user.type(screen.getByLabelText(/^Nombre/), 'Kit de calma grande');
    await page.user.click(await screen.findByRole('checkbox', { name: /Rompecabezas de madera/ }));
    return page;
  };

  it('comes back when the form opens again, with the products chosen and their names', async () => {
    const first = await leaveEditing();
    first.unmount();

    const { save, onSubmit } = setup('edit');
    expect((screen.getByLabelText(/^Nombre/) as HTMLInputElement).value).toBe('Kit de calma grande');
    expect(screen.getByText(/^Recuperamos/).textContent).toBe(
      'Recuperamos los cambios que no guardaste. Si habías elegido una imagen, elígela otra vez.',
    );
    expect(screen.getByRole('button', { name: 'Quitar Rompecabezas de madera' })).toBeTruthy();
    await save();
    expect(await submittedOnce(onSubmit)).toEqual({
      fields: {
        name: 'Kit de calma grande',
        description: 'Para los días intensos',
        price: 450,
        stock: 3,
        productIds: [1, 2, 3],
      },
      image: null,
    });
  });

  it("is gone once saved, and 'Descartar cambios' puts the saved values back", async () => {
    const saving = await leaveEditing();
    await saving.save();
    await waitFor(() => expect(saving.onSubmit).toHaveBeenCalledTimes(1));
    saving.unmount();
    // Saved: the form opens with the combo as it is.
    const { unmount } = setup('edit');
    expect((screen.getByLabelText(/^Nombre/) as HTMLInputElement).value).toBe('Kit de calma');
    expect(screen.queryByText(/Recuperamos/)).toBeNull();
    unmount();

    (await leaveEditing()).unmount();
    const { user } = setup('edit');
    await user.click(screen.getByRole('button', { name: 'Descartar cambios' }));
    expect((screen.getByLabelText(/^Nombre/) as HTMLInputElement).value).toBe('Kit de calma');
    expect(screen.queryByRole('button', { name: 'Quitar Rompecabezas de madera' })).toBeNull();
    expect(screen.queryByText(/Recuperamos/)).toBeNull();
  });

  it('stays after a save that failed, and is kept per combo (a new one does not get it)', async () => {
    const failing = await leaveEditing(false);
    await failing.save();
    await waitFor(() => expect(failing.onSubmit).toHaveBeenCalledTimes(1));
    failing.unmount();

    setup('create').unmount();
    expect(screen.queryByText(/Recuperamos/)).toBeNull();
    setup('edit');
    expect((screen.getByLabelText(/^Nombre/) as HTMLInputElement).value).toBe('Kit de calma grande');
  });
});
