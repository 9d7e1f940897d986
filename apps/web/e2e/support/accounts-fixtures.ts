import type { Page } from 'playwright-core';
import { CLAIM_USER_ID } from '@tienda/shared/constants';
import type { ShopServer } from './shop-server';

// Fixtures for browser journeys: customers made through the real calls of spec §7 (the e-mailed code read
// from the SMTP catcher), and helpers to log them in and fill their carts.

export interface Customer {
  userId: number;
  name: string;
  username: string;
  email: string;
  password: string;
  token: string;
}

let sequence = 0;
/** A fresh e-mail and username for this run. */
export function uniqueIdentity(prefix = 'cliente'): { email: string; username: string } {
  sequence += 1;
  const tag = `${prefix}${process.pid}x${sequence}`;
  return { email: `${tag}@correo.hn`, username: tag };
}

let ipSequence = 0;
/**
 * Each fixture call comes from its own address (X-Forwarded-For, which the e2e shop trusts from 127.0.0.1: see
 * shop-server.ts), so fixtures never use up the per-IP limits the browser meets.
 */
function fixtureIp(): string {
  ipSequence += 1;
  return `10.77.${(ipSequence >> 8) & 255}.${ipSequence & 255}`;
}

export async function call<T = unknown>(
  shop: ShopServer,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const headers: Record<string, string> = { 'x-forwarded-for': fixtureIp() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${shop.baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The 6-digit code of an accounts e-mail. */
export function codeIn(text: string): string {
  const match = /^\s*(\d{6})\s*$/m.exec(text) ?? /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`El correo no trae código:\n${text}`);
  return match[1]!;
}

/** Waits (up to 10 s) for the e-mail number `since + 1` with this subject to `email` and returns its code. */
export async function codeMailedTo(shop: ShopServer, email: string, subject: string, since = 0): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = shop.mail.messages.filter((m) => m.to.includes(email.toLowerCase()) && m.subject === subject);
    if (mails.length > since) return codeIn(mails[since]!.text);
    if (Date.now() > deadline) throw new Error(`No llegó el correo «${subject}» a ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function mailCount(shop: ShopServer, email: string, subject: string): number {
  return shop.mail.messages.filter((m) => m.to.includes(email.toLowerCase()) && m.subject === subject).length;
}

export function userIdOf(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  return Number(payload[CLAIM_USER_ID]);
}

/** A customer registered the way the web app does it: code e-mailed, verified, user created, logged in. */
export async function createCustomer(shop: ShopServer, name = 'Cliente de Prueba'): Promise<Customer> {
  const { email, username } = uniqueIdentity();
  const password = 'Juguetes-2026';
  await call(shop, 'POST', '/Email/enviar-codigo', { destinatario: email });
  const code = await codeMailedTo(shop, email, 'Tu código de verificación');
  await call(shop, 'POST', '/Email/verificar-codigo', { correo: email, codigo: code });
  await call(shop, 'POST', '/api/User', { name, username, email, passwordHash: password });
  const { token } = await call<{ token: string }>(shop, 'POST', '/api/Auth/login', { email, passwordHash: password });
  return { userId: userIdOf(token), name, username, email, password, token };
}

/** GET /api/Order/user/{id} as the customer: the orders they placed, as the API answers them. */
export function ordersOf<T>(shop: ShopServer, customer: Customer): Promise<T[]> {
  return call<T[]>(shop, 'GET', `/api/Order/user/${customer.userId}`, undefined, customer.token);
}

/** Fills in the /login form and presses 'Iniciar sesión' (the page is on /login; the outcome is the caller's to check). */
export async function submitLogin(page: Page, identifier: string, password: string): Promise<void> {
  await page.getByLabel('Correo electrónico o nombre de usuario').fill(identifier);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/**
 * Logs in through the /login screen, as a person would, and waits for the home page the app then opens.
 * A page already on /login (sent there after registering or a password change) stays, with its notice.
 */
export async function logInThroughUi(page: Page, identifier: string, password: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  const home = new URL('/', page.url()).href;
  await submitLogin(page, identifier, password);
  await page.waitForURL(home);
}

/** Logs the browser page in by storing the token where the app keeps it (spec §3), then opens `path`. */
export async function openLoggedIn(page: Page, token: string, path: string): Promise<void> {
  await page.goto('/politicas');
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  await page.goto(path);
}

/** Fills /pagar's delivery form for San Pedro Sula (Cortés), the shop's own city, as the family types it. */
export async function fillSanPedroSulaDelivery(page: Page, address: string, phone: string): Promise<void> {
  await page.getByLabel('Departamento').selectOption('Cortés');
  await page.getByLabel('Ciudad').selectOption('San Pedro Sula');
  await page.getByLabel('Dirección').fill(address);
  await page.getByLabel('Teléfono').fill(phone);
}

export interface CatalogProduct {
  productId: number;
  name: string;
  price: number;
  discount: number;
  stock: number;
}

/** Products of the demo catalogue with at least `minStock` units, cheapest first. */
export async function productsInStock(shop: ShopServer, minStock = 5): Promise<CatalogProduct[]> {
  const products = await call<CatalogProduct[]>(shop, 'GET', '/api/Product');
  return products.filter((p) => p.stock >= minStock).sort((a, b) => a.price - b.price || a.productId - b.productId);
}

export function addProductToCart(shop: ShopServer, customer: Customer, productId: number, quantity: number) {
  return call(
    shop,
    'POST',
    '/api/Cart/AddProduct',
    { UserId: customer.userId, ProductId: productId, Quantity: quantity },
    customer.token,
  );
}

export function addComboToCart(shop: ShopServer, customer: Customer, comboId: number) {
  return call(
    shop,
    'POST',
    '/api/Cart/AddCombo',
    { UserId: customer.userId, ComboId: comboId, Quantity: 1 },
    customer.token,
  );
}

/** The customer's cart subtotal in cents, summed line by line as the server reports it (GET /api/Cart/User/:id). */
export async function cartSubtotalCents(shop: ShopServer, customer: Customer): Promise<number> {
  const cart = await call<Array<{ subtotal: number }>>(
    shop,
    'GET',
    `/api/Cart/User/${customer.userId}`,
    undefined,
    customer.token,
  );
  return cart.reduce((sum, line) => sum + Math.round(line.subtotal * 100), 0);
}
