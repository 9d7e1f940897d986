import { useMemo } from 'react';
import { PAGE_SIZE, pageCount } from '@tienda/shared/constants';
import { countOf } from '@tienda/shared/plural';
import { useCatalogSearch, type CatalogResult } from '../api/search-catalog';
import type { CatalogCardItem } from '../components/catalog-card';
import { toSearchBody, type ShopState } from './shop-query';

/** The cards of a search's answer, products and combos alike. */
function toCards(result: CatalogResult | undefined): CatalogCardItem[] {
  if (!result) return [];
  if (result.mode === 'products') {
    return result.items.map((p) => ({
      kind: 'product',
      id: p.productId,
      name: p.name,
      description: p.description,
      price: p.price,
      discount: p.discount,
      stock: p.stock,
      imageUrl: p.imageUrl,
    }));
  }
  return result.items.map((c) => ({
    kind: 'combo',
    id: c.comboId,
    name: c.name,
    description: c.description,
    price: c.price,
    discount: 0,
    stock: c.stock,
    imageUrl: c.imageUrl,
  }));
}

/**
 * What /tienda shows for the state in its address: the page of cards, the count and pages, the categories' counts.
 * spec §9: pages of 30; products come a page at a time from the server (docs/decisions/0026-…), combos (dozens)
 * are paged here.
 */
export function useShopResults(state: ShopState) {
  const body = useMemo(() => toSearchBody(state), [state]);
  const search = useCatalogSearch(state.mode, body, { page: state.page, pageSize: PAGE_SIZE });
  const result = search.data;
  const cards = useMemo(() => toCards(result), [result]);
  const pagedByServer = result?.mode === 'products';
  const total = pagedByServer ? result.total : cards.length;
  const pages = pageCount(total, PAGE_SIZE);
  const page = Math.min(state.page, pages);
  const categoryCounts = useMemo(
    () =>
      result?.mode === 'products'
        ? new Map(result.categoryCounts.map((entry) => [entry.categoryId, entry.count]))
        : undefined,
    [result],
  );
  const showingStale = search.isPlaceholderData;
  return {
    search,
    cards: pagedByServer ? cards : cards.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    total,
    pages,
    page,
    /** '31 productos · página 2 de 2' */
    summary:
      (state.mode === 'products' ? countOf(total, 'producto', 'productos') : countOf(total, 'combo', 'combos')) +
      (pages > 1 ? ` · página ${page} de ${pages}` : ''),
    categoryCounts,
    showingStale,
    /** A page beyond the end (an old link, or products sold out meanwhile): the shop moves to the last page. */
    beyondTheEnd: pagedByServer && !showingStale && state.page > pages,
  };
}
