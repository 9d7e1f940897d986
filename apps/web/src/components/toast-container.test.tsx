import { act, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { describe, expect, it } from 'vitest';
import { Component as ToastContainer } from './toast-container';

describe('toasts', () => {
  it('close with a Spanish-named button', async () => {
    render(<ToastContainer />);
    act(() => {
      toast.success('Producto actualizado');
    });
    const close = await screen.findByRole('button', { name: 'Cerrar aviso' });
    expect(screen.queryByRole('button', { name: 'close' })).toBeNull();
    // A 44 px target (size-11), not the library's 14 × 16 px cross; the toast's text is its message alone.
    expect(close.className).toContain('size-11');
    expect(screen.getByRole('alert').textContent).toBe('Producto actualizado');
  });
});
