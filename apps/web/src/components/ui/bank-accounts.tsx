import { useEffect, useState } from 'react';
import { SHOP_BANK_ACCOUNTS, TRANSFER_INSTRUCTIONS } from '@tienda/shared/bank';
import { useHydrated } from '../../lib/use-hydrated';

/** The shop's bank accounts for a transfer (checkout and the order page), under what to do with them. */
export function BankAccounts({ instructions = TRANSFER_INSTRUCTIONS }: { instructions?: string }) {
  return (
    <div className="rounded-2xl bg-sun-light p-4 text-sm leading-relaxed text-ink">
      <p>{instructions}</p>
      <ul className="mt-2 grid gap-2">
        {SHOP_BANK_ACCOUNTS.map((account) => (
          <li
            key={account.number}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl bg-white/70 px-3 py-2"
          >
            <span className="min-w-0">
              <span className="block font-bold">{account.bank}</span>
              <span className="block">
                {account.kind} {/* One piece: a number split over two lines is copied by hand wrongly. */}
                <span className="whitespace-nowrap font-mono font-bold tracking-wide">{account.number}</span>
              </span>
              <span className="block text-ink-soft">A nombre de {unbrokenCompanyType(account.holder)}</span>
            </span>
            <CopyNumberButton number={account.number} bank={account.bank} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The family pays from its bank's app on the same phone: the account number copied, digits only (what a bank's
 * number field takes), instead of read and typed across two apps. Only where the browser lets a page copy.
 */
function CopyNumberButton({ number, bank }: { number: string; bank: string }) {
  const [copied, setCopied] = useState(false);
  // After hydration: the server's HTML has no clipboard, and the first render must match it.
  const canCopy = useHydrated() && navigator.clipboard !== undefined;
  useEffect(() => {
    if (!copied) return;
    const done = setTimeout(() => setCopied(false), 2_500);
    return () => clearTimeout(done);
  }, [copied]);
  if (!canCopy) return null;
  return (
    <button
      type="button"
      className="btn-secondary h-11 shrink-0 px-4 text-sm"
      onClick={() =>
        void navigator.clipboard.writeText(number.replace(/\D/g, '')).then(
          () => setCopied(true),
          () => {},
        )
      }
    >
      <span aria-live="polite">{copied ? 'Copiado' : 'Copiar número'}</span>{' '}
      <span className="sr-only">de la cuenta de {bank}</span>
    </button>
  );
}

/** Honduras' 'S. de R. L.' on one line: split, 'R. L.' alone on the next line reads as something else. */
const unbrokenCompanyType = (holder: string) => holder.replace(/S\. de R\. L\./, 'S.\u00a0de\u00a0R.\u00a0L.');
