import { Link } from 'react-router';
import { STOCK_ALERT_MESSAGES, type WaitedProduct } from '@tienda/shared/stock-alerts';
import { FormAlert } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useSetStockAlert, useWaitedProducts } from '../../../lib/api/stock-alerts';

/**
 * 'Juguetes que esperas' (docs/decisions/0040-back-in-stock-alerts.md): the sold-out toys the family asked to be told
 * about, each with a way to stop waiting. Nothing at all while there are none, or while the list loads or fails: it
 * is a convenience beside the profile, never in its way.
 */
export function WaitedToys() {
  const waited = useWaitedProducts();
  if (!waited.data || waited.data.length === 0) return null;
  return (
    <section aria-labelledby="perfil-esperas" className="card p-6">
      <h2 id="perfil-esperas" className="font-display text-xl font-semibold text-ink">
        {STOCK_ALERT_MESSAGES.listTitle}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{STOCK_ALERT_MESSAGES.listIntro}</p>
      <ul className="mt-3 divide-y divide-sand">
        {waited.data.map((product) => (
          <WaitedToy key={product.productId} product={product} />
        ))}
      </ul>
    </section>
  );
}

function WaitedToy({ product }: { product: WaitedProduct }) {
  const stop = useSetStockAlert(product.productId);
  return (
    <li className="grid gap-1 py-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link
          to={`/producto/${product.productId}`}
          className="min-h-11 min-w-0 flex-1 content-center font-semibold text-brand-dark underline underline-offset-4"
        >
          {product.name}
        </Link>
        {product.stock > 0 && (
          <span className="rounded-full bg-brand-light px-2.5 py-0.5 text-sm font-bold text-brand-dark">
            {STOCK_ALERT_MESSAGES.backNow}
          </span>
        )}
        <button
          type="button"
          className="btn-ghost min-h-11 text-sm"
          disabled={stop.isPending}
          aria-label={`${STOCK_ALERT_MESSAGES.stop}: ${product.name}`}
          onClick={() => stop.mutate(false)}
        >
          {stop.isPending ? STOCK_ALERT_MESSAGES.stopping : STOCK_ALERT_MESSAGES.stop}
        </button>
      </div>
      {stop.isError && <FormAlert>{errorMessage(stop.error, STOCK_ALERT_MESSAGES.failed)}</FormAlert>}
    </li>
  );
}
