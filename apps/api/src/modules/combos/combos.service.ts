import { VALIDATION } from '@tienda/shared/messages';
import { CATALOG, comboFieldsSchema, type CatalogSearch, type Combo, type ComboInput } from '@tienda/shared/catalog';
import type { ComboRow } from '../../db/schema.js';
import { badRequest, notFound } from '../../errors.js';
import { foldForSearch } from '@tienda/shared/search';
import {
  assertSecondaryImageRoom,
  discardUnusedImages,
  writeWithImages,
  type CatalogContext,
} from '../catalog/image-files.js';
import { parseInput, searchWords } from '../catalog/input.js';
import { existingProductIds } from '../catalog/products.repository.js';
import { sortByName } from '../catalog/products.service.js';
import * as repo from './combos.repository.js';
import { writeEditedStock } from '../catalog/stock-edit.js';

async function withDetails(ctx: CatalogContext, rows: ComboRow[]): Promise<Combo[]> {
  const details = await repo.loadComboDetails(
    ctx.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => repo.toComboJson(row, details));
}

/** spec §7: GET /api/combo — every combo, newest first. */
export async function listCombos(ctx: CatalogContext): Promise<Combo[]> {
  return withDetails(ctx, await repo.findCombos(ctx.db));
}

export async function getCombo(ctx: CatalogContext, id: number): Promise<Combo> {
  const row = await repo.findComboById(ctx.db, id);
  if (!row) throw notFound(CATALOG.comboNotFound);
  const [combo] = await withDetails(ctx, [row]);
  return combo!;
}

/** spec §7: POST /api/Combo/search; categories match any category of the combo's products. */
export async function searchCombos(ctx: CatalogContext, search: CatalogSearch): Promise<Combo[]> {
  const ascending = search.sortAsc ?? true;
  const rows = await repo.findCombos(ctx.db, {
    words: searchWords(search.searchTerm),
    categoryIds: search.categories ?? [],
    inStock: search.inStock ?? false,
    priceSort: search.sortBy === 'price' ? (ascending ? 'asc' : 'desc') : undefined,
  });
  if (search.sortBy === 'name') sortByName(rows, ascending);
  return withDetails(ctx, rows);
}

async function validate(ctx: CatalogContext, input: ComboInput): Promise<repo.ComboValues & { productIds: number[] }> {
  const fields = parseInput(comboFieldsSchema, input);
  const known = await existingProductIds(ctx.db, fields.productIds);
  if (fields.productIds.some((id) => !known.has(id))) throw badRequest(CATALOG.unknownProduct);
  return {
    name: fields.name,
    description: fields.description,
    search_text: foldForSearch(`${fields.name} ${fields.description}`),
    price_cents: Math.round(fields.price * 100),
    stock: fields.stock,
    productIds: fields.productIds,
  };
}

/** Creates a combo with its image (admin form and demo seed); files are removed again if the insert fails. */
export async function createCombo(
  ctx: CatalogContext,
  input: ComboInput,
  imageBytes: Buffer | null | undefined,
  secondaryBytes: readonly Buffer[] = [],
): Promise<Combo> {
  const { productIds, ...values } = await validate(ctx, input);
  if (!imageBytes || imageBytes.length === 0) throw badRequest(VALIDATION.comboCreateIncomplete);
  assertSecondaryImageRoom(0, secondaryBytes.length);
  const id = await writeWithImages(
    ctx,
    [imageBytes, ...secondaryBytes],
    ([mainKey, ...secondaryKeys]) =>
      ctx.db.transaction().execute(async (tx) => {
        const comboId = await repo.insertCombo(tx, { ...values, image_key: mainKey! });
        await repo.replaceComboProducts(tx, comboId, productIds);
        await repo.appendComboImages(tx, comboId, secondaryKeys);
        return comboId;
      }),
    CATALOG.unknownProduct,
  );
  return getCombo(ctx, id);
}

/** spec §7 PATCH /api/Combo/{comboId}: every field again; without an image the old one stays. */
export async function updateCombo(
  ctx: CatalogContext,
  id: number,
  input: ComboInput,
  imageBytes: Buffer | null | undefined,
  secondaryBytes: readonly Buffer[] = [],
  stockLoaded?: number,
): Promise<Combo> {
  if (!(await repo.findComboById(ctx.db, id))) throw notFound(CATALOG.comboNotFound);
  const { productIds, ...values } = await validate(ctx, input);
  assertSecondaryImageRoom(await repo.countComboImages(ctx.db, id), secondaryBytes.length);
  const newMain = !!imageBytes && imageBytes.length > 0;
  const previousKey = await writeWithImages(
    ctx,
    newMain ? [imageBytes, ...secondaryBytes] : [...secondaryBytes],
    (keys) => {
      const mainKey = newMain ? keys[0] : undefined;
      const secondaryKeys = newMain ? keys.slice(1) : keys;
      return ctx.db.transaction().execute(async (tx) => {
        const current = await repo.findComboById(tx, id);
        if (!current) throw notFound(CATALOG.comboNotFound);
        const { stock, ...rest } = values;
        await repo.updateCombo(tx, id, mainKey ? { ...rest, image_key: mainKey } : rest);
        await writeEditedStock(tx, 'combos', id, stock, stockLoaded);
        await repo.replaceComboProducts(tx, id, productIds);
        await repo.appendComboImages(tx, id, secondaryKeys);
        return current.image_key;
      });
    },
    CATALOG.unknownProduct,
  );
  if (newMain) await discardUnusedImages(ctx, [previousKey]);
  return getCombo(ctx, id);
}

/** POST /api/Combo/{id}/images — secondary images (comboImages), mirroring products. */
export async function addComboImages(ctx: CatalogContext, id: number, files: readonly Buffer[]): Promise<Combo> {
  if (!(await repo.findComboById(ctx.db, id))) throw notFound(CATALOG.comboNotFound);
  if (files.length === 0) throw badRequest(CATALOG.imagesRequired);
  assertSecondaryImageRoom(await repo.countComboImages(ctx.db, id), files.length);
  await writeWithImages(ctx, files, (keys) =>
    ctx.db.transaction().execute(async (tx) => {
      if (!(await repo.findComboById(tx, id))) throw notFound(CATALOG.comboNotFound);
      await repo.appendComboImages(tx, id, keys);
    }),
  );
  return getCombo(ctx, id);
}

export async function removeComboImage(ctx: CatalogContext, id: number, imageId: number): Promise<void> {
  if (!(await repo.findComboById(ctx.db, id))) throw notFound(CATALOG.comboNotFound);
  const key = await repo.deleteComboImage(ctx.db, id, imageId);
  if (!key) throw notFound(CATALOG.imageNotFound);
  await discardUnusedImages(ctx, [key]);
}

/** spec §7: DELETE /api/combo/{comboId}. Order lines keep their name, price and picture. */
export async function deleteCombo(ctx: CatalogContext, id: number): Promise<void> {
  const keys = await ctx.db.transaction().execute(async (tx) => {
    const owned = await repo.comboImageKeys(tx, id);
    if (!(await repo.deleteCombo(tx, id))) throw notFound(CATALOG.comboNotFound);
    return owned;
  });
  await discardUnusedImages(ctx, keys);
}
