import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@tienda/shared/catalog';
import { renderRoute, stubFetch, type FetchCall, type FetchReply } from '../../../test/render-route';
import { ProductDialog } from './product-dialog';
import { withDialogMethods } from '../../../test/dialog-methods';

const PRODUCT: Product = {
  productId: 7,
  name: 'Cubo sensorial',
  description: 'Texturas para explorar',
  price: 649,
  discount: 0,
  stock: 5,
  imageUrl: '/uploads/a.webp',
  thumbnailUrl: '/uploads/a-thumb.webp',
  productImages: [],
  secondaryImages: [],
  categoryIds: [],
  categories: [],
  createdAt: '2026-11-20T10:00:00.000Z',
};
const SOLD_MEANWHILE =
  'Mientras editabas se vendieron unidades: quedan 3 y con tu cambio el inventario quedaría en negativo. Revisa el inventario y vuelve a guardar.';

withDialogMethods();

/** The edit dialog of PRODUCT (stock 5) with the stock field set to `stock`, and the saves it sends. */
async function editStockTo(stock: string, reply: (call: FetchCall) => FetchReply) {
  const calls = stubFetch(reply);
  const user = userEvent.setup();
  renderRoute(<ProductDialog open product={PRODUCT} categories={[]} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog', { name: 'Editar Producto' });
  await user.clear(within(dialog).getByLabelText(/^Stock/));
  await user.type(within(dialog).getByLabelText(/^Stock/), stock);
  const save = () => user.click(within(dialog).getByRole('button', { name: 'Guardar Cambios' }));
  const saves = () =>
    calls
      .filter((call) => call.method === 'PUT')
      .map((call) => {
        const form = call.body as FormData;
        return {
          stock: form.get('stock'),
          stockLoaded: form.get('stockLoaded'),
          session: form.get('stockEditSession'),
        };
      });
  return { dialog, save, saves, calls };
}

describe('the product dialog’s stock edit (docs/decisions/0021-stock-edits-as-changes.md)', () => {
  it('saved again after a lost answer, sends the same stock it opened with and the same session', async () => {
    let answer: FetchReply = 'network-error';
    const { save, saves } = await editStockTo('8', () => answer);
    await save();
    await waitFor(() => expect(saves()).toHaveLength(1));
    answer = { status: 200, body: { ...PRODUCT, stock: 8 } };
    await save();
    await waitFor(() => expect(saves()).toHaveLength(2));
    const [first, second] = saves();
    expect(first).toEqual({ stock: '8', stockLoaded: '5', session: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(second).toEqual(first);
  });

  it('after units sold meanwhile, shows why in the dialog and saves again from the stock there is now', async () => {
    const { dialog, save, saves, calls } = await editStockTo('0', (call) => {
      if (call.method === 'GET') return { status: 200, body: { ...PRODUCT, stock: 3 } };
      return saves().length === 1
        ? { status: 409, body: { message: SOLD_MEANWHILE } }
        : { status: 200, body: { ...PRODUCT, stock: 0 } };
    });
    await save();
    // The form's alert, and the spec's error toast above the dialog (lib/toasts.ts IN_DIALOG_TOASTS).
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('alert')
          .map((alert) => alert.textContent),
      ).toEqual([SOLD_MEANWHILE, SOLD_MEANWHILE]),
    );
    await waitFor(() => expect(calls.map((call) => `${call.method} ${call.url}`)).toContain('GET /api/Product/7'));
    await save();
    await waitFor(() => expect(saves()).toHaveLength(2));
    const [refused, again] = saves();
    expect(refused).toEqual({ stock: '0', stockLoaded: '5', session: expect.stringMatching(/^[0-9a-f]{32}$/) });
    // The form goes on from the 3 units left, in a session of its own: the server sets 0 instead of refusing again.
    expect(again).toEqual({ stock: '0', stockLoaded: '3', session: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(again!.session).not.toBe(refused!.session);
    expect(screen.queryByText(/El inventario quedó en/)).toBeNull();
  });

  it('says so when the stock saved is not the one typed (units sold while the form was open)', async () => {
    // The form opened on 5 and she typed 10; 2 were sold meanwhile, so the server applied +5 to 3.
    const { save } = await editStockTo('10', () => ({ status: 200, body: { ...PRODUCT, stock: 8 } }));
    await save();
    expect(await screen.findByText('Producto actualizado')).toBeTruthy();
    expect(
      screen.getByText('El inventario quedó en 8, no en 10: mientras editabas se vendieron o devolvieron unidades.'),
    ).toBeTruthy();
  });
});

/** The dialog open on `product` (PRODUCT's by default), as the products page opens it; `closes` counts its closes. */
async function open(product: Product | null = PRODUCT) {
  const closes = { count: 0 };
  const view = renderRoute(
    <ProductDialog open product={product} categories={[]} onClose={() => (closes.count += 1)} />,
  );
  const dialog = await screen.findByRole('dialog', { name: product ? 'Editar Producto' : 'Crear Producto' });
  const field = (label: RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;
  return { view, dialog, field, closes, user: userEvent.setup() };
}

const png = (name = 'foto.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('the product dialog keeps unsaved work (docs/decisions/0038-back-closes-dialogs.md, amendment 2026-11-28)', () => {
  it('with Precio and Stock changed, Cancelar asks first; Descartar then closes', async () => {
    stubFetch(() => ({ status: 200, body: PRODUCT }));
    const { user, closes: closed, dialog } = await open();
    await user.clear(within(dialog).getByLabelText(/^Precio/));
    await user.type(within(dialog).getByLabelText(/^Precio/), '700');
    await user.clear(within(dialog).getByLabelText(/^Stock/));
    await user.type(within(dialog).getByLabelText(/^Stock/), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(within(dialog).getByText('¿Descartar los cambios?')).toBeTruthy();
    expect(closed.count).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Seguir editando' }));
    expect((within(dialog).getByLabelText(/^Precio/) as HTMLInputElement).value).toBe('700');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await user.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    expect(closed.count).toBe(1);
  });

  it('a secondary image picked is unsaved work too; an untouched form closes at once', async () => {
    stubFetch(() => ({ status: 200, body: PRODUCT }));
    const { user, closes: closed, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(closed.count).toBe(1);
    await user.upload(within(dialog).getByLabelText(/^Agregar imágenes secundarias/), png());
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(within(dialog).getByText('¿Descartar los cambios?')).toBeTruthy();
    expect(closed.count).toBe(1);
  });
});

describe('the product dialog keeps a draft (docs/decisions/0038-back-closes-dialogs.md, amendment 2026-11-28, evening)', () => {
  const NOTICE = 'Recuperamos los cambios que no guardaste. Si habías elegido o quitado imágenes, hazlo otra vez.';

  it('what was typed before the dialog ended without a close (an expired session) is there when it opens again', async () => {
    stubFetch(() => ({ status: 200, body: PRODUCT }));
    const first = await open();
    await first.user.clear(first.field(/^Precio/));
    await first.user.type(first.field(/^Precio/), '700');
    await first.user.type(first.field(/^Nombre/), ' grande');
    // The trip to /login takes the page and its dialog away; onClose is never called.
    first.view.unmount();
    expect(first.closes.count).toBe(0);

    const again = await open();
    expect(again.field(/^Nombre/).value).toBe('Cubo sensorial grande');
    expect(again.field(/^Precio/).value).toBe('700');
    expect(again.field(/^Stock/).value).toBe('5');
    expect(within(again.dialog).getByRole('status').textContent).toBe(`${NOTICE}Descartar cambios`);
    // Restored values are unsaved work: Cancelar asks first.
    await again.user.click(within(again.dialog).getByRole('button', { name: 'Cancelar' }));
    expect(within(again.dialog).getByText('¿Descartar los cambios?')).toBeTruthy();
    await again.user.click(within(again.dialog).getByRole('button', { name: 'Descartar' }));
    expect(again.closes.count).toBe(1);
    again.view.unmount();

    // Closed on purpose: the next time it opens on the saved product.
    const third = await open();
    expect(third.field(/^Nombre/).value).toBe('Cubo sensorial');
    expect(third.field(/^Precio/).value).toBe('649');
    expect(within(third.dialog).queryByText(/Recuperamos/)).toBeNull();
  });

  it("a draft is one product's: another product, or a new one, opens on its own values", async () => {
    stubFetch(() => ({ status: 200, body: PRODUCT }));
    const first = await open();
    await first.user.clear(first.field(/^Precio/));
    await first.user.type(first.field(/^Precio/), '700');
    first.view.unmount();

    const other = await open({ ...PRODUCT, productId: 8, name: 'Pelota de texturas', price: 150 });
    expect(other.field(/^Precio/).value).toBe('150');
    expect(within(other.dialog).queryByText(/Recuperamos/)).toBeNull();
    other.view.unmount();
    const created = await open(null);
    expect(created.field(/^Precio/).value).toBe('');
    expect(within(created.dialog).queryByText(/Recuperamos/)).toBeNull();
  });

  it('a save that went through leaves nothing to restore; one that failed keeps the draft', async () => {
    let answer: FetchReply = { status: 500, body: { message: 'Ocurrió un error en el servidor.' } };
    stubFetch((call) => (call.method === 'PUT' ? answer : { status: 200, body: PRODUCT }));
    const first = await open();
    await first.user.clear(first.field(/^Precio/));
    await first.user.type(first.field(/^Precio/), '700');
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Guardar Cambios' }));
    await within(first.dialog).findAllByRole('alert');
    first.view.unmount();

    const again = await open();
    expect(again.field(/^Precio/).value).toBe('700');
    answer = { status: 200, body: { ...PRODUCT, price: 700 } };
    await again.user.click(within(again.dialog).getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(again.closes.count).toBe(1));
    again.view.unmount();

    const third = await open();
    expect(third.field(/^Precio/).value).toBe('649');
    expect(within(third.dialog).queryByText(/Recuperamos/)).toBeNull();
  });
});

describe('a product created whose images did not upload', () => {
  it('stays open as its edit dialog with the images picked; Guardar Cambios uploads them once, to it', async () => {
    let imagesAnswer: FetchReply = 'network-error';
    const calls = stubFetch((call) => {
      if (call.method === 'POST' && call.url.endsWith('/api/Product')) return { status: 201, body: PRODUCT };
      if (call.url.endsWith('/api/Product/7/images')) return imagesAnswer;
      return { status: 200, body: PRODUCT };
    });
    const user = userEvent.setup();
    let closes = 0;
    renderRoute(<ProductDialog open product={null} categories={[]} onClose={() => (closes += 1)} />);
    const dialog = await screen.findByRole('dialog', { name: 'Crear Producto' });
    await user.type(within(dialog).getByLabelText(/^Nombre/), 'Cubo sensorial');
    await user.type(within(dialog).getByLabelText(/^Precio/), '649');
    await user.type(within(dialog).getByLabelText(/^Stock/), '5');
    await user.upload(within(dialog).getByLabelText(/^Imagen Principal/), png('cubo.png'));
    await user.upload(within(dialog).getByLabelText(/^Agregar imágenes secundarias/), [
      png('lado.png'),
      png('caja.png'),
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    const edit = await screen.findByRole('dialog', { name: 'Editar Producto' });
    expect(
      await within(edit).findByText(
        'Error al subir imágenes: Error de red. El producto ya está guardado y las imágenes siguen aquí: toca Guardar Cambios para subirlas de nuevo.',
      ),
    ).toBeTruthy();
    expect(closes).toBe(0);
    expect(
      within(within(edit).getByRole('list', { name: 'Imágenes nuevas por subir' }))
        .getAllByRole('img')
        .map((image) => image.getAttribute('alt')),
    ).toEqual(['Imagen nueva 1: lado.png', 'Imagen nueva 2: caja.png']);

    imagesAnswer = { status: 200, body: PRODUCT };
    await user.click(within(edit).getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(closes).toBe(1));
    const sent = calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.url}`);
    expect(sent).toEqual([
      'POST /api/Product',
      'POST /api/Product/7/images',
      'PUT /api/Product/7',
      'POST /api/Product/7/images',
    ]);
    const retried = calls[calls.length - 1]!.body as FormData;
    expect(retried.getAll('files').map((file) => (file as File).name)).toEqual(['lado.png', 'caja.png']);
    // The main image went with the create only.
    expect((calls[2]!.body as FormData).get('image')).toBeNull();
  });
});
