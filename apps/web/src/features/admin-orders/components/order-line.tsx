import type { ReactNode } from 'react';
import { formatLempiras } from '@tienda/shared/pricing';
import { assetUrl } from '../../../lib/api-client';
import { useLineCombo, useLineProduct } from '../api/get-line-details';

// A neutral picture for an item that no longer exists (spec §2: fallback image with 'Producto ID: n').
const FALLBACK_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#f6ead8"/>' +
      '<path d="M20 44l8-10 6 7 5-6 7 9z" fill="#c9b79c"/><circle cx="25" cy="24" r="5" fill="#c9b79c"/></svg>',
  );

function LineRow({
  image,
  name,
  quantity,
  subtotal,
  unitprice,
}: {
  image?: string;
  name: ReactNode;
  quantity: number;
  subtotal: number;
  unitprice: number;
}) {
  return (
    <li className="flex items-center gap-4 py-3">
      <img
        src={image ?? FALLBACK_IMAGE}
        alt=""
        width={56}
        height={56}
        loading="lazy"
        className="size-14 shrink-0 rounded-xl border border-sand bg-cream object-cover"
      />
      <div className="min-w-0 flex-1">
        <p className="font-bold text-ink">{name}</p>
        <p className="text-sm text-ink-soft">
          {/* The price stays whole: 'L' and its amount on one line. */}
          Cantidad: {quantity} × <span className="whitespace-nowrap">{formatLempiras(unitprice)}</span>
        </p>
      </div>
      <p className="whitespace-nowrap font-bold tabular-nums">
        <span className="sr-only">Subtotal:</span> {formatLempiras(subtotal)}
      </p>
    </li>
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
  const image = assetUrl(line.imageUrl ?? (product ? (product.thumbnailUrl ?? product.imageUrl) : null));
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
  const image = assetUrl(line.imageUrl ?? (combo ? (combo.thumbnailUrl ?? combo.imageUrl) : null));
  return (
    <LineRow image={image} name={name} quantity={line.quantity} subtotal={line.subtotal} unitprice={line.unitprice} />
  );
}
