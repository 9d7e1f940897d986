import type { z } from 'zod';
import { CATALOG, type CatalogSearch } from '@tienda/shared/catalog';
import { toCents } from '@tienda/shared/pricing';
import type { DbOrTx } from '../../db/database.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import * as repo from './catalogue-item.repository.js';
import type { ItemFilter, ItemRowOf, ItemTables, ItemValues, LinkTables } from './catalogue-item.repository.js';
import { assertSecondaryImageRoom, discardUnusedImages, writeWithImages, type CatalogContext } from './image-files.js';
import { nameCollator, parseInput } from './input.js';
import { findAsTypedOrJoined, relevance, searchedWords } from './search/text.js';
import { writeEditedStock, type StockEdit } from './stock-edit.js';

// One lifecycle for the catalogue items that own images: products and combos
// (docs/decisions/0024-one-catalogue-item-lifecycle.md). Each kind describes itself once (CatalogueItemKind);
// what happens on create, update, adding or removing an image and delete is written here, once, for both.

/** The fields every kind's form has once parsed (spec §5: price in lempiras). */
export interface ItemFields {
  name: string;
  description: string;
  price: number;
  stock: number;
}

/** What tells a product from a combo in the shared lifecycle; one constant per kind in its service file. */
export interface CatalogueItemKind<Fields extends ItemFields, Details, Item, T extends ItemTables = ItemTables> {
  tables: T;
  messages: {
    /** 404 for a missing item. */
    notFound: string;
    /** 400 when the create form has no main image. */
    mainImageRequired: string;
    /** 400 when a linked row is missing, also when it is deleted while the item is being saved. */
    unknownLink: string;
  };
  /** The kind's fields as the shared schema parses them (packages/shared/src/catalog.ts); a 400 otherwise. */
  schema: z.ZodType<Fields>;
  /** Columns beyond name, description, price and stock (a product's discount). */
  extraValues(fields: Fields): Partial<ItemValues>;
  /** The rows the item links to (a product's categories, a combo's products), replaced on every save. */
  links: LinkTables;
  linkIds(fields: Fields): number[];
  /** Which of the linked ids exist. */
  existingLinks(db: DbOrTx, ids: readonly number[]): Promise<Set<number>>;
  /**
   * Rows matching a search, newest first or by price (sorting by name happens in searchItems). A kind that lists and
   * searches from elsewhere has none (products: the search index, decision 0026; its routes bring their own).
   */
  find?(db: DbOrTx, filter: ItemFilter): Promise<ItemRowOf[T['items']][]>;
  /** The images and links of a page of rows, in a few queries. */
  loadDetails(db: DbOrTx, ids: readonly number[]): Promise<Details>;
  /** The one row → JSON mapping (spec §3). */
  toJson(row: ItemRowOf[T['items']], details: Details): Item;
  /**
   * Why the item may not be deleted, or null (a product that combos hold). Asked in the deleting transaction with the
   * item's row locked, so nothing can come to depend on it between the answer and the delete.
   */
  deletionRefused?(db: DbOrTx, id: number): Promise<string | null>;
}

/** Any kind answering `Item`; what the lifecycle functions below take. */
type Kind<Item, T extends ItemTables = ItemTables> = CatalogueItemKind<ItemFields, unknown, Item, T>;

/** The uploads of a create or edit form: the main image (if any) and secondary images. */
export interface ItemImages {
  main: Buffer | null | undefined;
  secondary?: readonly Buffer[];
}

/** Sorts rows by name as a Spanish reader expects: ignoring case and accents; ties keep the newest first. */
export function sortByName<T extends { name: string }>(rows: T[], ascending: boolean): T[] {
  // Array.prototype.sort is stable, so equal names keep the SQL order (newest first).
  return rows.sort((a, b) => (ascending ? 1 : -1) * nameCollator.compare(a.name, b.name));
}

/** spec §7: GET /api/Product and GET /api/Combo — every item, newest first. */
export async function listItems<I, T extends ItemTables>(kind: Kind<I, T>, ctx: CatalogContext) {
  return present(kind, ctx.db, await sqlFind(kind)(ctx.db, {}));
}

function sqlFind<I, T extends ItemTables>(kind: Kind<I, T>) {
  if (!kind.find) throw new Error(`${kind.tables.items}: this kind answers its lists and searches from elsewhere`);
  return kind.find;
}

