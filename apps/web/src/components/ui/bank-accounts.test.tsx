import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BankAccounts } from './bank-accounts';

describe('BankAccounts', () => {
  it("copies an account's number as digits, for the family's bank app, and says so", async () => {
    // user-event puts a clipboard on the page, as a browser has one.
    const user = userEvent.setup();
    render(<BankAccounts />);
    // Shown from the render after the first (what the server painted has no clipboard).
    await user.click(await screen.findByRole('button', { name: 'Copiar número de la cuenta de Banco Atlántida' }));
    await expect(navigator.clipboard.readText()).resolves.toBe('201012345678');
    expect(await screen.findByText('Copiado')).toBeTruthy();
    expect(screen.getAllByText('Copiar número')).toHaveLength(1);
  });

  it('keeps each number and the holder\'s "S. de R. L." on one line', () => {
    render(<BankAccounts />);
    expect(screen.getByText('2010-1234-5678').className).toContain('whitespace-nowrap');
    expect(screen.getAllByText(/^A nombre de/).map((holder) => holder.textContent)).toEqual([
      'A nombre de Jugar y Crecer S.\u00a0de\u00a0R.\u00a0L.',
      'A nombre de Jugar y Crecer S.\u00a0de\u00a0R.\u00a0L.',
    ]);
  });
});
