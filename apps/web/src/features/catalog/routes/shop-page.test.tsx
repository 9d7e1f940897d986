import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import type { Combo } from '@tienda/shared/catalog';
import { fakeToken, stubFetch, type FetchCall, type FetchReply } from '../../../test/render-route';
import { productJson } from '../../../test/fixtures';
import { Component as ShopPage } from './shop-page';

const LONG =
  'Seis caras con texturas distintas: suave, rugosa, con botones, con cuentas y con espejo. Pensado para explorar con las manos.';

const product = productJson;

const PRODUCTS = Array.from({ length: 35 }, (_, i) => product(i + 1));
PRODUCTS[0] = product(1, { name: 'Cubo sensorial de texturas', description: LONG, price: 649, stock: 2 });
PRODUCTS[1] = product(2, { name: 'Muñeca Sofía', stock: 0, price: 500, discount: 20 });

const COMBO: Combo = {
  comboId: 3,
  name: 'Kit de calma sensorial',
  description: 'Tres aliados para los momentos de sobrecarga.',
  price: 549,
  stock: 6,
  imageUrl: null,
  thumbnailUrl: null,
  comboImages: [],
  secondaryImages: [],
  products: [],
  createdAt: '2026-11-01T00:00:00.000Z',
};

function api(overrides: Partial<Record<string, FetchReply>> = {}) {
  return (call: FetchCall): FetchReply => {
    if (overrides[call.url]) return overrides[call.url]!;
    if (call.url === '/api/Category')
      return {
        status: 200,
        body: [
          { categoryId: 1, name: 'Sensoriales', description: '' },
          { categoryId: 2, name: 'Peluches', description: '' },
          { categoryId: 3, name: 'Sin juguetes aún', description: '' },
        ],
      };
    if (call.url === '/api/Product/search') {
      // The server pages products (docs/decisions/0026-catalogue-search-index.md).
      const { page, pageSize } = call.body as { page: number; pageSize: number };
      const items = PRODUCTS.slice((page - 1) * pageSize, page * pageSize);
      const categoryCounts = [
        { categoryId: 1, count: 20 },
        { categoryId: 2, count: 3 },
      ];
      return { status: 200, body: { items, total: PRODUCTS.length, page, pageSize, categoryCounts } };
    }
    if (call.url === '/api/Combo/search') return { status: 200, body: [COMBO] };
    if (call.url === '/api/Cart/AddProduct') return { status: 200, body: {} };
    if (call.url.startsWith('/api/Cart/User/')) return { status: 200, body: [] };
    return { status: 404, body: { message: 'no' } };
  };
}

function SearchProbe() {
  const location = useLocation();
  return <p data-testid="search">{location.search}</p>;
}

function renderShop(entry = '/tienda') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route
            path="/tienda"
            element={
              <>
                <ShopPage />
                <SearchProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
      <ToastContainer autoClose={false} />
    </QueryClientProvider>,
  );
}

const search = () => screen.getByTestId('search').textContent;
const searchBodies = (calls: FetchCall[]) =>
  calls.filter((c) => c.url.endsWith('/search')).map((c) => ({ url: c.url, body: c.body }));
const cards = () => screen.getAllByTestId('catalog-card');