export async function getItem<I, T extends ItemTables>(kind: Kind<I, T>, ctx: CatalogContext, id: number): Promise<I> {
  const row = await repo.findItemById(ctx.db, kind.tables, id);
  if (!row) throw notFound(kind.messages.notFound);
  const [item] = await present(kind, ctx.db, [row]);
  return item!;
}

/**
 * spec §7: POST /api/Combo/search. A term is matched by the rules of the
 * product search (search/text.ts `relevance`: folded, singular and plural, prefix, typos), over the rows the other
 * filters keep: a shop has dozens of combos. Without a sort, the best match first, ties newest first.
 */
export async function searchItems<I, T extends ItemTables>(
  kind: Kind<I, T>,
  ctx: CatalogContext,
  search: CatalogSearch,
): Promise<I[]> {
  const ascending = search.sortAsc ?? true;
  let rows = await sqlFind(kind)(ctx.db, {
    categoryIds: search.categories ?? [],
    inStock: search.inStock ?? false,
    priceSort: search.sortBy === 'price' ? (ascending ? 'asc' : 'desc') : undefined,
  });
  const term = (search.searchTerm ?? '').trim();
  if (term !== '') {
    // A term of symbols only names no word, so it finds nothing rather than everything (as products).
    const scoredBy = (termWords: string[]) =>
      rows
        .map((row) => ({ row, score: termWords.length ? relevance(termWords, row.name, row.description) : 0 }))
        .filter(({ score }) => score > 0);
    // As the products' index reads a term: as typed, else a word typed in two (search/text.ts).
    const scored = findAsTypedOrJoined(searchedWords(term), scoredBy, (found) => found.length > 0);
    // Array.prototype.sort is stable: equal scores keep the SQL order (newest first).
    if (!search.sortBy) scored.sort((a, b) => b.score - a.score);
    rows = scored.map(({ row }) => row);
  }
  if (search.sortBy === 'name') sortByName(rows, ascending);
  return present(kind, ctx.db, rows);
}

/**
 * Creates an item with its main image and optional secondary images (admin form and demo seed).
 * Files are written first; if the database refuses, they are removed again, so nothing half-made stays.
 */
export async function createItem<I, T extends ItemTables>(
  kind: Kind<I, T>,
  ctx: CatalogContext,
  input: unknown,
  images: ItemImages,
): Promise<I> {
  const { values, linkIds } = await validate(kind, ctx, input);
  const secondary = images.secondary ?? [];
  if (!images.main || images.main.length === 0) throw badRequest(kind.messages.mainImageRequired);
  assertSecondaryImageRoom(0, secondary.length);
  const id = await writeWithImages(
    ctx,
    [images.main, ...secondary],
    ([mainKey, ...secondaryKeys]) =>
      ctx.db.transaction().execute(async (tx) => {
        const itemId = await repo.insertItem(tx, kind.tables, { ...values, image_key: mainKey! });
        await repo.replaceLinks(tx, kind.links, itemId, linkIds);
        await repo.appendItemImages(tx, kind.tables, itemId, secondaryKeys);
        return itemId;
      }),
    async () => badRequest(kind.messages.unknownLink),
  );
  return getItem(kind, ctx, id);
}

/**
 * Replaces an item's fields and links; the stock is applied as the admin's change (stock-edit.ts). Without a new
 * main image the old one and the secondary images stay; with one, the old main image's files go unless an order
 * still shows them. New secondary images are appended.
 */
