import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_ERRORS } from '@tienda/shared/admin-messages';
import { orderJson } from '../../../test/fixtures';
import { navigatedTo, renderRoute, stubFetch, type FetchReply } from '../../../test/render-route';
import { withDialogMethods } from '../../../test/dialog-methods';
import { Component as OrderDetailPage } from './order-detail-page';

// spec §8's failed load of an order's details, and what it says beside it: a deleted order, or a retry.
describe('the admin order page when the order does not load', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const open = (reply: () => FetchReply) => {
    stubFetch(reply);
    renderRoute(<OrderDetailPage />, { path: '/admin/orden/:orderId', entry: '/admin/orden/12', signedInAs: 1 });
  };

  it('says a deleted order does not exist, with nothing to retry', async () => {
    open(() => ({ status: 404, body: { message: 'Orden no encontrada' } }));
    expect(await screen.findByText(ADMIN_ERRORS.orderDetailFailed)).toBeTruthy();
    expect(screen.getByText('Esta orden no existe o fue eliminada.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('tries again after a load lost on the way, and shows the order once it comes', async () => {
    let answer: FetchReply = 'network-error';
    open(() => answer);
    expect(await screen.findByText(ADMIN_ERRORS.orderDetailFailed)).toBeTruthy();
    expect(screen.queryByText('Esta orden no existe o fue eliminada.')).toBeNull();
    answer = { status: 200, body: orderJson({ orderId: 12 }) };
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Detalles de la Orden #12' })).toBeTruthy();
  });
});

describe('deleting an order from its page', () => {
  withDialogMethods();
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('says what happens to its units and its family before it deletes, then goes back to the orders', async () => {
    // Once deleted, the order answers 404, as the server does.
    let deleted = false;
    const calls = stubFetch((call) => {
      if (call.method === 'DELETE') {
        deleted = true;
        return { status: 204 };
      }
      return deleted
        ? { status: 404, body: { message: 'La orden no existe.' } }
        : { status: 200, body: orderJson({ orderId: 12 }) };
    });
    renderRoute(<OrderDetailPage />, { path: '/admin/orden/:orderId', entry: '/admin/orden/12', signedInAs: 1 });
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar (orden #12)' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('¿Estás seguro que deseas eliminar la orden #12?');
    expect(dialog.textContent).toContain(
      'Si está pendiente o pagada, sus unidades vuelven al stock y le avisamos a la familia por correo que la orden fue ' +
        'cancelada. Para conservarla en la lista, cancélala en vez de eliminarla.',
    );
    // A double tap on Ok lands twice before the dialog draws its busy state: one delete goes.
    const ok = screen.getByRole('button', { name: 'Ok' });
    fireEvent.click(ok);
    fireEvent.click(ok);
    expect(await screen.findByText('Orden eliminada')).toBeTruthy();
    expect(await navigatedTo()).toBe('/ordenes-pendientes');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/Order/12']);
    // The gone order was not asked for again.
    expect(calls.filter((c) => c.url === '/api/Order/12' && c.method === 'GET')).toHaveLength(1);
  });
});

describe('changing an order status from its page', () => {
  withDialogMethods();
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  // An expired order (status 3) whose units went back to the shelf.
  const tryToMarkPaid = async (answer: FetchReply) => {
    stubFetch((call) =>
      call.method === 'PUT' ? answer : { status: 200, body: orderJson({ orderId: 12, orderStatus: 3 }) },
    );
    renderRoute(<OrderDetailPage />, { path: '/admin/orden/:orderId', entry: '/admin/orden/12', signedInAs: 1 });
    await userEvent.click(await screen.findByRole('button', { name: 'Marcar pagada (orden #12)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Ok' }));
  };

  it("names the toy that sold out when an expired order cannot come back, not the spec's generic text", async () => {
    const reason = 'No se puede reactivar la orden vencida: «Túnel de gateo plegable» está agotado.';
    await tryToMarkPaid({ status: 409, body: { message: reason } });
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.queryByText(ADMIN_ERRORS.orderPayFailed)).toBeNull();
  });

  it("keeps the spec's text for an order that is not there", async () => {
    await tryToMarkPaid({ status: 404, body: { message: 'La orden no existe.' } });
    expect(await screen.findByText(ADMIN_ERRORS.orderPayFailed)).toBeTruthy();
  });

  it('says who closed a cancelled order, and that reopening it takes its units again and e-mails the family', async () => {
    const calls = stubFetch(() => ({
      status: 200,
      body: orderJson({ orderId: 12, orderStatus: 4, cancelledBy: 'familia' }),
    }));
    renderRoute(<OrderDetailPage />, { path: '/admin/orden/:orderId', entry: '/admin/orden/12', signedInAs: 1 });
    expect(await screen.findByText('La familia canceló esta orden y sus unidades volvieron al stock.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Marcar pendiente (orden #12)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Marcar como pendiente' });
    expect(dialog.textContent).toContain(
      'Sus unidades se apartan otra vez del stock y le avisamos a la familia por correo que la orden está activa otra vez.',
    );
    // 'Cancelar' beside a cancelled order would read as cancelling it.
    await userEvent.click(screen.getByRole('button', { name: 'Volver' }));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('cancels a paid order as the shop, saying first what it does, and then shows who cancelled it', async () => {
    let cancelled = false;
    const calls = stubFetch((call) => {
      if (call.method === 'PUT') cancelled = true;
      return {
        status: 200,
        body: cancelled
          ? orderJson({ orderId: 12, orderStatus: 4, cancelledBy: 'tienda', paidAt: '2026-11-23T06:00:00.000Z' })
          : orderJson({ orderId: 12, orderStatus: 1, paidAt: '2026-11-23T06:00:00.000Z' }),
      };
    });
    renderRoute(<OrderDetailPage />, { path: '/admin/orden/:orderId', entry: '/admin/orden/12', signedInAs: 1 });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar orden (orden #12)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar orden' });
    expect(dialog.textContent).toContain('¿Cancelar la orden #12?');
    expect(dialog.textContent).toContain(
      'La orden queda en la lista como Cancelado, sus unidades vuelven al stock y le avisamos a la familia por ' +
        'correo. Está pagada: el correo le dice que le devolverás el dinero.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sí, cancelarla' }));
    expect(await screen.findByText('Orden cancelada')).toBeTruthy();
    expect(await screen.findByText('La tienda canceló esta orden y sus unidades volvieron al stock.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.url)).toEqual(['/api/Order/12/cancel']);
    // Cancelled, it can be set to a status again, not cancelled twice.
    expect(screen.queryByRole('button', { name: 'Cancelar orden (orden #12)' })).toBeNull();
  });

  it("tells the server's reason when the order was delivered meanwhile", async () => {
    const reason = 'Esta orden ya fue entregada, así que no se puede cancelar.';
    stubFetch((call) =>
      call.method === 'PUT'
        ? { status: 409, body: { message: reason } }
        : { status: 200, body: orderJson({ orderId: 12, orderStatus: 0 }) },
    );
    renderRoute(<OrderDetailPage />, { path: '/admin/orden/:orderId', entry: '/admin/orden/12', signedInAs: 1 });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar orden (orden #12)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar orden' });
    expect(dialog.textContent).toContain(
      'La orden queda en la lista como Cancelado, sus unidades vuelven al stock y le avisamos a la familia por correo.',
    );
    expect(dialog.textContent).not.toContain('Está pagada');
    await userEvent.click(screen.getByRole('button', { name: 'Sí, cancelarla' }));
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.queryByText(ADMIN_ERRORS.orderCancelFailed)).toBeNull();
  });
});
