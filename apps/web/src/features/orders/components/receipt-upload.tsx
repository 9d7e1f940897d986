import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { PAYMENT_MESSAGES, takesReceipt, type OrderJson } from '@tienda/shared/orders';
import { FileButton } from '../../../components/ui/file-button';
import { FormAlert } from '../../../components/ui/form-field';
import { ImageIcon } from '../../../components/ui/image-icon';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { photoWithinLimit } from '../../../lib/photo-for-upload';
import { usePrivateImage } from '../../../lib/use-private-image';
import { useUploadReceipt } from '../api/upload-receipt';

/** A receipt that left without an answer (no connection, the answer lost): the photo is still chosen, to send again. */
const RECEIPT_NOT_SENT = 'No se pudo enviar el comprobante. Revisa tu conexión y vuelve a tocar «Enviar comprobante».';

/** The transfer receipt: what was sent, and a form to send (or replace) it while the order waits for payment. */
export function ReceiptUpload({ order }: { order: OrderJson }) {
  const inputId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useUploadReceipt(order.orderId);
  const receipt = usePrivateImage(`/api/Order/${order.orderId}/receipt`, order.receiptUploadedAt);
  const pending = takesReceipt(order);

  const input = useRef<HTMLInputElement>(null);
  // Set at once, not on the next render as upload.isPending is: a double tap sends one receipt, not two.
  const sending = useRef(false);
  // Shown from the tap on, while the photo is made smaller and then sent.
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    setFailure(null);
    if (!file) {
      setFailure(PAYMENT_MESSAGES.receiptMissing);
      return;
    }
    sending.current = true;
    setBusy(true);
    try {
      // Made small, and said at once when still too heavy, not after minutes of sending what the server would refuse.
      await upload.mutateAsync(await photoWithinLimit(file));
    } catch (error) {
      // The server's reason when it gave one; otherwise the photo was chosen and the sending failed.
      setFailure(errorMessage(error, RECEIPT_NOT_SENT));
      return;
    } finally {
      sending.current = false;
      setBusy(false);
    }
    setFile(null);
    // The field would still name the file sent, which a second tap would not send again.
    if (input.current) input.current.value = '';
    toast.success(PAYMENT_MESSAGES.receiptUploaded);
  };

  return (
    <div className="grid gap-3">
      {order.receiptUploadedAt && (
        <figure className="grid gap-2">
          {receipt.url && (
            <img
              src={receipt.url}
              alt={`Comprobante de la orden #${order.orderId}`}
              className="max-h-72 w-auto self-start rounded-xl border border-sand object-contain"
            />
          )}
          <figcaption className="text-sm text-ink-soft">
            {/* No full stop after the time: it ends in 'p. m.' already. */}
            Comprobante enviado el {formatDateTime(order.receiptUploadedAt, 'long')}
          </figcaption>
        </figure>
      )}
      {pending && (
        <form onSubmit={submit} noValidate className="grid gap-3">
          <label htmlFor={inputId} className="font-bold text-ink">
            {order.receiptUploadedAt ? 'Cambiar el comprobante' : 'Foto o captura del comprobante'}
          </label>
          {/* Bank apps often share a PDF, which the shop does not take: said before she picks one, not after. */}
          <p id={hintId} className="-mt-2 text-sm text-ink-soft">
            Si tu banco te da el comprobante en PDF, toma una captura de pantalla y súbela.
          </p>
          <FileButton
            id={inputId}
            inputRef={input}
            aria-describedby={hintId}
            accept="image/*"
            fileName={file ? file.name : null}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          >
            <ImageIcon width={18} height={18} /> {file ? 'Cambiar comprobante' : 'Elegir comprobante'}
          </FileButton>
          <FormAlert>{failure}</FormAlert>
          <button type="submit" className="btn-primary justify-self-start px-gutter" disabled={busy}>
            {busy ? 'Enviando…' : 'Enviar comprobante'}
          </button>
        </form>
      )}
    </div>
  );
}