export async function updateItem<I, T extends ItemTables>(
  kind: Kind<I, T>,
  ctx: CatalogContext,
  id: number,
  input: unknown,
  images: ItemImages,
  stockEdit?: StockEdit,
): Promise<I> {
  await findOrNotFound(kind, ctx.db, id);
  const { values, linkIds } = await validate(kind, ctx, input);
  const secondary = images.secondary ?? [];
  assertSecondaryImageRoom(await repo.countItemImages(ctx.db, kind.tables, id), secondary.length);
  const newMain = images.main && images.main.length > 0 ? images.main : null;
  const previousKey = await writeWithImages(
    ctx,
    newMain ? [newMain, ...secondary] : [...secondary],
    (keys) => {
      const mainKey = newMain ? keys[0] : undefined;
      const secondaryKeys = newMain ? keys.slice(1) : keys;
      return ctx.db.transaction().execute(async (tx) => {
        const current = await findOrNotFound(kind, tx, id);
        const { stock, ...rest } = values;
        await repo.updateItem(tx, kind.tables, id, mainKey ? { ...rest, image_key: mainKey } : rest);
        await writeEditedStock(tx, kind.tables.items, id, stock, stockEdit);
        await repo.replaceLinks(tx, kind.links, id, linkIds);
        await repo.appendItemImages(tx, kind.tables, id, secondaryKeys);
        return current.image_key;
      });
    },
    // A link to a row deleted meanwhile: the item itself, deleted by another admin as this one saved, or a category.
    async () =>
      (await repo.findItemById(ctx.db, kind.tables, id))
        ? badRequest(kind.messages.unknownLink)
        : notFound(kind.messages.notFound),
  );
  if (newMain) await discardUnusedImages(ctx, [previousKey]);
  return getItem(kind, ctx, id);
}

/** spec §7: POST /api/Product/{id}/images and POST /api/Combo/{id}/images — appended after the existing ones. */
export async function addItemImages<I, T extends ItemTables>(
  kind: Kind<I, T>,
  ctx: CatalogContext,
  id: number,
  files: readonly Buffer[],
): Promise<I> {
  await findOrNotFound(kind, ctx.db, id);
  if (files.length === 0) throw badRequest(CATALOG.imagesRequired);
  assertSecondaryImageRoom(await repo.countItemImages(ctx.db, kind.tables, id), files.length);
  await writeWithImages(ctx, files, (keys) =>
    ctx.db.transaction().execute(async (tx) => {
      await findOrNotFound(kind, tx, id);
      await repo.appendItemImages(tx, kind.tables, id, keys);
    }),
  );
  return getItem(kind, ctx, id);
}

/** Removes one secondary image (DELETE …/{id}/images/{imageId}, the admin's thumbnails). */
export async function removeItemImage(
  kind: Kind<unknown>,
  ctx: CatalogContext,
  id: number,
  imageId: number,
): Promise<void> {
  await findOrNotFound(kind, ctx.db, id);
  const key = await repo.deleteItemImage(ctx.db, kind.tables, id, imageId);
  if (!key) throw notFound(CATALOG.imageNotFound);
  await discardUnusedImages(ctx, [key]);
}

/** spec §7: DELETE /api/Product/{id} and DELETE /api/Combo/{id}. Order lines keep their name, price and picture. */
export async function deleteItem(kind: Kind<unknown>, ctx: CatalogContext, id: number) {
  const keys = await ctx.db.transaction().execute(async (tx) => {
    if (kind.deletionRefused) {
      if (!(await repo.lockItem(tx, kind.tables, id))) throw notFound(kind.messages.notFound);
      const refused = await kind.deletionRefused(tx, id);
      if (refused) throw conflict(refused);
    }
    const owned = await repo.itemImageKeys(tx, kind.tables, id);
    if (!(await repo.deleteItem(tx, kind.tables, id))) throw notFound(kind.messages.notFound);
    return owned;
  });
  await discardUnusedImages(ctx, keys);
}

async function findOrNotFound<T extends ItemTables>(
  kind: Kind<unknown, T>,
  db: DbOrTx,
  id: number,
): Promise<ItemRowOf[T['items']]> {
  const row = await repo.findItemById(db, kind.tables, id);
  if (!row) throw notFound(kind.messages.notFound);
  return row;
}

/** Parses the form with the kind's schema, checks that its links exist, and answers the row's columns. */
async function validate(kind: Kind<unknown>, ctx: CatalogContext, input: unknown) {
  const fields = parseInput(kind.schema, input);
  const linkIds = kind.linkIds(fields);
  const known = await kind.existingLinks(ctx.db, linkIds);
  if (linkIds.some((id) => !known.has(id))) throw badRequest(kind.messages.unknownLink);
  const values: ItemValues = {
    name: fields.name,
    description: fields.description,
    price_cents: toCents(fields.price),
    stock: fields.stock,
    ...kind.extraValues(fields),
  };
  return { values, linkIds };
}

async function present<I, T extends ItemTables>(kind: Kind<I, T>, db: DbOrTx, rows: ItemRowOf[T['items']][]) {
  const details = await kind.loadDetails(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => kind.toJson(row, details));
}
