import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, onTestFinished } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { axeViolations } from './browser';
import type { ShopServer } from './shop-server';

/** Waits until the locator is visible (playwright-core has no web-first assertions of its own). */
export async function visible(locator: Locator, timeout = 10_000): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

export async function gone(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.first().waitFor({ state: 'hidden', timeout });
}

/** Logs in through the /login screen, as a person would, and waits for the home page. */
export async function logInThroughUi(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico o nombre de usuario').fill(identifier);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * One item of an admin list, on either layout (phones and desktops): the table row whose text contains
 * `text` at desktop width, or the card (a list item named by its title) on phones. Only one layout is in the page.
 */
export function itemFor(page: Page, text: string): Locator {
  return page.getByRole('row', { name: text }).or(page.getByRole('listitem', { name: text }));
}

/** Every item the admin list `caption` shows now: the table's body rows, or the cards of the list with that name. */
export function itemsIn(page: Page, caption: string): Locator {
  return page
    .getByRole('table', { name: caption })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .or(page.getByRole('list', { name: caption }).getByRole('listitem', { name: /./ }));
}

/** The text an item shows under the column `header`: the cell below that column header, or the card's matching term. */
export async function fieldText(item: Locator, header: string): Promise<string> {
  const row = item.first();
  if ((await row.getByRole('cell').count()) > 0) {
    const headers = (
      await row.page().getByRole('table').filter({ has: row }).getByRole('columnheader').allInnerTexts()
    ).map((h) => h.trim());
    const index = headers.indexOf(header);
    if (index < 0) throw new Error(`No column '${header}' in ${JSON.stringify(headers)}`);
    return row.getByRole('cell').nth(index).innerText();
  }
  const term = row.getByRole('term').filter({ hasText: new RegExp(`^\\s*${header}\\s*$`) });
  return term.locator('xpath=following-sibling::dd[1]').innerText();
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/**
 * A fresh temporary folder, removed when the test that asked for it ends: a camera photo is 6 MB, and every run of the
 * journeys left theirs behind on the machine that runs them.
 */
function folderForThisTest(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Small real PNG files (drawn with sharp) in a fresh temporary folder. */
export async function makePngs(names: string[]): Promise<string[]> {
  const dir = folderForThisTest('tienda-admin-e2e-');
  const colours = ['#f4c04e', '#1f6f78', '#c2492f', '#8cc7a1', '#b9a3e3'];
  return Promise.all(
    names.map(async (name, index) => {
      const file = path.join(dir, name);
      await sharp({ create: { width: 96, height: 96, channels: 3, background: colours[index % colours.length]! } })
        .png()
        .toFile(file);
      return file;
    }),
  );
}

/**
 * A phone camera's photo: `width` × `height` of noise as a JPEG, several megabytes, which no encoder shrinks by
 * itself; the receipt form makes it smaller before sending it.
 */
export async function makeCameraPhoto(name: string, width = 3000, height = 2250): Promise<string> {
  const file = path.join(folderForThisTest('tienda-photo-e2e-'), name);
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
  await sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toFile(file);
  return file;
}

async function api<T>(shop: ShopServer, method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(shop.baseUrl + url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface Customer {
  userId: number;
  name: string;
  email: string;
  username: string;
  password: string;
  token: string;
}

/** Registers a customer through the real API (e-mailed code included) and logs them in. */
export async function createCustomer(
  shop: ShopServer,
  who: { name: string; username: string; email: string; password: string },
): Promise<Customer> {
  await api(shop, 'POST', '/Email/enviar-codigo', { destinatario: who.email });
  const mail = await shop.mail.waitFor(who.email);
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`No code in ${mail.text}`);
  await api(shop, 'POST', '/Email/verificar-codigo', { correo: who.email, codigo: code });
  const user = await api<{ userId: number }>(shop, 'POST', '/api/User', {
    name: who.name,
    username: who.username,
    email: who.email,
    passwordHash: who.password,
  });
  const { token } = await api<{ token: string }>(shop, 'POST', '/api/Auth/login', {
    email: who.email,
    passwordHash: who.password,
  });
  return { ...who, userId: user.userId, token };
}

export interface PlacedOrder {
  orderId: number;
  subtotal: number;
  deliveryFee: number;
  total: number;
  productId: number;
  productName: string;
}

/** The customer adds a product to the cart and orders it for delivery in San Pedro Sula (paid on delivery by default). */
export async function placeOrder(
  shop: ShopServer,
  customer: Customer,
  quantity = 2,
  paymentMethod?: 'contra_entrega' | 'transferencia' | 'enlace',
): Promise<PlacedOrder> {
  const products = await api<Array<{ productId: number; name: string; stock: number }>>(shop, 'GET', '/api/Product');
  const product = products.find((p) => p.stock >= quantity + 2);
  if (!product) throw new Error('No product in stock');
  await api(
    shop,
    'POST',
    '/api/Cart/AddProduct',
    { UserId: customer.userId, ProductId: product.productId, Quantity: quantity },
    customer.token,
  );
  const order = await api<{ orderId: number; subtotal: number; deliveryFee: number; total: number }>(
    shop,
    'POST',
    '/api/Order/',
    {
      userId: customer.userId,
      department: 'Cortés',
      city: 'San Pedro Sula',
      address: 'Colonia Los Álamos, casa 12, frente al parque',
      phone: '98765432',
      appliedDiscount: 0,
      OrderProducts: [{ productId: product.productId, quantity, appliedDiscount: 0 }],
      OrderCombos: [],
      ...(paymentMethod ? { paymentMethod } : {}),
    },
    customer.token,
  );
  return { ...order, productId: product.productId, productName: product.name };
}