describe('/tienda', () => {
  it('searches with no sort by default and shows 30 cards per page', async () => {
    const calls = stubFetch(api());
    renderShop();
    await waitFor(() => expect(cards()).toHaveLength(30));
    expect(searchBodies(calls)).toEqual([
      {
        url: '/api/Product/search',
        body: { searchTerm: null, categories: [], sortBy: null, sortAsc: true, inStock: false, page: 1, pageSize: 30 },
      },
    ]);
    expect(screen.getByText('35 productos · página 1 de 2')).toBeTruthy();
    // Each category box shows how many results it holds, from the server.
    expect(await screen.findByRole('checkbox', { name: 'Sensoriales (20)' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Peluches (3)' })).toBeTruthy();
    // A category with no result is left out of the filter.
    expect(
      screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label') ?? box.parentElement!.textContent),
    ).toEqual(['Sensoriales (20)', 'Peluches (3)']);
    for (const name of ['Alfabético', 'Precio menor a mayor', 'Precio mayor a menor']) {
      expect(screen.getByRole('button', { name }).getAttribute('aria-pressed')).toBe('false');
    }
    expect(screen.getByRole('button', { name: 'Todos' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('cuts card descriptions at 100 characters plus "..."', async () => {
    stubFetch(api());
    renderShop();
    const card = (await screen.findByText('Cubo sensorial de texturas')).closest('article')!;
    expect(within(card).getByTestId('card-description').textContent).toBe(`${LONG.slice(0, 100)}...`);
  });

  it('caps a card’s quantity at its stock and disables adding when it is sold out', async () => {
    const u = userEvent.setup();
    stubFetch(api());
    renderShop();
    const cube = (await screen.findByText('Cubo sensorial de texturas')).closest('article')!;
    const plus = within(cube).getByRole('button', { name: 'Aumentar cantidad' }) as HTMLButtonElement;
    await u.click(plus);
    expect(within(cube).getByRole('status').textContent).toBe('2');
    expect(plus.disabled).toBe(true);
    const doll = screen.getByText('Muñeca Sofía').closest('article')!;
    expect((within(doll).getByRole('button', { name: 'Agregar al carrito' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(doll).getByTestId('stock-badge').textContent).toBe('Agotado');
    expect(within(doll).getByText('−20%')).toBeTruthy();
  });

  it('restores every choice from the URL and sends it to the API', async () => {
    const calls = stubFetch(api());
    renderShop('/tienda?q=muneca&categorias=2&orden=precio-desc&disponibles=1&pagina=2');
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(searchBodies(calls)).toEqual([
      {
        url: '/api/Product/search',
        body: {
          searchTerm: 'muneca',
          categories: [2],
          sortBy: 'price',
          sortAsc: false,
          inStock: true,
          page: 2,
          pageSize: 30,
        },
      },
    ]);
    expect((screen.getByLabelText('Buscar juguetes') as HTMLInputElement).value).toBe('muneca');
    expect(((await screen.findByRole('checkbox', { name: 'Peluches (3)' })) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Precio mayor a menor' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'En stock' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Página 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('keeps a ticked category in the filter even when nothing answers it, so it can be unticked', async () => {
    stubFetch(api());
    renderShop('/tienda?categorias=3');
    const ticked = (await screen.findByRole('checkbox', { name: 'Sin juguetes aún (0)' })) as HTMLInputElement;
    expect(ticked.checked).toBe(true);
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);
  });

  it('writes changes to the URL and goes back to page 1 when the results change', async () => {
    const u = userEvent.setup();
    const calls = stubFetch(api());
    renderShop();
    await waitFor(() => expect(cards()).toHaveLength(30));
    await u.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(search()).toBe('?pagina=2');
    expect(cards()).toHaveLength(5);
    await u.click(screen.getByRole('button', { name: 'Alfabético' }));
    expect(search()).toBe('?orden=alfabetico');
    await u.click(screen.getByRole('button', { name: 'Página 2' }));
    await u.click(await screen.findByRole('checkbox', { name: 'Sensoriales (20)' }));
    expect(search()).toBe('?categorias=1&orden=alfabetico');
    // Clicking the active chip clears the sort.
    await u.click(screen.getByRole('button', { name: 'Alfabético' }));
    expect(search()).toBe('?categorias=1');
    await u.click(screen.getByRole('button', { name: 'En stock' }));
    expect(search()).toBe('?categorias=1&disponibles=1');
    await waitFor(() =>
      expect(searchBodies(calls).at(-1)).toEqual({
        url: '/api/Product/search',
        body: { searchTerm: null, categories: [1], sortBy: null, sortAsc: true, inStock: true, page: 1, pageSize: 30 },
      }),
    );
  });

  it('searches the typed term, also on submit', async () => {
    const u = userEvent.setup();
    const calls = stubFetch(api());
    renderShop('/tienda?pagina=2');
    await u.type(screen.getByLabelText('Buscar juguetes'), 'oso{Enter}');
    expect(search()).toBe('?q=oso');
    await waitFor(() => expect(searchBodies(calls).at(-1)?.body).toMatchObject({ searchTerm: 'oso' }));
  });

  it('switches to combos, which link to /combo/{id}', async () => {
    const u = userEvent.setup();
    const calls = stubFetch(api());
    renderShop();
    await waitFor(() => expect(cards()).toHaveLength(30));
    await u.click(screen.getByRole('button', { name: 'Combos' }));
    expect(search()).toBe('?tipo=combos');
    const link = await screen.findByRole('link', { name: 'Kit de calma sensorial' });
    expect(link.getAttribute('href')).toBe('/combo/3');
    expect(searchBodies(calls).at(-1)?.url).toBe('/api/Combo/search');
    expect(screen.getByText('1 combo')).toBeTruthy();
  });

  it('shows no product card under the combos count while the combos load', async () => {
    const u = userEvent.setup();
    let release = () => {};
    const combosHeld = new Promise<void>((resolve) => (release = resolve));
    const reply = api();
    stubFetch(async (call) => {
      if (call.url === '/api/Combo/search') await combosHeld;
      return reply(call);
    });
    renderShop();
    await waitFor(() => expect(cards()).toHaveLength(30));
    await u.click(screen.getByRole('button', { name: 'Combos' }));
    expect(await screen.findByText('Buscando juguetes…')).toBeTruthy();
    expect(screen.queryAllByTestId('catalog-card')).toHaveLength(0);
    release();
    expect(await screen.findByRole('link', { name: 'Kit de calma sensorial' })).toBeTruthy();
    expect(screen.getByText('1 combo')).toBeTruthy();
  });

  it("shows 'Error al buscar productos' and 'Error al obtener las categorías' when those calls fail", async () => {
    stubFetch(
      api({
        '/api/Product/search': { status: 500, body: { message: 'x' } },
        '/api/Category': { status: 500, body: { message: 'x' } },
      }),
    );
    renderShop();
    expect(await screen.findByText('Error al buscar productos')).toBeTruthy();
    expect(await screen.findByText('Error al obtener las categorías')).toBeTruthy();
  });

  it("shows 'Error al buscar combos' when the combo search fails", async () => {
    stubFetch(api({ '/api/Combo/search': 'network-error' }));
    renderShop('/tienda?tipo=combos');
    expect(await screen.findByText('Error al buscar combos')).toBeTruthy();
  });

  it("adds for a customer: 'Agregando...' while busy, then '✔ {name} agregado'", async () => {
    const u = userEvent.setup();
    let release: () => void = () => {};
    const calls = stubFetch((call) =>
      call.url === '/api/Cart/AddProduct'
        ? new Promise<FetchReply>((resolve) => (release = () => resolve({ status: 200, body: {} })))
        : api()(call),
    );
    localStorage.setItem('token', fakeToken(7));
    renderShop();
    const cube = (await screen.findByText('Cubo sensorial de texturas')).closest('article')!;
    await u.click(within(cube).getByRole('button', { name: 'Aumentar cantidad' }));
    await u.click(within(cube).getByRole('button', { name: 'Agregar al carrito' }));
    expect((within(cube).getByRole('button', { name: 'Agregando...' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByText('✔ Cubo sensorial de texturas agregado')).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/Cart/AddProduct')).toMatchObject({
      method: 'POST',
      body: { UserId: 7, ProductId: 1, Quantity: 2 },
    });
  });

  it('keeps each card busy until its own add is answered, with two adds in flight', async () => {
    const u = userEvent.setup();
    const releases = new Map<number, () => void>();
    stubFetch((call) =>
      call.url === '/api/Cart/AddProduct'
        ? new Promise<FetchReply>((resolve) => {
            const { ProductId } = call.body as { ProductId: number };
            releases.set(ProductId, () => resolve({ status: 200, body: {} }));
          })
        : api()(call),
    );
    localStorage.setItem('token', fakeToken(7));
    renderShop();
    const [first, second] = (await screen.findAllByRole('button', { name: 'Agregar al carrito' }))
      .filter((button) => !(button as HTMLButtonElement).disabled)
      .map((button) => button.closest('article')!);
    await u.click(within(first!).getByRole('button', { name: 'Agregar al carrito' }));
    await u.click(within(second!).getByRole('button', { name: 'Agregar al carrito' }));
    expect(releases.size).toBe(2);
    const busy = (card: HTMLElement) => within(card).queryByRole('button', { name: 'Agregando...' }) !== null;
    expect([busy(first!), busy(second!)]).toEqual([true, true]);
    // The second answer first: the first card stays busy, and cannot be tapped again, until its own comes.
    const [firstId, secondId] = [...releases.keys()];
    releases.get(secondId!)!();
    await waitFor(() => expect(busy(second!)).toBe(false));
    expect(busy(first!)).toBe(true);
    releases.get(firstId!)!();
    await waitFor(() => expect(busy(first!)).toBe(false));
  });

  it("says 'No se añadió: {reason}' when the server refuses", async () => {
    const u = userEvent.setup();
    stubFetch(
      api({
        '/api/Cart/AddProduct': {
          status: 409,
          body: { message: 'Solo quedan 2 unidades de «Cubo sensorial de texturas».' },
        },
      }),
    );
    localStorage.setItem('token', fakeToken(7));
    renderShop();
    const cube = (await screen.findByText('Cubo sensorial de texturas')).closest('article')!;
    await u.click(within(cube).getByRole('button', { name: 'Agregar al carrito' }));
    expect(
      await screen.findByText('No se añadió: Solo quedan 2 unidades de «Cubo sensorial de texturas».'),
    ).toBeTruthy();
  });

  it('a tap whose answer was lost sends the same Idempotency-Key again; an answered one does not', async () => {
    const u = userEvent.setup();
    const replies: FetchReply[] = [
      'network-error',
      { status: 502, body: {} },
      { status: 200, body: {} },
      { status: 409, body: { message: 'Solo quedan 2 unidades de «Cubo sensorial de texturas».' } },
      { status: 200, body: {} },
    ];
    const calls = stubFetch((call) => (call.url === '/api/Cart/AddProduct' ? replies.shift()! : api()(call)));
    localStorage.setItem('token', fakeToken(7));
    renderShop();
    const cube = (await screen.findByText('Cubo sensorial de texturas')).closest('article')!;
    for (let tap = 0; tap < 5; tap += 1) {
      await u.click(within(cube).getByRole('button', { name: 'Agregar al carrito' }));
      await waitFor(() => expect(within(cube).queryByRole('button', { name: 'Agregando...' })).toBeNull());
    }
    // The lost answer is not called a refusal: the toy may be in the cart.
    expect(
      screen.getAllByText(
        'Se perdió la conexión: no sabemos si se agregó. Mira tu carrito o vuelve a tocar «Agregar al carrito»; no se sumará dos veces.',
      ).length,
    ).toBeGreaterThan(0);
    const keys = calls.filter((c) => c.url === '/api/Cart/AddProduct').map((c) => c.idempotencyKey);
    expect(keys).toHaveLength(5);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    // Lost, then a proxy's 502: the add may have reached the shop, so the same key until an answer comes.
    expect([keys[1], keys[2]]).toEqual([keys[0], keys[0]]);
    // Answered (added, then refused): every later tap is an add of its own.
    expect(new Set([keys[2], keys[3], keys[4]]).size).toBe(3);
  });

  it('a tap ten minutes after a lost answer is a new add with a new key', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    try {
      const u = userEvent.setup();
      const replies: FetchReply[] = ['network-error', { status: 200, body: {} }];
      const calls = stubFetch((call) => (call.url === '/api/Cart/AddProduct' ? replies.shift()! : api()(call)));
      localStorage.setItem('token', fakeToken(7));
      renderShop();
      const cube = (await screen.findByText('Cubo sensorial de texturas')).closest('article')!;
      await u.click(within(cube).getByRole('button', { name: 'Agregar al carrito' }));
      await waitFor(() => expect(within(cube).queryByRole('button', { name: 'Agregando...' })).toBeNull());
      vi.setSystemTime(Date.now() + 10 * 60_000 + 1);
      await u.click(within(cube).getByRole('button', { name: 'Agregar al carrito' }));
      await waitFor(() => expect(within(cube).queryByRole('button', { name: 'Agregando...' })).toBeNull());
      const keys = calls.filter((c) => c.url === '/api/Cart/AddProduct').map((c) => c.idempotencyKey);
      expect(keys).toHaveLength(2);
      expect(keys[1]).not.toBe(keys[0]);
    } finally {
      vi.useRealTimers();
    }
  });
});
