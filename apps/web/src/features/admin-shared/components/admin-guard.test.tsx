import { screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '../../../lib/api-client';
import { renderRoute, stubFetch, type FetchReply } from '../../../test/render-route';
import { AdminGuard } from './admin-guard';

function OrdersProbe() {
  const orders = useQuery({ queryKey: ['probe-orders'], queryFn: () => apiRequest<string[]>('/api/probe-orders') });
  return <h1>Órdenes: {orders.data?.join(', ') ?? '…'}</h1>;
}

/** The admin check answers when `answerCheck` is called; the screen's own data at once. */
function setup(checkReply: FetchReply) {
  let answerCheck = () => {};
  const checkAnswered = new Promise<void>((resolve) => (answerCheck = resolve));
  const calls = stubFetch(async ({ url }) => {
    if (url.startsWith('/api/Role/VerifyAdminRole/')) {
      await checkAnswered;
      return checkReply;
    }
    return { status: 200, body: ['#12', '#11'] };
  });
  renderRoute(
    <AdminGuard>
      <OrdersProbe />
    </AdminGuard>,
    { path: '/ordenes-pendientes', signedInAs: 1 },
  );
  return { calls, answerCheck };
}

describe('AdminGuard (spec §6)', () => {
  it("asks for the screen's data beside the check and shows it only once the check says admin", async () => {
    const { calls, answerCheck } = setup({ status: 200, body: {} });
    // Both at once (the screen's effect runs first, as a child's does).
    await expect
      .poll(() => calls.map((call) => call.url).sort())
      .toEqual(['/api/Role/VerifyAdminRole/1', '/api/probe-orders']);
    // The data is in, the check is not: still 'Cargando...', and nothing of the screen for eyes or screen readers.
    await expect.poll(() => document.body.textContent).toContain('Órdenes: #12, #11');
    expect(screen.getByRole('status').textContent).toBe('Cargando...');
    expect(screen.queryByRole('heading')).toBeNull();

    answerCheck();
    expect((await screen.findByRole('heading')).textContent).toBe('Órdenes: #12, #11');
    expect(screen.queryByText('Cargando...')).toBeNull();
  });

  it('shows the notice, and nothing of the screen, when the check fails', async () => {
    const { answerCheck } = setup({ status: 403, body: { message: 'No autorizado' } });
    answerCheck();
    await screen.findByRole('heading', { name: 'Vista exclusiva para administradores' });
    expect(screen.getByText('Lo sentimos, no tienes acceso a esta sección.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Órdenes');
  });
});
