import { Link, useLocation } from 'react-router';
import { STOCK_ALERT_MESSAGES } from '@tienda/shared/stock-alerts';
import { FormAlert } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { returnHere } from '../../../lib/return-after-login';
import { useSession } from '../../../lib/session';
import { useSetStockAlert, useStockAlert } from '../../../lib/api/stock-alerts';

/**
 * Under a sold-out product (docs/decisions/0040-back-in-stock-alerts.md): a family asks to be e-mailed when it is back,
 * and may take it back; a guest is sent to log in, and brought back to the toy.
 */
export function StockAlertOffer({ productId }: { productId: number }) {
  const { userId } = useSession();
  const location = useLocation();
  const alert = useStockAlert(productId, userId !== null);
  const change = useSetStockAlert(productId);
  if (userId === null) {
    return (
      <p className="text-sm font-semibold text-ink-soft">
        {STOCK_ALERT_MESSAGES.guest}{' '}
        <Link to="/login" state={returnHere(location)} className="text-brand-dark underline">
          Iniciar sesión
        </Link>
      </p>
    );
  }
  const waiting = alert.data?.waiting === true;
  return (
    <div className="grid justify-items-start gap-2">
      <p role="status" className="text-sm font-semibold text-ink-soft">
        {waiting ? STOCK_ALERT_MESSAGES.waiting : STOCK_ALERT_MESSAGES.offer}
      </p>
      <button
        type="button"
        className={waiting ? 'btn-secondary min-h-11 px-4' : 'btn-primary min-h-11 px-4'}
        // Until the account's answer is known, a tap could ask for what it already has.
        disabled={change.isPending || alert.isPending}
        onClick={() => change.mutate(!waiting)}
      >
        {change.isPending
          ? waiting
            ? STOCK_ALERT_MESSAGES.stopping
            : STOCK_ALERT_MESSAGES.asking
          : waiting
            ? STOCK_ALERT_MESSAGES.stop
            : STOCK_ALERT_MESSAGES.ask}
      </button>
      {change.isError && <FormAlert>{errorMessage(change.error, STOCK_ALERT_MESSAGES.failed)}</FormAlert>}
    </div>
  );
}
