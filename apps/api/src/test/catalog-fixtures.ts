import type { DbOrTx } from '../db/database.js';
import { nowIso } from '../db/timestamps.js';

// Products and combos inserted straight into the tables, so the cart/orders tests do not depend on
// the catalogue module's calls.

export interface ProductFixture {
  name?: string;
  description?: string;
  priceCents?: number;
  /** Basis points: 1250 = 12.5 %. */
  discountBp?: number;
  stock?: number;
  imageKey?: string | null;
}

export interface ComboFixture {
  name?: string;
  description?: string;
  priceCents?: number;
  stock?: number;
  imageKey?: string | null;
  productIds?: number[];
}

let sequence = 0;

export async function insertProduct(db: DbOrTx, fixture: ProductFixture = {}): Promise<number> {
  sequence += 1;
  const name = fixture.name ?? `Juguete ${sequence}`;
  const description = fixture.description ?? `Descripción del ${name}`;
  const now = nowIso();
  const { id } = await db
    .insertInto('products')
    .values({
      name,
      description,
      price_cents: fixture.priceCents ?? 10000,
      discount_bp: fixture.discountBp ?? 0,
      stock: fixture.stock ?? 10,
      image_key: fixture.imageKey === undefined ? `img-${sequence}` : fixture.imageKey,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertCombo(db: DbOrTx, fixture: ComboFixture = {}): Promise<number> {
  sequence += 1;
  const name = fixture.name ?? `Combo ${sequence}`;
  const description = fixture.description ?? `Descripción del ${name}`;
  const now = nowIso();
  const { id } = await db
    .insertInto('combos')
    .values({
      name,
      description,
      price_cents: fixture.priceCents ?? 50000,
      stock: fixture.stock ?? 5,
      image_key: fixture.imageKey === undefined ? `combo-${sequence}` : fixture.imageKey,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (fixture.productIds?.length) {
    await db
      .insertInto('combo_products')
      .values(fixture.productIds.map((productId) => ({ combo_id: id, product_id: productId })))
      .execute();
  }
  return id;
}

export async function productStock(db: DbOrTx, id: number): Promise<number> {
  const row = await db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow();
  return row.stock;
}

export async function comboStock(db: DbOrTx, id: number): Promise<number> {
  const row = await db.selectFrom('combos').select('stock').where('id', '=', id).executeTakeFirstOrThrow();
  return row.stock;
}
