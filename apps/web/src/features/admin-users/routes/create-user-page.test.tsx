import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdminScreen, scriptedFetch } from '../../admin-shared/test/render-admin';
import { Component as CreateUserPage } from './create-user-page';

async function fillAll(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Nombre/), 'Ana Paz');
  await user.type(screen.getByLabelText(/^Correo electrónico/), 'ana@jugarycrecer.hn');
  await user.type(screen.getByLabelText(/^Usuario/), 'anapaz');
  await user.type(screen.getByLabelText(/^Contraseña/), 'Secreta-2026');
}

const ANA = {
  userId: 42,
  name: 'Ana Paz',
  email: 'ana@jugarycrecer.hn',
  username: 'anapaz',
  createdAt: '2026-11-21T10:00:00.000Z',
};

describe('/crear-usuario', () => {
  it('shows the role fixed to ADMIN in a disabled selector', () => {
    vi.stubGlobal('fetch', scriptedFetch([]).fetch);
    renderAdminScreen(<CreateUserPage />, { path: '/crear-usuario' });
    const role = screen.getByLabelText('Rol') as HTMLSelectElement;
    expect(role.disabled).toBe(true);
    expect(role.value).toBe('ADMIN');
  });

  it("requires every field ('Todos los campos son obligatorios') and sends nothing", async () => {
    const server = scriptedFetch([]);
    vi.stubGlobal('fetch', server.fetch);
    const user = userEvent.setup();
    renderAdminScreen(<CreateUserPage />, { path: '/crear-usuario' });
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));
    expect(await screen.findAllByText('Todos los campos son obligatorios')).toHaveLength(1);
    await user.type(screen.getByLabelText(/^Nombre/), 'Ana');
    await user.type(screen.getByLabelText(/^Correo electrónico/), 'ana@jugarycrecer.hn');
    await user.type(screen.getByLabelText(/^Usuario/), 'ana');
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));
    expect(await screen.findAllByText('Todos los campos son obligatorios')).toHaveLength(1);
    expect(screen.getByLabelText(/^Contraseña/).getAttribute('aria-invalid')).toBe('true');
    expect(server.calls).toEqual([]);
  });

  it('creates the user, then assigns the admin role with roleId 0, then returns to the list', async () => {
    const server = scriptedFetch([
      { status: 201, body: { ...ANA, roles: [{ roleName: 'CUSTOMER' }] } },
      { status: 200, body: { ...ANA, roles: [{ roleName: 'CUSTOMER' }, { roleName: 'ADMIN' }] } },
    ]);
    vi.stubGlobal('fetch', server.fetch);
    const user = userEvent.setup();
    renderAdminScreen(<CreateUserPage />, { path: '/crear-usuario' });
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/usuarios'));
    expect(server.calls).toEqual([
      {
        url: '/api/User',
        method: 'POST',
        body: { name: 'Ana Paz', username: 'anapaz', email: 'ana@jugarycrecer.hn', passwordHash: 'Secreta-2026' },
      },
      { url: '/api/Role/CreateAndAssignAdminRole', method: 'POST', body: { userId: 42, roleId: 0 } },
    ]);
  });

  it("shows the server's 409 message, or 'Hubo un problema al crear el usuario' for any other failure", async () => {
    const exists = 'El usuario ya existe. Por favor, intenta con otro correo o nombre de usuario';
    const server = scriptedFetch([
      { status: 409, body: { message: exists } },
      { status: 500, body: { message: 'Ocurrió un error en el servidor. Inténtalo de nuevo más tarde.' } },
    ]);
    vi.stubGlobal('fetch', server.fetch);
    const user = userEvent.setup();
    renderAdminScreen(<CreateUserPage />, { path: '/crear-usuario' });
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));
    expect(await screen.findByText(exists)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));
    expect(await screen.findByText('Hubo un problema al crear el usuario')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/crear-usuario');
    expect(server.calls.map((call) => call.url)).toEqual(['/api/User', '/api/User']);
  });

  it('keeps what was typed for the next visit, never the password', async () => {
    vi.stubGlobal('fetch', scriptedFetch([]).fetch);
    const user = userEvent.setup();
    const first = renderAdminScreen(<CreateUserPage />, { path: '/crear-usuario' });
    await fillAll(user);
    const stored = JSON.stringify({ ...sessionStorage });
    expect(stored).toContain('Ana Paz');
    expect(stored).not.toContain('Secreta-2026');
    first.unmount();

    renderAdminScreen(<CreateUserPage />, { path: '/crear-usuario' });
    expect((screen.getByLabelText(/^Nombre/) as HTMLInputElement).value).toBe('Ana Paz');
    expect((screen.getByLabelText(/^Usuario/) as HTMLInputElement).value).toBe('anapaz');
    expect((screen.getByLabelText(/^Contraseña/) as HTMLInputElement).value).toBe('');
    expect(screen.getByText(/^Recuperamos/).textContent).toBe(
      'Recuperamos los cambios que no guardaste. La contraseña no se guarda: escríbela otra vez.',
    );
  });
});
