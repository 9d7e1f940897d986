import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@tienda/shared/accounts';
import { ADMIN_ERRORS } from '@tienda/shared/admin-messages';
import type { AdminOrderPage } from '@tienda/shared/orders';
import { orderJson } from '../../../test/fixtures';
import { renderRoute, stubFetch, type FetchCall } from '../../../test/render-route';
import { Component as OrdersPage } from './orders-page';

// The orders admin asks the server for each page and for the spreadsheet with the filters on screen
// (docs/decisions/0035-admin-lists-paged-by-the-server.md).

const PAGE: AdminOrderPage = {
  items: [
    orderJson({ orderId: 12, customerName: 'Ana Paz' }),
    orderJson({ orderId: 11 }),
    orderJson({ orderId: 10, orderStatus: 0, receiptUploadedAt: '2026-11-26T15:00:00.000Z' }),
    orderJson({ orderId: 9, orderStatus: 0, paymentMethod: 'enlace' }),
    orderJson({ orderId: 8, orderStatus: 0, paymentMethod: 'contra_entrega' }),
  ],
  total: 5,
  page: 1,
  pageSize: 30,
};

const ANA: User = {
  userId: 5,
  name: 'Ana Paz',
  email: 'ana@correo.hn',
  username: 'anapaz',
  createdAt: '2026-11-01T00:00:00.000Z',
  roles: [{ roleName: 'CUSTOMER' }],
};

/** The query of each request made to `path`, in order. */
const queriesTo = (calls: FetchCall[], path: string) =>
  calls
    .map((call) => new URL(call.url, 'http://tienda'))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));

function setup(entry: string, csv: 'ok' | 'fails' = 'ok') {
  const calls = stubFetch(({ url }) => {
    if (url.startsWith('/api/Order/csv')) return csv === 'ok' ? { status: 200, body: 'Orden\r\n' } : 'network-error';
    if (url === '/api/User/5') return { status: 200, body: ANA };
    return { status: 200, body: PAGE };
  });
  const user = userEvent.setup();
  renderRoute(<OrdersPage />, { path: '/ordenes-pendientes', entry, signedInAs: 1 });
  return { calls, user };
}

