import { act, render, screen, within } from '@testing-library/react';
import { toast } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { Component as ToastContainer } from './toast-container';

describe('toasts', () => {
  it('close with a Spanish-named button', async () => {
    render(<ToastContainer />);
    act(() => {
      toast.success('Producto actualizado');
    });
    // Read within this toast: a toast another test file raised with no container mounted may show here too (the
    // files share a worker, and react-toastify keeps such toasts for the next container).
    const body = await screen.findByText('Producto actualizado');
    const shown = body.closest<HTMLElement>('[role="alert"]')!;
    const close = within(shown).getByRole('button', { name: 'Cerrar aviso' });
    expect(within(shown).queryByRole('button', { name: 'close' })).toBeNull();
    // A 44 px target (size-11), not the library's 14 × 16 px cross; the toast's text is its message alone.
    expect(close.className).toContain('size-11');
    expect(shown.textContent).toBe('Producto actualizado');
  });
});
