import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withDialogMethods } from '../../test/dialog-methods';
import { Dialog } from './dialog';
import { dropDialogEntryLeftByReload, leaveDialog } from './use-back-closes';

withDialogMethods();

/** A page with one dialog; `refuseClose` stands for a dialog whose save is under way. */
function Page({ refuseClose = false, onClose = () => {} }: { refuseClose?: boolean; onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose();
    if (!refuseClose) setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Dialog open={open} onClose={close} title="Crear Producto" actions={<button onClick={close}>Cancelar</button>}>
        <input aria-label="Nombre" />
      </Dialog>
    </>
  );
}

/** The browser's Back: jsdom moves through its history and fires popstate a moment later, as a browser does. */
async function pressBack() {
  await act(async () => {
    window.history.back();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

/** Lets the dialog's deferred history work (a timer) run. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

describe('Back closes an open dialog instead of leaving the page', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('Back closes the dialog and the page stays, at the same address', async () => {
    window.history.replaceState({ usr: null, key: 'k1', idx: 0 }, '', '/admin/productos');
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(screen.getByRole('heading', { name: 'Crear Producto' })).toBeTruthy();
    // The router's own state rides along, so the router sees no move.
    await waitFor(() =>
      expect(window.history.state).toEqual({ usr: null, key: 'k1', idx: 0, jycDialog: expect.any(String) }),
    );

    await pressBack();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Crear Producto' })).toBeNull());
    expect(window.location.pathname).toBe('/admin/productos');
    expect(window.history.state).toEqual({ usr: null, key: 'k1', idx: 0 });
  });

  it('closed with Cancelar, the dialog takes its history entry back off', async () => {
    window.history.replaceState({ idx: 0 }, '', '/admin/productos');
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    await waitFor(() => expect(window.history.state).toEqual({ idx: 0, jycDialog: expect.any(String) }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(window.history.state).toEqual({ idx: 0 }));
    expect(screen.queryByRole('heading', { name: 'Crear Producto' })).toBeNull();
  });

  it('a dialog that refuses to close (a save under way) stays open, and closing later leaves history alone', async () => {
    window.history.replaceState({ idx: 0 }, '', '/admin/productos');
    const onClose = vi.fn();
    const { rerender } = render(<Page refuseClose onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    await waitFor(() => expect(window.history.state).toEqual({ idx: 0, jycDialog: expect.any(String) }));
    await pressBack();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('heading', { name: 'Crear Producto' })).toBeTruthy();
    expect(window.history.state).toEqual({ idx: 0 });
    // The save ends and the dialog closes: its entry is already gone, so nothing is taken off the page's history.
    rerender(<Page onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await settle();
    expect(screen.queryByRole('heading', { name: 'Crear Producto' })).toBeNull();
    expect(window.history.state).toEqual({ idx: 0 });
    expect(window.location.pathname).toBe('/admin/productos');
  });
});

/** A page with a form dialog whose Nombre, once typed in, is unsaved work. */
function FormPage() {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const close = () => {
    setName('');
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Dialog
        open={open}
        onClose={close}
        title="Editar Producto"
        unsaved={name !== ''}
        actions={(cancel) => <button onClick={cancel}>Cancelar</button>}
      >
        <input aria-label="Nombre" value={name} onChange={(event) => setName(event.currentTarget.value)} />
      </Dialog>
    </>
  );
}

const question = () => screen.queryByText('¿Descartar los cambios?');
const dialogOpen = () => screen.queryByRole('heading', { name: 'Editar Producto' }) !== null;

describe('a dialog with unsaved changes asks before closing (docs/decisions/0038-…, amendment 2026-11-28)', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  async function openAndType() {
    window.history.replaceState({ idx: 0 }, '', '/admin/productos');
    render(<FormPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Tren');
    await waitFor(() => expect(window.history.state).toEqual({ idx: 0, jycDialog: expect.any(String) }));
  }

  it('Cancelar asks; Seguir editando keeps the form as it was, Descartar closes it', async () => {
    await openAndType();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(question()).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Seguir editando' }));
    await userEvent.click(screen.getByRole('button', { name: 'Seguir editando' }));
    expect(question()).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Nombre' }) as HTMLInputElement).value).toBe('Tren');

    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(dialogOpen()).toBe(false);
    await waitFor(() => expect(window.history.state).toEqual({ idx: 0 }));
  });

  it('a tap on the backdrop asks instead of closing', async () => {
    await openAndType();
    await userEvent.click(screen.getByRole('dialog'));
    expect(question()).toBeTruthy();
    expect(dialogOpen()).toBe(true);
  });

  it('Back asks and keeps the dialog and its entry; Back again keeps editing; Descartar takes the entry off', async () => {
    await openAndType();
    await pressBack();
    expect(question()).toBeTruthy();
    expect(dialogOpen()).toBe(true);
    expect(window.history.state).toEqual({ idx: 0, jycDialog: expect.any(String) });

    await pressBack();
    expect(question()).toBeNull();
    expect(dialogOpen()).toBe(true);
    expect(window.history.state).toEqual({ idx: 0, jycDialog: expect.any(String) });

    await pressBack();
    await userEvent.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(dialogOpen()).toBe(false);
    await waitFor(() => expect(window.history.state).toEqual({ idx: 0 }));
    expect(window.location.pathname).toBe('/admin/productos');
  });

  it('with nothing changed, Cancelar closes at once', async () => {
    render(<FormPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(question()).toBeNull();
    expect(dialogOpen()).toBe(false);
  });
});

describe('a dialog action that leaves the page, and a reload with a dialog open', () => {
  it('leaveDialog takes the entry off first, so a replacing navigation replaces the page itself', async () => {
    window.history.replaceState({ idx: 0 }, '', '/tienda');
    window.history.pushState({ idx: 1 }, '', '/profile');
    function Profile() {
      const [open, setOpen] = useState(true);
      return (
        <Dialog open={open} onClose={() => setOpen(false)} title="Cerrar sesión en todos los dispositivos?">
          <button
            type="button"
            onClick={async () => {
              await leaveDialog();
              // What navigate('/login', { replace: true }) does to the browser's history.
              window.history.replaceState({ idx: 1 }, '', '/login');
            }}
          >
            Cerrar sesiones
          </button>
        </Dialog>
      );
    }
    render(<Profile />);
    await waitFor(() => expect(window.history.state).toEqual({ idx: 1, jycDialog: expect.any(String) }));
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar sesiones' }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(window.history.state).toEqual({ idx: 1 });
    await pressBack();
    await waitFor(() => expect(window.location.pathname).toBe('/tienda'));
  });

  it('a page that starts on a dialog entry (reloaded with a dialog open) steps back to its own', async () => {
    window.history.replaceState({ idx: 0 }, '', '/admin/productos');
    window.history.pushState({ idx: 0, jycDialog: 'd-antes-de-recargar' }, '', '/admin/productos');
    dropDialogEntryLeftByReload();
    await waitFor(() => expect(window.history.state).toEqual({ idx: 0 }));
    expect(window.location.pathname).toBe('/admin/productos');
  });
});

describe('the first focus of a dialog', () => {
  it('goes to its first field, not to the box that scrolls its body', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Nombre' }));
  });
});
