import { CATALOG, categoryFormSchema, type Category, type CategoryForm } from '@tienda/shared/catalog';
import { foldForSearch } from '@tienda/shared/search';
import { conflict, notFound } from '../../errors.js';
import type { CatalogContext } from './image-files.js';
import { nameCollator, parseInput } from './input.js';
import * as repo from './categories.repository.js';

/** All categories, in Spanish alphabetical order (the shop's filter and the admin table read this). */
export async function listCategories(ctx: CatalogContext): Promise<Category[]> {
  const rows = await repo.findAllCategories(ctx.db);
  rows.sort((a, b) => nameCollator.compare(a.name, b.name) || a.id - b.id);
  return rows.map(repo.toCategoryJson);
}

export async function getCategory(ctx: CatalogContext, id: number): Promise<Category> {
  const row = await repo.findCategoryById(ctx.db, id);
  if (!row) throw notFound(CATALOG.categoryNotFound);
  return repo.toCategoryJson(row);
}

/** A category name as the filter shows it to a family: no case, no accents, no invisible characters (\p{Cf}). */
const nameKey = (name: string) => foldForSearch(name).replace(/\p{Cf}/gu, '');

// Two categories that differ only by case, accents or an invisible character ('Didácticos' / 'didacticos' /
// 'Didá\u200Bcticos') would confuse the filter.
async function assertNameFree(ctx: CatalogContext, name: string, exceptId?: number): Promise<void> {
  const key = nameKey(name);
  const rows = await repo.findAllCategories(ctx.db);
  if (rows.some((row) => row.id !== exceptId && nameKey(row.name) === key)) throw conflict(CATALOG.categoryDuplicate);
}

export async function createCategory(ctx: CatalogContext, input: CategoryForm): Promise<Category> {
  const values = parseInput(categoryFormSchema, input);
  await assertNameFree(ctx, values.name);
  return repo.toCategoryJson(await repo.insertCategory(ctx.db, values));
}

export async function updateCategory(ctx: CatalogContext, id: number, input: CategoryForm): Promise<Category> {
  const values = parseInput(categoryFormSchema, input);
  if (!(await repo.findCategoryById(ctx.db, id))) throw notFound(CATALOG.categoryNotFound);
  await assertNameFree(ctx, values.name, id);
  const row = await repo.updateCategory(ctx.db, id, values);
  if (!row) throw notFound(CATALOG.categoryNotFound);
  return repo.toCategoryJson(row);
}

export async function deleteCategory(ctx: CatalogContext, id: number): Promise<void> {
  if (!(await repo.deleteCategory(ctx.db, id))) throw notFound(CATALOG.categoryNotFound);
}
