import type { CatalogMode } from '../api/search-catalog';
import { SORT_OPTIONS, toggleSort, type ShopState } from '../lib/shop-query';

const chip = (active: boolean) =>
  `inline-flex min-h-11 shrink-0 items-center rounded-full border-2 px-4 text-sm font-bold whitespace-nowrap transition ${
    active ? 'border-brand bg-brand text-white' : 'border-sand bg-white text-ink hover:border-brand/40'
  }`;

const segment = (active: boolean) =>
  `inline-flex min-h-11 flex-1 items-center justify-center rounded-full px-2 text-sm font-bold whitespace-nowrap transition sm:flex-none sm:px-4 ${
    active ? 'bg-white text-brand-dark shadow-sm' : 'text-ink-soft hover:text-ink'
  }`;

/** /tienda's choices above the results (spec §2): products or combos, in stock or all, and the sort. */
export function ShopToolbar({ state, onChange }: { state: ShopState; onChange: (change: Partial<ShopState>) => void }) {
  return (
    <div className="flex flex-col gap-3">
      {/* The two choices wrap onto two lines when they do not fit side by side (a narrow phone, larger text). */}
      <div className="flex flex-wrap items-center gap-2 sm:justify-between">
        <div role="group" aria-label="Tipo de artículo" className="flex flex-1 rounded-full bg-sand p-1 sm:flex-none">
          {(
            [
              ['products', 'Productos'],
              ['combos', 'Combos'],
            ] as Array<[CatalogMode, string]>
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={state.mode === value}
              className={segment(state.mode === value)}
              onClick={() => state.mode !== value && onChange({ mode: value })}
            >
              {label}
            </button>
          ))}
        </div>
        <div role="group" aria-label="Disponibilidad" className="flex flex-1 rounded-full bg-sand p-1 sm:flex-none">
          {(
            [
              [true, 'En stock'],
              [false, 'Todos'],
            ] as Array<[boolean, string]>
          ).map(([value, label]) => (
            <button
              key={label}
              type="button"
              aria-pressed={state.inStock === value}
              className={segment(state.inStock === value)}
              onClick={() => state.inStock !== value && onChange({ inStock: value })}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      {/* On a phone the chips stay on one line and scroll sideways: wrapped, they pushed the first results below
          the fold. */}
      <div
        role="group"
        aria-label="Ordenar"
        className="-mx-4 flex items-center gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0"
      >
        <span aria-hidden="true" className="shrink-0 text-sm font-bold text-ink-soft">
          Ordenar:
        </span>
        {SORT_OPTIONS.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={state.sort === option.value}
            className={chip(state.sort === option.value)}
            onClick={() => onChange({ sort: toggleSort(state.sort, option.value) })}
          >
            {option.label}
          </button>
        ))}
      </div>
    </div>
  );
}
