import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ERRORS } from '@tienda/shared/messages';
import { ChevronDownIcon, SearchIcon } from '../../../components/ui/icons';
import { Pagination } from '../../../components/ui/pagination';
import { ScrollToTopButton } from '../../../components/ui/scroll-to-top-button';
import { HydrateLater } from '../../../lib/hydrate-in-steps';
import { scrollToTopOf } from '../../../lib/scroll';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAddToCart } from '../api/add-to-cart';
import { LoginRequiredDialog } from '../components/login-required-dialog';
import { useCategories } from '../api/get-categories';
import type { CatalogMode } from '../api/search-catalog';
import { CatalogCard, CatalogCardSkeleton } from '../components/catalog-card';
import { ShopToolbar } from '../components/shop-toolbar';
import { useShopResults } from '../lib/use-shop-results';
import { parseShopState, shopStateToParams, updateShopState, type ShopState } from '../lib/shop-query';

const SEARCH_DEBOUNCE_MS = 400;

/**
 * The cards' columns follow the room the results have, measured in rem: as the phone's text grows, so does a
 * column's minimum. Two columns from 18rem (a 320-px phone at normal text), three from 44rem; at 150 % or 200 %
 * text a phone shows one card a row instead of two whose words are cut a letter a line.
 */
const RESULTS_GRID = 'grid grid-cols-1 gap-3 @[18rem]:grid-cols-2 @[44rem]:grid-cols-3 sm:gap-5';

/** spec §2 /tienda. Every choice lives in the URL query string: shareable, and the back button works. */
export function Component() {
  useDocumentTitle('Tienda');
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseShopState(params), [params]);
  const commit = (change: Partial<ShopState>, options: { replace?: boolean } = {}) =>
    setParams(shopStateToParams(updateShopState(state, change)), {
      replace: options.replace,
      preventScrollReset: true,
    });
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });

  const { search, cards, total, pages, page, summary, categoryCounts, showingStale, beyondTheEnd } =
    useShopResults(state);
  const categories = useCategories();
  const cart = useAddToCart('shop');
  const resultsRef = useRef<HTMLDivElement>(null);
  // A page beyond the end moves to the last page; spec §4's back to page 1 on every other change is updateShopState's.
  useEffect(() => {
    if (beyondTheEnd) commitRef.current({ page: pages }, { replace: true });
  }, [beyondTheEnd, pages]);

  const goToPage = (next: number) => {
    commit({ page: next });
    scrollToTopOf(resultsRef.current);
  };

  return (
    <>
      <SearchHero
        committed={state.q}
        onSearch={(q, replace) => commit({ q }, { replace })}
        mode={state.mode}
        kept={[...shopStateToParams(updateShopState(state, { q: '' }))]}
      />

      <div className="mx-auto grid max-w-6xl gap-3 px-4 pt-4 lg:grid-cols-[15rem_1fr] lg:gap-8 lg:pt-10">
        <aside className="lg:sticky lg:top-32 lg:self-start">
          {state.mode === 'products' ? (
            <CategoryFilter
              selected={state.categories}
              onChange={(ids) => commit({ categories: ids })}
              categories={categories.data}
              counts={categoryCounts}
              loading={categories.isPending}
              failed={categories.isError}
            />
          ) : (
            <p className="hidden rounded-2xl bg-lavender p-4 text-sm text-ink lg:block">
              Los combos reúnen varios juguetes a un precio especial. Cambia a <strong>Productos</strong> para filtrar
              por categoría.
            </p>
          )}
        </aside>

        <div ref={resultsRef} className="@container min-w-0">
          <ShopToolbar state={state} onChange={commit} />

          <p role="status" aria-live="polite" className="mt-3 mb-3 text-sm font-semibold text-ink-soft sm:mt-5">
            {search.isPending ? 'Buscando juguetes…' : search.isError ? '' : summary}
          </p>

          {search.isError ? (
            <p role="alert" className="rounded-2xl bg-coral-light p-5 font-semibold text-danger">
              {state.mode === 'products' ? ERRORS.searchProductsFailed : ERRORS.searchCombosFailed}
            </p>
          ) : search.isPending ? (
            <ul className={RESULTS_GRID} aria-hidden="true">
              {Array.from({ length: 6 }, (_, index) => (
                <li key={index}>
                  <CatalogCardSkeleton />
                </li>
              ))}
            </ul>
          ) : total === 0 ? (
            <div className="rounded-3xl bg-white p-8 text-center shadow-sm">
              <p className="font-display text-2xl font-semibold text-ink">No encontramos juguetes con esa búsqueda</p>
              <p className="mt-2 text-ink-soft">Prueba con otra palabra, quita algún filtro o mira todo el catálogo.</p>
              <button
                type="button"
                className="btn-secondary mt-5"
                onClick={() => setParams(state.mode === 'combos' ? { tipo: 'combos' } : {})}
              >
                Limpiar filtros
              </button>
            </div>
          ) : (
            <ul
              className={`${RESULTS_GRID} transition-opacity ${showingStale ? 'opacity-60' : ''}`}
              aria-busy={showingStale}
              aria-label="Resultados"
            >
              {cards.map((item, index) => (
                // Each card hydrates in a task of its own, after the header and the search box.
                <HydrateLater key={`${item.kind}-${item.id}`}>
                  <li>
                    <CatalogCard
                      item={item}
                      priority={index < 4}
                      busy={cart.isBusy(item.kind, item.id)}
                      onAdd={(quantity) => cart.add({ kind: item.kind, id: item.id, name: item.name, quantity })}
                    />
                  </li>
                </HydrateLater>
              ))}
            </ul>
          )}

          <HydrateLater>
            <div className="mt-8">
              <Pagination
                page={page}
                pageCount={search.isError ? 1 : pages}
                onPageChange={goToPage}
                label="Páginas de resultados"
              />
            </div>
          </HydrateLater>
        </div>
      </div>

      <ScrollToTopButton threshold={100} />
      <LoginRequiredDialog open={cart.loginPromptOpen} onClose={cart.closeLoginPrompt} />
    </>
  );
}

