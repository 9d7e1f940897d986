import type { ReactNode } from 'react';
import { formatLempiras } from '@tienda/shared/pricing';
import { LineItem } from '../../../components/ui/line-item';
import { useLineCombo, useLineProduct } from '../api/get-line-details';

/**
 * One line of the order: the shop's own line row (components/ui/line-item.tsx), whose amount moves under the name at
 * large text instead of squeezing it to a letter a line. An item that no longer exists shows its placeholder picture.
 */
function LineRow({
  image,
  name,
  quantity,
  subtotal,
  unitprice,
}: {
  image: string | null;
  name: ReactNode;
  quantity: number;
  subtotal: number;
  unitprice: number;
}) {
  return (
    <LineItem
      imageUrl={image}
      name={name}
      // The price stays whole: 'L' and its amount on one line.
      detail={
        <>
          Cantidad: {quantity} × <span className="whitespace-nowrap">{formatLempiras(unitprice)}</span>
        </>
      }
      amount={subtotal}
    />
  );
}

interface ProductLine {
  productId: number | null;
  quantity: number;
  unitprice: number;
  subtotal: number;
  name?: string | null;
  imageUrl?: string | null;
}

/** A product line: its own snapshot first, else GET /api/Product/{id}, else 'Producto ID: n' (spec §2, §8). */
export function OrderProductLine({ line, fallbackId }: { line: ProductLine; fallbackId: number }) {
  const hasSnapshot = Boolean(line.name);
  const lookup = useLineProduct(line.productId, !hasSnapshot);
  const product = lookup.data ?? null;
  const name = line.name || product?.name || `Producto ID: ${line.productId ?? fallbackId}`;
  const image = line.imageUrl ?? (product ? (product.thumbnailUrl ?? product.imageUrl) : null);
  return (
    <LineRow image={image} name={name} quantity={line.quantity} subtotal={line.subtotal} unitprice={line.unitprice} />
  );
}

interface ComboLine {
  comboId: number | null;
  quantity: number;
  unitprice: number;
  subtotal: number;
  name?: string | null;
  imageUrl?: string | null;
}

/** A combo line: snapshot, else GET /api/Combo/{id}, else 'Combo ID: n'. */
export function OrderComboLine({ line, fallbackId }: { line: ComboLine; fallbackId: number }) {
  const hasSnapshot = Boolean(line.name);
  const lookup = useLineCombo(line.comboId, !hasSnapshot);
  const combo = lookup.data ?? null;
  const name = line.name || combo?.name || `Combo ID: ${line.comboId ?? fallbackId}`;
  const image = line.imageUrl ?? (combo ? (combo.thumbnailUrl ?? combo.imageUrl) : null);
  return (
    <LineRow image={image} name={name} quantity={line.quantity} subtotal={line.subtotal} unitprice={line.unitprice} />
  );
}
