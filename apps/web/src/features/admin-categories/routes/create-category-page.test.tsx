import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdminScreen, scriptedFetch } from '../../admin-shared/test/render-admin';
import { Component as CreateCategoryPage } from './create-category-page';

describe('/crear-categoria', () => {
  it("sends no request when a field is blank after trimming, and says 'Todos los campos son obligatorios.' once", async () => {
    const server = scriptedFetch([]);
    vi.stubGlobal('fetch', server.fetch);
    const user = userEvent.setup();
    renderAdminScreen(<CreateCategoryPage />, { path: '/crear-categoria' });

    expect(screen.getByRole('heading', { level: 1, name: 'Crear Nueva Categoría' })).toBeTruthy();
    // Every admin screen names its tab after its heading (AdminPage).
    expect(document.title).toBe('Crear Nueva Categoría · Jugar y Crecer');
    await user.click(screen.getByRole('button', { name: 'Crear Categoría' }));
    expect(await screen.findAllByText('Todos los campos son obligatorios.')).toHaveLength(1);
    // The message sits under the first field, which gets the focus; both fields are marked invalid.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Nombre/)));
    expect(screen.getByLabelText(/^Nombre/).getAttribute('aria-describedby')).toContain(
      screen.getByText('Todos los campos son obligatorios.').id,
    );

    // Only spaces in the description: still blank.
    await user.type(screen.getByLabelText(/^Nombre/), 'Juegos de mesa');
    await user.type(screen.getByLabelText(/^Descripción/), '    ');
    await user.click(screen.getByRole('button', { name: 'Crear Categoría' }));
    expect(await screen.findAllByText('Todos los campos son obligatorios.')).toHaveLength(1);
    expect(screen.getByLabelText(/^Descripción/).getAttribute('aria-invalid')).toBe('true');
    expect(server.calls).toEqual([]);
  });

  it('posts the trimmed fields and goes back to the list', async () => {
    const server = scriptedFetch([
      { status: 201, body: { categoryId: 9, name: 'Juegos de mesa', description: 'Para jugar en familia' } },
    ]);
    vi.stubGlobal('fetch', server.fetch);
    const user = userEvent.setup();
    renderAdminScreen(<CreateCategoryPage />, { path: '/crear-categoria' });

    await user.type(screen.getByLabelText(/^Nombre/), '  Juegos de mesa ');
    await user.type(screen.getByLabelText(/^Descripción/), 'Para jugar en familia');
    await user.click(screen.getByRole('button', { name: 'Crear Categoría' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/categorias'));
    expect(server.calls).toEqual([
      { url: '/api/Category', method: 'POST', body: { name: 'Juegos de mesa', description: 'Para jugar en familia' } },
    ]);
  });

  it('creates one category when the button is clicked twice at once', async () => {
    const server = scriptedFetch([
      { status: 201, body: { categoryId: 9, name: 'Juegos de mesa', description: 'Para jugar en familia' } },
      { status: 409, body: { message: 'Ya existe una categoría con ese nombre.' } },
    ]);
    vi.stubGlobal('fetch', server.fetch);
    const user = userEvent.setup();
    renderAdminScreen(<CreateCategoryPage />, { path: '/crear-categoria' });

    await user.type(screen.getByLabelText(/^Nombre/), 'Juegos de mesa');
    await user.type(screen.getByLabelText(/^Descripción/), 'Para jugar en familia');
    // Two clicks before the page has drawn its busy state, as a quick double tap lands in Chromium.
    const button = screen.getByRole('button', { name: 'Crear Categoría' });
    fireEvent.click(button);
    fireEvent.click(button);

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/categorias'));
    expect(server.calls).toEqual([
      { url: '/api/Category', method: 'POST', body: { name: 'Juegos de mesa', description: 'Para jugar en familia' } },
    ]);
    expect(screen.queryByText(/Error al crear la categoría/)).toBeNull();
  });

  it("shows 'Error al crear la categoría: ' with the server's message and stays", async () => {
    const server = scriptedFetch([{ status: 409, body: { message: 'Ya existe una categoría con ese nombre.' } }]);
    vi.stubGlobal('fetch', server.fetch);
    const user = userEvent.setup();
    renderAdminScreen(<CreateCategoryPage />, { path: '/crear-categoria' });

    await user.type(screen.getByLabelText(/^Nombre/), 'Peluches');
    await user.type(screen.getByLabelText(/^Descripción/), 'Suaves');
    await user.click(screen.getByRole('button', { name: 'Crear Categoría' }));

    expect(
      await screen.findByText('Error al crear la categoría: Ya existe una categoría con ese nombre.'),
    ).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/crear-categoria');
  });

  it("says 'Error de red' after the message when no answer came, not an unexpected error", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const user = userEvent.setup();
    renderAdminScreen(<CreateCategoryPage />, { path: '/crear-categoria' });
    await user.type(screen.getByLabelText(/^Nombre/), 'Disfraces');
    await user.type(screen.getByLabelText(/^Descripción/), 'Para jugar a ser');
    await user.click(screen.getByRole('button', { name: 'Crear Categoría' }));
    expect((await screen.findAllByText('Error al crear la categoría: Error de red')).length).toBeGreaterThan(0);
    expect(screen.queryByText(/error inesperado/)).toBeNull();
  });

  it('enforces the 100-character name limit with its message', async () => {
    const server = scriptedFetch([]);
    vi.stubGlobal('fetch', server.fetch);
    const user = userEvent.setup();
    renderAdminScreen(<CreateCategoryPage />, { path: '/crear-categoria' });

    await user.click(screen.getByLabelText(/^Nombre/));
    await user.paste('a'.repeat(101));
    await user.type(screen.getByLabelText(/^Descripción/), 'Texto');
    await user.click(screen.getByRole('button', { name: 'Crear Categoría' }));
    expect(await screen.findByText('El nombre no puede tener más de 100 caracteres')).toBeTruthy();
    expect(server.calls).toEqual([]);
  });
});