function SearchHero({
  committed,
  onSearch,
  mode,
  kept,
}: {
  committed: string;
  onSearch: (q: string, replace: boolean) => void;
  mode: CatalogMode;
  /** The rest of the shop's URL state, which a search keeps (page 1). */
  kept: Array<[string, string]>;
}) {
  const [term, setTerm] = useState(committed);
  const lastCommitted = useRef(committed);
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  // The page is painted before its scripts start (docs/decisions/0030-…): on a slow phone a visitor may type into the
  // server's box first. Hydration keeps what they typed in the box; it counts as typed, and is searched.
  useEffect(() => {
    const typedEarly = input.current?.value;
    if (typedEarly !== undefined && typedEarly !== committed) setTerm(typedEarly);
    // Once, at hydration: later the box and `term` move together.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The URL changed from outside (back button, a shared link): show its term.
  useEffect(() => {
    if (committed !== lastCommitted.current) {
      lastCommitted.current = committed;
      setTerm(committed);
    }
  }, [committed]);
  // Searching while typing, once the visitor pauses; these steps replace each other in the history.
  useEffect(() => {
    const trimmed = term.trim();
    if (trimmed === lastCommitted.current.trim()) return;
    // A link followed while the timer runs may keep this page mounted until the next lazy screen loads: if the
    // browser's address moved on meanwhile, the typed term must not pull the visitor back to /tienda.
    const pathWhenTyped = window.location.pathname;
    const timer = window.setTimeout(() => {
      if (window.location.pathname !== pathWhenTyped) return;
      lastCommitted.current = trimmed;
      onSearchRef.current(trimmed, true);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [term]);

  return (
    <section className="bg-gradient-to-br from-brand-light via-cream to-sun-light/60">
      <div className="mx-auto max-w-6xl px-4 py-4 sm:py-12">
        <h1 className="font-display text-3xl font-bold text-ink sm:text-5xl">Tienda</h1>
        <p className="mt-2 max-w-xl text-ink-soft sm:text-lg">
          {mode === 'products'
            ? 'Juguetes educativos, sensoriales y Montessori para cada etapa.'
            : 'Combos armados con cariño, a un precio especial.'}
        </p>
        {/* Before the scripts start (docs/decisions/0030-…) the browser submits the form itself: as a GET of the same
            page, which the server renders for `q` and the state kept in the hidden fields. */}
        <form
          role="search"
          method="get"
          className="mt-3 max-w-2xl sm:mt-5"
          onSubmit={(event) => {
            event.preventDefault();
            const trimmed = term.trim();
            lastCommitted.current = trimmed;
            onSearch(trimmed, false);
          }}
        >
          {kept.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor={inputId} className="field-label">
            Buscar juguetes
          </label>
          {/* With larger text the button moves below rather than leave the box a few letters wide. */}
          <div className="flex flex-wrap gap-2">
            <div className="relative min-w-40 flex-1">
              <SearchIcon
                size={20}
                className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-ink-soft"
              />
              <input
                ref={input}
                id={inputId}
                type="search"
                name="q"
                value={term}
                maxLength={100}
                onChange={(event) => setTerm(event.target.value)}
                placeholder="Ej.: pelota, muñeca…"
                enterKeyHint="search"
                className="field-input h-12 rounded-full pl-11 text-base shadow-sm"
              />
            </div>
            <button type="submit" className="btn-primary h-12 px-6">
              Buscar
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}

interface CategoryFilterProps {
  selected: number[];
  onChange: (ids: number[]) => void;
  categories: Array<{ categoryId: number; name: string }> | undefined;
  /** Results per category for the current term and stock filter, from the server. */
  counts: Map<number, number> | undefined;
  loading: boolean;
  failed: boolean;
}

function CategoryFilter({ selected, onChange: choose, categories, counts, loading, failed }: CategoryFilterProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  // Preact has no transitions (useOptimistic): the box and the URL change render in one pass, before the next paint
  // (docs/decisions/0028-preact-runtime.md).
  const toggle = (id: number) => choose(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  // A category with nothing for this term and stock filter only says '(0)': left out, unless it is ticked (so it can
  // be unticked). The counts leave the ticked categories aside, so ticking one never hides another.
  const shown = categories?.filter(
    (category) => !counts || (counts.get(category.categoryId) ?? 0) > 0 || selected.includes(category.categoryId),
  );
  return (
    <div className="rounded-2xl bg-white px-4 py-1.5 shadow-sm lg:p-5">
      <button
        type="button"
        className="flex min-h-11 w-full items-center justify-between font-display font-semibold text-ink lg:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span>
          Filtrar por categoría
          {selected.length > 0 && (
            <span className="ml-2 rounded-full bg-brand px-2 py-0.5 text-sm text-white">{selected.length}</span>
          )}
        </span>
        <ChevronDownIcon size={20} className={`transition ${open ? 'rotate-180' : ''}`} />
      </button>
      <fieldset id={panelId} className={`${open ? 'block' : 'hidden'} pb-2 lg:block lg:pb-0`}>
        <legend className="sr-only lg:not-sr-only lg:font-display lg:text-lg lg:font-semibold lg:text-ink">
          Categorías
        </legend>
        {failed ? (
          <p role="alert" className="mt-2 text-sm font-semibold text-danger">
            {ERRORS.categoriesFailed}
          </p>
        ) : loading ? (
          <p className="mt-2 text-sm text-ink-soft">Cargando categorías…</p>
        ) : shown?.length === 0 ? (
          <p className="mt-2 text-sm text-ink-soft">Ninguna categoría tiene juguetes para esta búsqueda.</p>
        ) : (
          <ul className="mt-2 grid grid-cols-2 gap-x-3 lg:grid-cols-1">
            {shown?.map((category) => (
              <li key={category.categoryId}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-1 text-ink hover:bg-cream">
                  <input
                    type="checkbox"
                    checked={selected.includes(category.categoryId)}
                    onChange={() => toggle(category.categoryId)}
                    className="h-5 w-5 shrink-0 accent-brand"
                  />
                  <span className="text-sm font-semibold sm:text-base">
                    {category.name}
                    {counts && (
                      <>
                        {' '}
                        <span className="font-normal text-ink-soft">({counts.get(category.categoryId) ?? 0})</span>
                      </>
                    )}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {selected.length > 0 && (
          <button
            type="button"
            className="mt-2 min-h-11 text-sm font-bold text-brand underline underline-offset-4"
            onClick={() => choose([])}
          >
            Quitar filtros de categoría
          </button>
        )}
      </fieldset>
    </div>
  );
}
