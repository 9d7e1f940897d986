import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { orderSearchText } from '@tienda/shared/orders';
import type { DbOrTx } from '../../db/database.js';
import type { TestApp, TestUser } from '../../test/test-app.js';
import { nowIso } from '../../db/timestamps.js';

// Fixtures for the catalogue and combo tests: real images drawn by sharp, multipart forms, order rows.

type Rgb = { r: number; g: number; b: number };
const canvas = (width: number, height: number, background: Rgb) =>
  sharp({ create: { width, height, channels: 3, background } });

export const pngBytes = (background: Rgb = { r: 240, g: 120, b: 40 }, width = 64, height = 48) =>
  canvas(width, height, background).png().toBuffer();
export const jpegBytes = (background: Rgb = { r: 30, g: 140, b: 200 }) => canvas(80, 60, background).jpeg().toBuffer();
export const gifBytes = () => canvas(32, 32, { r: 200, g: 30, b: 90 }).gif().toBuffer();
export const webpBytes = () => canvas(32, 32, { r: 20, g: 200, b: 90 }).webp().toBuffer();

export interface FileValue {
  bytes: Buffer;
  filename?: string;
  type?: string;
}

export type Fields = Record<string, string | number | (string | number)[] | undefined>;
export type Files = Record<string, FileValue | FileValue[]>;

/** A multipart form as a browser sends it: repeated fields for arrays, files with a name and type. */
export function multipart(fields: Fields, files: Files = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, String(item));
  }
  for (const [name, value] of Object.entries(files)) {
    for (const file of Array.isArray(value) ? value : [value]) {
      form.append(
        name,
        new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }),
        file.filename ?? 'foto.png',
      );
    }
  }
  return form;
}

export const png = async (filename = 'foto.png'): Promise<FileValue> => ({
  bytes: await pngBytes(),
  filename,
  type: 'image/png',
});

/**
 * The admin's create form of a product or combo (spec §7), for tests that make their app and admin in beforeAll
 * (hence the getter): `post` answers the reply; `createOk` sends `validFields()` or the given fields, with a PNG as
 * the main image unless files are given, expects 201 and answers the item.
 */
export function adminCreateForm<T>(
  ready: () => { t: TestApp; admin: TestUser },
  url: string,
  imageField: string,
  validFields: () => Fields,
) {
  const post = (fields: Fields, files: Files) => {
    const { t, admin } = ready();
    return t.app.inject({ method: 'POST', url, headers: admin.auth, payload: multipart(fields, files) });
  };
  const createOk = async (fields = validFields(), files?: Files): Promise<T> => {
    const res = await post(fields, files ?? { [imageField]: await png() });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  return { post, createOk };
}

/** Files currently in the uploads directory. */
export function uploadedFiles(uploadsDir: string): string[] {
  try {
    return readdirSync(uploadsDir).sort();
  } catch {
    return [];
  }
}

/** The image key inside a URL such as /uploads/<key>.webp. */
export function keyOf(url: string | null): string {
  const match = /^\/uploads\/([^/]+)\.webp$/.exec(url ?? '');
  if (!match) throw new Error(`not an image URL: ${url}`);
  return match[1]!;
}

/** The two files an uploaded image is stored as: the image and its thumbnail. */
function imageFiles(uploadsDir: string, url: string | null): string[] {
  const key = keyOf(url);
  return [`${key}.webp`, `${key}-thumb.webp`].map((name) => path.join(uploadsDir, name));
}

/** Whether an image's file and thumbnail are both on disk. */
export const hasImageFiles = (uploadsDir: string, url: string | null) =>
  imageFiles(uploadsDir, url).every((file) => existsSync(file));

/** Whether an image's file and thumbnail are both gone. */
export const imageFilesGone = (uploadsDir: string, url: string | null) =>
  imageFiles(uploadsDir, url).every((file) => !existsSync(file));

/** The URLs a newly uploaded main image is answered with: a fresh key, stored as WebP beside its thumbnail. */
export const newImageUrls = {
  imageUrl: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}\.webp$/),
  thumbnailUrl: expect.stringMatching(/^\/uploads\/[0-9a-f-]{36}-thumb\.webp$/),
};

/** Inserts an order with product and combo lines directly (as the orders module would), for history and best sellers. */
export async function insertOrder(
  db: DbOrTx,
  lines: {
    productId?: number | null;
    comboId?: number | null;
    name?: string;
    imageKey?: string | null;
    quantity: number;
    unitPriceCents?: number;
  }[],
): Promise<number> {
  const now = nowIso();
  const { id } = await db
    .insertInto('orders')
    .values({
      user_id: null,
      customer_name: 'Cliente de prueba',
      customer_email: 'cliente@correo.hn',
      department: 'Cortés',
      city: 'San Pedro Sula',
      search_text: orderSearchText({
        customerName: 'Cliente de prueba',
        customerEmail: 'cliente@correo.hn',
        city: 'San Pedro Sula',
      }),
      address: 'Barrio Guamilito',
      phone: '99998888',
      subtotal_cents: 0,
      applied_discount_cents: 0,
      delivery_fee_cents: 8000,
      total_cents: 8000,
      status: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const line of lines) {
    const unit = line.unitPriceCents ?? 1000;
    if (line.comboId !== undefined) {
      await db
        .insertInto('order_combos')
        .values({
          order_id: id,
          combo_id: line.comboId,
          combo_name: line.name ?? 'Combo',
          image_key: line.imageKey ?? null,
          quantity: line.quantity,
          unit_price_cents: unit,
          subtotal_cents: unit * line.quantity,
        })
        .execute();
    } else {
      await db
        .insertInto('order_products')
        .values({
          order_id: id,
          product_id: line.productId ?? null,
          product_name: line.name ?? 'Producto',
          image_key: line.imageKey ?? null,
          quantity: line.quantity,
          unit_price_cents: unit,
          subtotal_cents: unit * line.quantity,
          applied_discount_cents: 0,
        })
        .execute();
    }
  }
  return id;
}

/** A customer's order through the shop's own POST /api/Order/ (delivery in San Pedro Sula), as the storefront sends it. */
export function orderThroughShop(
  app: { inject: (options: object) => Promise<{ statusCode: number; body: string; json(): unknown }> },
  buyer: { auth: Record<string, string> },
  lines: Array<{ productId: number; quantity: number }>,
) {
  return app.inject({
    method: 'POST',
    url: '/api/Order/',
    headers: buyer.auth,
    payload: {
      department: 'Cortés',
      city: 'San Pedro Sula',
      address: 'Col. Trejo, casa 12',
      phone: '99887766',
      OrderProducts: lines,
    },
  });
}
