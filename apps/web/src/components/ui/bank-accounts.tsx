import { SHOP_BANK_ACCOUNTS, TRANSFER_INSTRUCTIONS } from '@tienda/shared/bank';

/** The shop's bank accounts for a transfer (checkout and the order page), under what to do with them. */
export function BankAccounts({ instructions = TRANSFER_INSTRUCTIONS }: { instructions?: string }) {
  return (
    <div className="rounded-2xl bg-sun-light p-4 text-sm leading-relaxed text-ink">
      <p>{instructions}</p>
      <ul className="mt-2 grid gap-2">
        {SHOP_BANK_ACCOUNTS.map((account) => (
          <li key={account.number} className="rounded-xl bg-white/70 px-3 py-2">
            <span className="block font-bold">{account.bank}</span>
            <span className="block">
              {account.kind} <span className="font-mono font-bold tracking-wide">{account.number}</span>
            </span>
            <span className="block text-ink-soft">A nombre de {account.holder}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
