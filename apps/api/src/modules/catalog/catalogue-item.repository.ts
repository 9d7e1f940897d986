import { type Insertable, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { SecondaryImage } from '@tienda/shared/catalog';
import type { DbOrTx } from '../../db/database.js';
import { isPostgres } from '../../db/dialect.js';
import type { ComboRow, Database, ProductRow } from '../../db/schema.js';
import { nowIso, toIsoString } from '../../db/timestamps.js';
import { imageUrl, thumbnailUrl } from '../../lib/images.js';
import { chunks } from './input.js';

// The queries products and combos share: both own a main image (image_key), ordered secondary images and links to
// other rows (docs/decisions/0024-one-catalogue-item-lifecycle.md). Each kind names its tables once below.

/** Where one kind of catalogue item lives: its rows, its secondary images and the column tying an image to it. */
export type ItemTables =
  | { items: 'products'; images: 'product_images'; owner: 'product_id' }
  | { items: 'combos'; images: 'combo_images'; owner: 'combo_id' };

export const PRODUCT_TABLES = { items: 'products', images: 'product_images', owner: 'product_id' } as const;
export const COMBO_TABLES = { items: 'combos', images: 'combo_images', owner: 'combo_id' } as const;

/** The links an item keeps to other rows: a product's categories, a combo's products. */
export type LinkTables =
  | { table: 'product_categories'; owner: 'product_id'; target: 'category_id' }
  | { table: 'combo_products'; owner: 'combo_id'; target: 'product_id' };

export const PRODUCT_CATEGORY_LINKS = {
  table: 'product_categories',
  owner: 'product_id',
  target: 'category_id',
} as const;
export const COMBO_PRODUCT_LINKS = { table: 'combo_products', owner: 'combo_id', target: 'product_id' } as const;

/** The columns an admin form writes; discount_bp only for products (a combo's price has no discount). */
export interface ItemValues {
  name: string;
  description: string;
  price_cents: number;
  stock: number;
  discount_bp?: number;
}

export interface ItemRowOf {
  products: ProductRow;
  combos: ComboRow;
}

export interface ImageRow {
  id: number;
  owner_id: number;
  image_key: string;
}

/** The filters of a search over products or combos (spec §7 POST …/search) that SQL applies; the term is matched after. */
export interface ItemFilter {
  /** Keeps items in ANY of these categories (a combo: through its products). */
  categoryIds?: readonly number[];
  inStock?: boolean;
  /** Sorts by the price the customer pays; otherwise newest first. */
  priceSort?: 'asc' | 'desc';
}

/** How a kind's search differs: which of its items are in any of some categories, and the price it sorts by. */
export interface ItemSearchSql {
  /** A query answering the ids of the items in ANY of `categoryIds`. */
  idsInCategories(categoryIds: number[]): SelectQueryBuilder<Database, keyof Database, { id: number }>;
  /** The price the customer pays, for sorting. */
  paidPrice: RawBuilder<unknown>;
}

/**
 * Items matching a search's filters: in stock when asked, in any of the categories; newest first or by the price
 * paid (the term and name sorting are applied in the service).
 */
export async function findItems<T extends ItemTables>(
  db: DbOrTx,
  tables: T,
  filter: ItemFilter,
  kindSql: ItemSearchSql,
): Promise<ItemRowOf[T['items']][]> {
  const table: ItemTables['items'] = tables.items;
  let query = db.selectFrom(table).selectAll();
  if (filter.inStock) query = query.where('stock', '>', 0);
  if (filter.categoryIds && filter.categoryIds.length > 0) {
    query = query.where('id', 'in', kindSql.idsInCategories([...filter.categoryIds]));
  }
  if (filter.priceSort) query = query.orderBy(kindSql.paidPrice, filter.priceSort);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows as ItemRowOf[T['items']][];
}

export async function findItemById<T extends ItemTables>(
  db: DbOrTx,
  tables: T,
  id: number,
): Promise<ItemRowOf[T['items']] | undefined> {
  const row = await db.selectFrom(tables.items).selectAll().where('id', '=', id).executeTakeFirst();
  return row as ItemRowOf[T['items']] | undefined;
}

export async function insertItem(
  db: DbOrTx,
  tables: ItemTables,
  values: ItemValues & { image_key: string | null },
): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto(tables.items)
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes the form's columns except stock (stock-edit.ts writes it as a change) and, when given, a new main image. */
export async function updateItem(
  db: DbOrTx,
  tables: ItemTables,
  id: number,
  values: Omit<ItemValues, 'stock'> & { image_key?: string | null },
): Promise<void> {
  await db
    .updateTable(tables.items)
    .set({ ...values, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/**
 * Locks an item's row until the transaction ends (PostgreSQL; SQLite's one writer needs none), so a link to it (a
 * combo's product) can be neither added nor removed meanwhile. False when there is no such item.
 */
export async function lockItem(db: DbOrTx, tables: ItemTables, id: number): Promise<boolean> {
  let query = db.selectFrom(tables.items).select('id').where('id', '=', id);
  if (isPostgres(db)) query = query.forUpdate();
  return (await query.executeTakeFirst()) !== undefined;
}

/** Deletes an item; images, links and cart lines cascade, order lines keep their snapshot. */
export async function deleteItem(db: DbOrTx, tables: ItemTables, id: number): Promise<boolean> {
  const result = await db.deleteFrom(tables.items).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Replaces every link of one item (a product's categories, a combo's products). */
export async function replaceLinks(db: DbOrTx, links: LinkTables, ownerId: number, ids: readonly number[]) {
  await db.deleteFrom(links.table).where(links.owner, '=', ownerId).execute();
  if (ids.length === 0) return;
  await db
    .insertInto(links.table)
    .values(
      ids.map((id) => ({ [links.owner]: ownerId, [links.target]: id }) as Insertable<Database[LinkTables['table']]>),
    )
    .execute();
}

/** Appends secondary images after the existing ones. */
export async function appendItemImages(
  db: DbOrTx,
  tables: ItemTables,
  ownerId: number,
  keys: readonly string[],
): Promise<void> {
  if (keys.length === 0) return;
  const { last } = await db
    .selectFrom(tables.images)
    .select((eb) => eb.fn.max('position').as('last'))
    .where(tables.owner, '=', ownerId)
    .executeTakeFirstOrThrow();
  const start = last === null ? 0 : Number(last) + 1;
  await db
    .insertInto(tables.images)
    .values(keys.map((key, index) => ({ [tables.owner]: ownerId, image_key: key, position: start + index })))
    .execute();
}

export async function countItemImages(db: DbOrTx, tables: ItemTables, ownerId: number): Promise<number> {
  const { count } = await db
    .selectFrom(tables.images)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(tables.owner, '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Removes one secondary image row; answers its key, or null when the item has no such image. */
export async function deleteItemImage(db: DbOrTx, tables: ItemTables, ownerId: number, imageId: number) {
  const row = await db
    .deleteFrom(tables.images)
    .where('id', '=', imageId)
    .where(tables.owner, '=', ownerId)
    .returning('image_key')
    .executeTakeFirst();
  return row?.image_key ?? null;
}

/** The image keys an item owns (main and secondary). */
export async function itemImageKeys(db: DbOrTx, tables: ItemTables, id: number): Promise<string[]> {
  const rows = await db
    .selectFrom(tables.items)
    .select('image_key')
    .where('id', '=', id)
    .unionAll(db.selectFrom(tables.images).select('image_key').where(tables.owner, '=', id))
    .execute();
  return rows.map((row) => row.image_key).filter((key): key is string => !!key);
}

/**
 * Runs `query` over `ownerIds` in chunks (IN (…) stays far below both databases' parameter limits) and groups the
 * answers by owner, in the query's order: how each kind loads the images and links of a page of items.
 */
export async function loadByOwner<Row, Value>(
  ownerIds: readonly number[],
  query: (part: number[]) => Promise<Row[]>,
  ownerOf: (row: Row) => number,
  valueOf: (row: Row) => Value,
): Promise<Map<number, Value[]>> {
  const grouped = new Map<number, Value[]>();
  for (const part of chunks([...new Set(ownerIds)])) {
    for (const row of await query(part)) {
      const owner = ownerOf(row);
      grouped.set(owner, [...(grouped.get(owner) ?? []), valueOf(row)]);
    }
  }
  return grouped;
}

/** The secondary images of a page of items, by owner, in position order. */
export function loadItemImages(
  db: DbOrTx,
  tables: ItemTables,
  ownerIds: readonly number[],
): Promise<Map<number, ImageRow[]>> {
  return loadByOwner(
    ownerIds,
    (part) =>
      db
        .selectFrom(tables.images)
        .select(['id', `${tables.owner} as owner_id`, 'image_key'])
        .where(tables.owner, 'in', part)
        .orderBy('position')
        .orderBy('id')
        .execute() as Promise<ImageRow[]>,
    (row) => row.owner_id,
    (row) => row,
  );
}

/** The fields every item's JSON has (spec §3 Product and Combo, plus thumbnailUrl, secondaryImages, createdAt). */
export function itemJson(
  row: Pick<
    ItemRowOf[ItemTables['items']],
    'name' | 'description' | 'price_cents' | 'stock' | 'image_key' | 'created_at'
  >,
  images: readonly ImageRow[],
) {
  return {
    name: row.name,
    description: row.description,
    price: row.price_cents / 100,
    stock: row.stock,
    imageUrl: imageUrl(row.image_key),
    thumbnailUrl: thumbnailUrl(row.image_key),
    secondaryImages: images.map((image): SecondaryImage => ({
      imageId: image.id,
      url: imageUrl(image.image_key)!,
      thumbnailUrl: thumbnailUrl(image.image_key)!,
    })),
    createdAt: toIsoString(row.created_at),
  };
}

/** The secondary images' URLs (spec §3 productImages / comboImages). */
export const imageUrls = (images: readonly ImageRow[]) => images.map((image) => imageUrl(image.image_key)!);
