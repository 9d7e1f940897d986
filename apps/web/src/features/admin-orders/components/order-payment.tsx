import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { ADMIN_ERRORS } from '@tienda/shared/admin-messages';
import {
  PAYMENT_MESSAGES,
  PAYMENT_METHOD_LABELS,
  paymentLinkBodySchema,
  takesPayLink,
  type OrderJson,
} from '@tienda/shared/orders';
import { TextField } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { isNetworkError } from '../../admin-shared/lib/request-errors';
import { formatDateTime } from '../../../lib/dates';
import { usePrivateImage } from '../../../lib/use-private-image';
import { useSetPaymentLink } from '../api/set-payment-link';
import { cn } from '../../../lib/class-names';

/** How the family pays: the transfer receipt to check, or the pay link to paste (docs/decisions/0020-…). */
export function OrderPayment({ order }: { order: OrderJson }) {
  const [link, setLink] = useState(order.paymentLink ?? '');
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSetPaymentLink(order.orderId);
  const receipt = usePrivateImage(`/api/Order/${order.orderId}/receipt`, order.receiptUploadedAt);
  const [receiptFull, setReceiptFull] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = paymentLinkBodySchema.safeParse({ paymentLink: link });
    if (!parsed.success) {
      setFailure(parsed.error.issues[0]?.message ?? PAYMENT_MESSAGES.linkInvalid);
      return;
    }
    setFailure(null);
    try {
      await save.mutateAsync(parsed.data.paymentLink);
    } catch (error) {
      // No answer is not a bad link: the link may even be saved and sent (saving it again sends nothing twice).
      setFailure(
        isNetworkError(error) ? ADMIN_ERRORS.orderNetworkFailed : errorMessage(error, PAYMENT_MESSAGES.linkInvalid),
      );
      return;
    }
    toast.success(PAYMENT_MESSAGES.linkSaved);
  };

  return (
    <div className="grid gap-3">
      <p className="font-bold text-ink">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</p>
      {/* Her own deadline too: a receipt left unchecked expires with the order (decision 0015). */}
      {order.expiresAt && (
        <p className="text-sm text-ink-soft">
          Si no se marca como pagada, vence el {formatDateTime(order.expiresAt)} y sus juguetes vuelven a la tienda.
        </p>
      )}
      {order.paymentMethod === 'transferencia' &&
        (order.receiptUploadedAt ? (
          <figure className="grid gap-2">
            {receipt.url && (
              // Tapped, the receipt shows at full size in the page: a browser opens no data: address in a new tab.
              <button
                type="button"
                aria-expanded={receiptFull}
                onClick={() => setReceiptFull(!receiptFull)}
                className="cursor-zoom-in rounded-xl aria-expanded:cursor-zoom-out"
              >
                <img
                  src={receipt.url}
                  alt={`Comprobante de la orden #${order.orderId}${receiptFull ? '' : ' (toca para verlo completo)'}`}
                  className={cn('w-full rounded-xl border border-sand object-contain', receiptFull ? '' : 'max-h-80')}
                />
              </button>
            )}
            <figcaption className="text-sm text-ink-soft">
              {/* No full stop after the time: it ends in 'p. m.' already. */}
              Comprobante recibido el {formatDateTime(order.receiptUploadedAt)}
            </figcaption>
          </figure>
        ) : (
          <p className="text-ink-soft">El cliente todavía no ha subido el comprobante.</p>
        ))}
      {/* Only a pending order paid by pay link takes one (decision 0020): the server refuses any other. */}
      {takesPayLink(order) && (
        <form onSubmit={submit} noValidate className="grid gap-2">
          <TextField
            label="Enlace de pago"
            type="url"
            inputMode="url"
            placeholder="Ej.: https://pagos.banco.hn/…"
            value={link}
            onChange={(event) => setLink(event.target.value)}
            error={failure ?? undefined}
          />
          <button type="submit" className="btn-primary justify-self-start" disabled={save.isPending}>
            {save.isPending ? 'Guardando…' : 'Guardar y enviar al cliente'}
          </button>
          {order.paymentLink && (
            <p className="text-sm text-ink-soft">
              Ya enviamos este enlace al cliente. Solo un enlace distinto se le vuelve a enviar.
            </p>
          )}
        </form>
      )}
      {!takesPayLink(order) && order.paymentLink && (
        <p className="text-sm break-all text-ink-soft">Enlace enviado: {order.paymentLink}</p>
      )}
    </div>
  );
}
