import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@tienda/shared/accounts';
import { renderRoute, stubFetch, type FetchReply } from '../../../test/render-route';
import { withDialogMethods } from '../../../test/dialog-methods';
import { EditUserDialog } from './edit-user-dialog';

const USER: User = {
  userId: 12,
  name: 'Ana Rivera',
  email: 'ana@correo.hn',
  username: 'anarivera',
  createdAt: '2026-11-20T10:00:00.000Z',
  roles: [{ roleName: 'Customer' }],
};

withDialogMethods();

// docs/decisions/0038-back-closes-dialogs.md, amendment of 2026-11-28 (evening): the user dialog keeps a draft too.
describe('the user dialog keeps a draft', () => {
  /** USER's edit dialog, as the users page opens it; `closes` counts its onClose calls. */
  async function open() {
    const closes = { count: 0 };
    const view = renderRoute(<EditUserDialog user={USER} onClose={() => (closes.count += 1)} />);
    const dialog = await screen.findByRole('dialog', { name: 'Editar usuario' });
    const field = (label: RegExp) => within(dialog).getByLabelText(label) as HTMLInputElement;
    return { view, dialog, field, closes, user: userEvent.setup() };
  }

  it('what was typed before the dialog ended without a close is there when it opens again; Descartar drops it', async () => {
    stubFetch(() => ({ status: 200, body: USER }));
    const first = await open();
    await first.user.type(first.field(/^Nombre/), ' de Paz');
    first.view.unmount();
    expect(first.closes.count).toBe(0);

    const again = await open();
    expect(again.field(/^Nombre/).value).toBe('Ana Rivera de Paz');
    expect(again.field(/^Correo/).value).toBe('ana@correo.hn');
    expect(within(again.dialog).getByRole('status').textContent).toBe(
      'Recuperamos los cambios que no guardaste.Descartar cambios',
    );
    await again.user.click(within(again.dialog).getByRole('button', { name: 'Cancelar' }));
    await again.user.click(within(again.dialog).getByRole('button', { name: 'Descartar' }));
    expect(again.closes.count).toBe(1);
    again.view.unmount();

    const third = await open();
    expect(third.field(/^Nombre/).value).toBe('Ana Rivera');
    expect(within(third.dialog).queryByText(/Recuperamos/)).toBeNull();
  });

  it('a save that went through leaves nothing to restore; one that failed keeps the draft', async () => {
    let answer: FetchReply = { status: 500, body: { message: 'Ocurrió un error en el servidor.' } };
    stubFetch((call) => (call.method === 'PUT' ? answer : { status: 200, body: USER }));
    const first = await open();
    await first.user.type(first.field(/^Nombre/), ' de Paz');
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Guardar Cambios' }));
    await within(first.dialog).findAllByRole('alert');
    first.view.unmount();

    const again = await open();
    expect(again.field(/^Nombre/).value).toBe('Ana Rivera de Paz');
    answer = { status: 200, body: { ...USER, name: 'Ana Rivera de Paz' } };
    await again.user.click(within(again.dialog).getByRole('button', { name: 'Guardar Cambios' }));
    await waitFor(() => expect(again.closes.count).toBe(1));
    again.view.unmount();

    const third = await open();
    expect(third.field(/^Nombre/).value).toBe('Ana Rivera');
    expect(within(third.dialog).queryByText(/Recuperamos/)).toBeNull();
  });
});
