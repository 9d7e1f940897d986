import { ORDER_STATUS, type OrderStatus } from '@tienda/shared/constants';
import { DEPARTMENTS, type Department } from '@tienda/shared/geography';
import catalogue from './demo-catalogue.json' with { type: 'json' };

// The shop a new install opens with. Jugar y Crecer was founded by a
// psychologist whose son is autistic (spec §1), so the catalogue leans on educational, sensory and
// Montessori toys. Prices are lempiras as a customer reads them; the seed turns them into cents.
// The entries themselves are data, in demo-catalogue.json; this module types them and checks, once at start, that
// every name one entry uses for another (a category key, a product, a combo, a customer, a department) exists.

export interface DemoCategory {
  key: string;
  name: string;
  description: string;
}

export interface DemoProduct {
  name: string;
  description: string;
  /** Lempiras, before discount. */
  price: number;
  /** Percent off; absent means none. */
  discount?: number;
  stock: number;
  /** Keys of DEMO_CATEGORIES. */
  categories: readonly string[];
  /** How many secondary pictures the product gets (demo/images/<slug>-2.webp, -3.webp). */
  extraImages?: 1 | 2;
}

export interface DemoCombo {
  name: string;
  description: string;
  /** Lempiras; always below what its products cost separately (after their discounts). */
  price: number;
  /** A combo's own stock, apart from its products'. */
  stock: number;
  /** Names of DEMO_PRODUCTS. */
  products: readonly string[];
}

export interface DemoAddress {
  department: Department;
  city: string;
  address: string;
  phone: string;
}

export interface DemoCustomer {
  name: string;
  email: string;
  username: string;
  home: DemoAddress;
}

export type DemoOrderLine = { product: string; quantity: number } | { combo: string; quantity: number };

export interface DemoOrder {
  /** The e-mail of one of DEMO_CUSTOMERS. */
  customer: string;
  daysAgo: number;
  status: OrderStatus;
  /** Where it went, when not the customer's home address (one goes to Choloma: same department, not SPS, L100). */
  deliverTo?: DemoAddress;
  lines: readonly DemoOrderLine[];
}

// JSON types its numbers and strings broadly; checkCatalogue() below holds them to these narrower types.
export const DEMO_CATEGORIES: readonly DemoCategory[] = catalogue.categories;

// Listed as the shop shows them by default, newest first (the seed inserts from the bottom up).
export const DEMO_PRODUCTS = catalogue.products as readonly DemoProduct[];

export const DEMO_COMBOS: readonly DemoCombo[] = catalogue.combos;

// Demo customers log in with nobody's password: the seed gives each a random one it never keeps.
export const DEMO_CUSTOMERS = catalogue.customers as readonly DemoCustomer[];

// Past orders over the last five weeks, so 'Nuestros Best Sellers' shows what really sold.
// The botella de calma sells most, then the pop-it, then the cubo sensorial (test relies on that order).
export const DEMO_ORDERS: readonly DemoOrder[] = catalogue.orders.map((order) => ({
  ...(order as Omit<DemoOrder, 'status'>),
  status: ORDER_STATUS[order.status as keyof typeof ORDER_STATUS] ?? invalid('order status', order.status),
}));

/** The demo administrator created when ADMIN_EMAIL is not configured (the start prints how to log in). */
export const DEMO_ADMIN = {
  email: 'admin@jugarycrecer.hn',
  username: 'admin',
  name: 'Administración Jugar y Crecer',
} as const;

function invalid(what: string, value: unknown): never {
  throw new Error(`demo-catalogue.json: unknown ${what} ${JSON.stringify(value)}`);
}

function checkCatalogue(): void {
  const need = (known: readonly unknown[], what: string, name: unknown) => known.includes(name) || invalid(what, name);
  const categories = DEMO_CATEGORIES.map((c) => c.key);
  const products = DEMO_PRODUCTS.map((p) => p.name);
  const combos = DEMO_COMBOS.map((c) => c.name);
  const customers = DEMO_CUSTOMERS.map((c) => c.email);
  const departments = Object.keys(DEPARTMENTS);
  for (const product of DEMO_PRODUCTS) {
    for (const key of product.categories) need(categories, 'category key', key);
    need([undefined, 1, 2], 'number of extraImages', product.extraImages);
  }
  for (const combo of DEMO_COMBOS) for (const name of combo.products) need(products, 'product', name);
  for (const customer of DEMO_CUSTOMERS) need(departments, 'department', customer.home.department);
  for (const order of DEMO_ORDERS) {
    need(customers, 'customer', order.customer);
    if (order.deliverTo) need(departments, 'department', order.deliverTo.department);
    for (const line of order.lines) {
      if ('product' in line) need(products, 'product', line.product);
      else need(combos, 'combo', line.combo);
    }
  }
}
checkCatalogue();
