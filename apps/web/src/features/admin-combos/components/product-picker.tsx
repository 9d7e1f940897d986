import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ComboProduct } from '@tienda/shared/catalog';
import { ADMIN_ERRORS } from '@tienda/shared/admin-messages';
import { discountedPrice, formatLempiras } from '@tienda/shared/pricing';
import { assetUrl } from '../../../lib/api-client';
import { adminProductPageQuery } from '../../../lib/api/products';
import { RequiredMark } from '../../admin-shared/components/form-fields';
import { SearchBox } from '../../admin-shared/components/search-box';
import { XIcon } from '../../admin-shared/components/icons';
import { useDebouncedValue } from '../../admin-shared/lib/use-debounced-value';
import { cn } from '../../../lib/class-names';
import { countOf } from '@tienda/shared/plural';

/** What the form keeps of a product once seen: its name for the chosen list, its price for the combo's. */
export type KnownProduct = Pick<ComboProduct, 'productId' | 'name' | 'price' | 'discount'>;

export interface ProductPickerProps {
  /** Every product chosen or shown so far, by id (the combo's own ones first), so a chosen one keeps its name. */
  known: ReadonlyMap<number, KnownProduct>;
  onKnown: (product: KnownProduct) => void;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  invalid?: boolean;
}

/**
 * The combo's products: a search box over the product admin's list (GET /api/Product/admin-list, searched by the
 * server: the catalogue may hold 50,000 toys), its first page of matches with a checkbox each, the chosen ones above.
 */
export function ProductPicker({ known, onKnown, value, onChange, error, invalid }: ProductPickerProps) {
  const [term, setTerm] = useState('');
  const found = useQuery({
    ...adminProductPageQuery(useDebouncedValue(term.trim()), 1),
    placeholderData: keepPreviousData,
  });
  const errorId = useId();
  const matches = found.data?.items ?? [];
  const total = found.data?.total ?? 0;
  const toggle = (product: KnownProduct) => {
    const id = product.productId;
    onKnown(product);
    onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);
  };
  const nameOf = (id: number) => known.get(id)?.name ?? `Producto ID: ${id}`;
  return (
    <fieldset
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error || invalid ? true : undefined}
      className="min-w-0 space-y-3"
    >
      <legend className="field-label">
        Productos del combo
        <RequiredMark />
      </legend>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
      <div aria-live="polite" className="text-sm text-ink-soft">
        {value.length === 0
          ? 'Ningún producto seleccionado.'
          : `${countOf(value.length, 'producto seleccionado', 'productos seleccionados')}:`}
      </div>
      {value.length > 0 && (
        <ul aria-label="Productos seleccionados" className="flex flex-wrap gap-2">
          {value.map((id) => (
            <li
              key={id}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-light py-1 pl-3 pr-1 text-sm font-bold text-brand-dark"
            >
              {/* A name longer than the screen (200 % text) breaks inside its chip. */}
              <span className="min-w-0 [overflow-wrap:anywhere]">{nameOf(id)}</span>
              <button
                type="button"
                onClick={() => onChange(value.filter((v) => v !== id))}
                aria-label={`Quitar ${known.get(id)?.name ?? `producto ${id}`}`}
                className={cn(
                  'relative inline-flex size-8 items-center justify-center',
                  'rounded-full hover:bg-white after:absolute after:-inset-1.5',
                  "after:content-['']",
                )}
              >
                <XIcon width={14} height={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <SearchBox
        label="Buscar productos para el combo"
        placeholder="Buscar producto..."
        value={term}
        onChange={setTerm}
        resultText={found.data ? `${total} productos` : undefined}
      />
      {found.isPending ? (
        <p role="status" className="text-ink-soft">
          Cargando productos...
        </p>
      ) : found.isError ? (
        <p role="alert" className="field-error">
          {ADMIN_ERRORS.adminProductsLoadFailed}
        </p>
      ) : matches.length === 0 ? (
        <p className="text-ink-soft">Ningún producto coincide con la búsqueda.</p>
      ) : (
        <ul
          aria-label="Productos disponibles"
          className={cn(
            'max-h-80 divide-y divide-sand overflow-y-auto rounded-xl',
            'border bg-white',
            error || invalid ? 'border-danger' : 'border-ink-soft/20',
          )}
        >
          {matches.map((product) => (
            <li key={product.productId}>
              <label className="flex min-h-14 cursor-pointer items-center gap-3 px-3 py-2 hover:bg-cream">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-brand"
                  checked={value.includes(product.productId)}
                  onChange={() => toggle(product)}
                />
                {product.thumbnailUrl || product.imageUrl ? (
                  <img
                    src={assetUrl(product.thumbnailUrl ?? product.imageUrl)}
                    alt=""
                    width={40}
                    height={40}
                    loading="lazy"
                    className="size-10 shrink-0 rounded-lg object-cover"
                  />
                ) : (
                  <span aria-hidden="true" className="size-10 shrink-0 rounded-lg bg-sand" />
                )}
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold">{product.name}</span>
                  <span className="block text-sm text-ink-soft">
                    {formatLempiras(discountedPrice(product.price, product.discount))} · Stock {product.stock}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {matches.length > 0 && total > matches.length && (
        <p className="text-sm text-ink-soft">
          Se muestran {matches.length} de {total} productos. Escribe más del nombre para encontrar el que buscas.
        </p>
      )}
    </fieldset>
  );
}