describe('orders admin filters', () => {
  // jsdom has no object URLs: the download hands the file to these.
  const createObjectURL = vi.fn((_file: Blob) => 'blob:pedidos');
  const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  beforeEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  });
  afterEach(() => {
    Object.assign(URL, original);
    createObjectURL.mockClear();
  });

  it("names each order's payment, and what a pending one waits for from the owner", async () => {
    setup('/ordenes-pendientes');
    await screen.findByText('#10');
    const rows = screen.getAllByRole('row');
    const text = (orderId: number) => rows.find((row) => row.textContent?.includes(`#${orderId}`))!.textContent;
    expect(text(10)).toContain('Transferencia bancariaComprobante por revisar');
    expect(text(9)).toContain('Enlace de pagoFalta enviar el enlace');
    expect(text(8)).toContain('Pago contra entrega');
    expect(text(8)).not.toMatch(/por revisar|Falta/);
    // Paid already: nothing left to check.
    expect(text(12)).toContain('Transferencia bancaria');
    expect(text(12)).not.toContain('Comprobante por revisar');
  });

  it('says under the search box what it looks in, which a placeholder cut short on a phone did not', async () => {
    setup('/ordenes-pendientes');
    const box = await screen.findByRole('searchbox', { name: 'Buscar órdenes' });
    expect(box.getAttribute('placeholder')).toBe('N.º de orden o nombre');
    const hint = document.getElementById(box.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe('Busca por número de orden, cliente, correo, ciudad o teléfono.');
  });

  it('asks the server for the page with the status, the days and the term on screen', async () => {
    const { calls, user } = setup('/ordenes-pendientes?estado=entregado&desde=2026-11-01&hasta=2026-11-30');
    expect(await screen.findAllByText('Ana Paz')).not.toHaveLength(0);
    expect(queriesTo(calls, '/api/Order/admin-list')).toEqual([
      { q: '', status: '2', from: '2026-11-01', to: '2026-11-30', page: '1' },
    ]);

    await user.type(screen.getByLabelText('Buscar órdenes'), 'Ana');
    await waitFor(() =>
      expect(queriesTo(calls, '/api/Order/admin-list').at(-1)).toEqual({
        q: 'Ana',
        status: '2',
        from: '2026-11-01',
        to: '2026-11-30',
        page: '1',
      }),
    );

    await user.selectOptions(screen.getByLabelText('Estado'), 'todas');
    await waitFor(() =>
      expect(queriesTo(calls, '/api/Order/admin-list').at(-1)).toEqual({
        q: 'Ana',
        from: '2026-11-01',
        to: '2026-11-30',
        page: '1',
      }),
    );
  });

  it("shows one account's orders when the users admin links here, and everyone's again on request", async () => {
    const { calls, user } = setup('/ordenes-pendientes?cliente=5');
    expect(await screen.findByText('Órdenes de Ana Paz (ana@correo.hn)')).toBeTruthy();
    expect(queriesTo(calls, '/api/Order/admin-list')).toEqual([{ q: '', customer: '5', page: '1' }]);
    await user.click(screen.getByRole('button', { name: 'Ver las órdenes de todos' }));
    await waitFor(() => expect(queriesTo(calls, '/api/Order/admin-list').at(-1)).toEqual({ q: '', page: '1' }));
    expect(screen.queryByText('Órdenes de Ana Paz (ana@correo.hn)')).toBeNull();
  });

  it('says so under Hasta when the range ends before it starts, and leaves the days out until it is fixed', async () => {
    const { calls } = setup('/ordenes-pendientes?desde=2026-11-30&hasta=2026-11-01');
    expect(await screen.findByText('La fecha "desde" no puede ser posterior a la fecha "hasta".')).toBeTruthy();
    expect(screen.getByLabelText('Hasta').getAttribute('aria-invalid')).toBe('true');
    await screen.findAllByText('Ana Paz');
    expect(queriesTo(calls, '/api/Order/admin-list')).toEqual([{ q: '', page: '1' }]);
  });

  it('keeps the page in the address: a link opens it, the pager turns it, a new filter starts at page 1', async () => {
    const calls = stubFetch(({ url }) => {
      const page = Number(new URL(url, 'http://tienda').searchParams.get('page'));
      return { status: 200, body: { ...PAGE, total: 95, page } };
    });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const user = userEvent.setup();
    renderRoute(<OrdersPage />, { path: '/ordenes-pendientes', entry: '/ordenes-pendientes?pagina=2', signedInAs: 1 });
    expect(await screen.findByText('Página 2 de 4')).toBeTruthy();
    expect(queriesTo(calls, '/api/Order/admin-list')).toEqual([{ q: '', page: '2' }]);

    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Página 3 de 4')).toBeTruthy();
    expect(queriesTo(calls, '/api/Order/admin-list').at(-1)).toEqual({ q: '', page: '3' });
    // The new page shows from its first row, not from the pager at the bottom.
    expect(scrollTo).toHaveBeenCalledTimes(1);

    await user.selectOptions(screen.getByLabelText('Estado'), 'pendiente');
    expect(await screen.findByText('Página 1 de 4')).toBeTruthy();
    expect(queriesTo(calls, '/api/Order/admin-list').at(-1)).toEqual({ q: '', status: '0', page: '1' });
    scrollTo.mockRestore();
  });

  it("downloads the server's spreadsheet for the same filters", async () => {
    const { calls, user } = setup('/ordenes-pendientes?estado=pendiente&q=ceiba&desde=2026-11-01');
    await user.click(await screen.findByRole('button', { name: 'Descargar CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(queriesTo(calls, '/api/Order/csv')).toEqual([{ q: 'ceiba', status: '0', from: '2026-11-01' }]);
    expect(calls.find((call) => call.url.startsWith('/api/Order/csv'))?.authorization).toMatch(/^Bearer /);
  });

  it('tells the owner when the spreadsheet did not come', async () => {
    const { user } = setup('/ordenes-pendientes', 'fails');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(await screen.findByRole('button', { name: 'Descargar CSV' }));
    expect(await screen.findByText(ADMIN_ERRORS.ordersCsvFailed)).toBeTruthy();
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Descargar CSV' })).toHaveProperty('disabled', false);
    error.mockRestore();
  });
});

// At 1024–1920 px the customer's column was a few letters wide, squeezed by four labelled buttons and a one-line date.
describe('orders admin table', () => {
  it('leaves the customer room: the status under the number, the time under the day, the actions as named icons', async () => {
    setup('/ordenes-pendientes');
    await screen.findByText('#12');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Orden',
      'Fecha',
      'Cliente',
      'Ciudad',
      'Total',
      'Pago',
      'Acciones',
    ]);
    const row = screen.getAllByRole('row').find((r) => r.textContent?.startsWith('#12'))!;
    const cells = within(row).getAllByRole('cell');
    expect(cells.slice(0, 6).map((cell) => cell.textContent)).toEqual([
      '#12Pagado',
      // 05:30 UTC is 11:30 p. m. of the day before in Honduras.
      '22 nov 2026, 11:30\u00a0p.\u00a0m.',
      'Ana Pazmaria@correo.hn',
      'San Pedro Sula',
      'L 1,314.50',
      'Transferencia bancaria',
    ]);
    // The e-mail, cut short in the table, whole on hover.
    expect(within(cells[2]!).getByTitle('maria@correo.hn').textContent).toBe('maria@correo.hn');
    // Each icon still says what it does and to which order.
    expect(within(row).getByRole('link', { name: 'Ver orden #12' }).getAttribute('href')).toBe('/admin/orden/12');
    // A chat with the family, as the order's own page opens it.
    const chat = within(row).getByRole('link', { name: 'WhatsApp al cliente de la orden #12' });
    expect(chat.getAttribute('href')).toBe(
      `https://wa.me/50499887766?text=${encodeURIComponent('¡Hola, Ana! Te escribimos de Jugar y Crecer sobre tu pedido #12.')}`,
    );
    expect(chat.getAttribute('target')).toBe('_blank');
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent?.replace(/\s+/g, ' ').trim()),
    ).toEqual([
      'Marcar entregada (orden #12)',
      'Marcar pendiente (orden #12)',
      'Cancelar orden (orden #12)',
      'Eliminar (orden #12)',
    ]);
    expect(within(row).getByRole('button', { name: 'Marcar entregada (orden #12)' })).toBeTruthy();
  });
});
