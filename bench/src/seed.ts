import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { userSearchText } from '@tienda/shared/accounts';
import { orderSearchText } from '@tienda/shared/orders';
import { hashPassword } from '../../apps/api/dist/modules/accounts/passwords.js';

// A shop-sized catalogue written straight into the migrated database with multi-row inserts (seconds, not the
// minutes the API would take with its image processing). Shapes follow apps/api/src/db/schema.ts.

export const PRODUCT_COUNT = 50_000;
export const CUSTOMER_COUNT = 70; // 50 buyers (one per connection) and 20 for the login storm
export const CUSTOMER_PASSWORD = 'clave-de-banco-123';
/** In every 100th product's name: a search for it matches 1 % of the catalogue (500 products). */
export const RARE_WORD = 'caleidoscopio';
export const RARE_WORD_TYPO = 'caleidoscpio';

const CATEGORY_NAMES = [
  'Bloques',
  'Sensoriales',
  'Montessori',
  'Rompecabezas',
  'Música',
  'Arte y manualidades',
  'Motricidad fina',
  'Lectura',
  'Matemáticas',
  'Ciencia',
  'Al aire libre',
  'Bebés',
  'Juegos de mesa',
  'Peluches',
  'Comunicación',
  'Calma y regulación',
  'Construcción',
  'Vehículos',
  'Cocina de juguete',
  'Disfraces',
];
const NOUNS = ['Tablero', 'Cubo', 'Set', 'Rompecabezas', 'Pelota', 'Tren', 'Xilófono', 'Torre', 'Kit', 'Muñeco'];
const ADJECTIVES = ['sensorial', 'de madera', 'magnético', 'musical', 'de colores', 'didáctico', 'suave', 'luminoso'];

export interface SeedResult {
  products: number;
  ms: number;
  customers: { id: number; email: string }[];
  /** Product ids with stock to spare, for the order load. */
  buyableIds: number[];
}

type Row = (string | number | null)[];
interface Table {
  name: string;
  columns: string[];
  rows: Row[];
  /** Explicit ids: PostgreSQL's sequence is moved past them afterwards. */
  serial: boolean;
}

function iso(daysAgo: number, i: number): string {
  return new Date(Date.UTC(2026, 10, 1) - daysAgo * 86_400_000 + i * 1000).toISOString();
}

async function buildTables(productCount: number): Promise<{ tables: Table[]; result: Omit<SeedResult, 'ms'> }> {
  const categories: Row[] = CATEGORY_NAMES.map((name, i) => [
    i + 1,
    name,
    `Juguetes de ${name.toLowerCase()}`,
    iso(400, i),
  ]);
  const products: Row[] = [];
  const productCategories: Row[] = [];
  const productImages: Row[] = [];
  const buyableIds: number[] = [];
  for (let id = 1; id <= productCount; id += 1) {
    const rare = id % 100 === 0 ? ` ${RARE_WORD}` : '';
    const name = `${NOUNS[id % NOUNS.length]} ${ADJECTIVES[(id * 7) % ADJECTIVES.length]}${rare} ${id}`;
    const description =
      `Juguete educativo número ${id}, pensado para estimular la atención, el lenguaje y la motricidad ` +
      `de niñas y niños de ${2 + (id % 8)} años. Materiales seguros, acabado a mano en San Pedro Sula.`;
    // Every 20th product is sold out (featured and in-stock filters skip it); the rest can take the order load.
    const stock = id % 20 === 0 ? 0 : 1_000_000;
    if (stock > 0) buyableIds.push(id);
    products.push([
      id,
      name,
      description,
      5_000 + ((id * 7919) % 145_000),
      (id % 4) * 500,
      stock,
      `bench-${id}`,
      iso(365, id),
      iso(365, id),
    ]);
    const first = (id % CATEGORY_NAMES.length) + 1;
    productCategories.push([id, first]);
    if (id % 2 === 0) productCategories.push([id, ((id + 7) % CATEGORY_NAMES.length) + 1]);
    if (id % 3 === 0) productImages.push([productImages.length + 1, id, `bench-${id}-b`, 0]);
  }
  const combos: Row[] = [];
  const comboProducts: Row[] = [];
  for (let id = 1; id <= 50; id += 1) {
    const name = `Combo ${ADJECTIVES[id % ADJECTIVES.length]} ${id}`;
    const description = `Tres juguetes que se complementan, combo número ${id}.`;
    combos.push([id, name, description, 90_000, 1_000, `bench-combo-${id}`, iso(30, id), iso(30, id)]);
    for (const offset of [1, 2, 3]) comboProducts.push([id, ((id * 97 + offset - 1) % productCount) + 1]);
  }
  // One real OWASP-cost hash shared by every customer: logins pay the real verification.
  const passwordHash = await hashPassword(CUSTOMER_PASSWORD);
  const users: Row[] = [];
  const userRoles: Row[] = [];
  const cartItems: Row[] = [];
  const customers: SeedResult['customers'] = [];
  for (let id = 1; id <= CUSTOMER_COUNT; id += 1) {
    const email = `cliente${id}@banco.hn`;
    const user = { name: `Cliente ${id}`, email, username: `cliente${id}` };
    users.push([id, user.name, email, user.username, user.username, passwordHash, iso(100, id), userSearchText(user)]);
    userRoles.push([id, 2]); // roles: 1 ADMIN, 2 CUSTOMER (the initial migration inserts them in that order)
    customers.push({ id, email });
    for (const k of [1, 2])
      cartItems.push([cartItems.length + 1, id, buyableIds[(id * 131 + k) % buyableIds.length]!, null, k, iso(1, id)]);
  }
  // Past sales, so featured ranks by units sold as in a living shop.
  const orders: Row[] = [];
  const orderProducts: Row[] = [];
  for (let id = 1; id <= 2_000; id += 1) {
    const userId = (id % CUSTOMER_COUNT) + 1;
    orders.push([
      id,
      userId,
      `Cliente ${userId}`,
      `cliente${userId}@banco.hn`,
      'Cortés',
      'San Pedro Sula',
      'Col. Jardines, casa 12',
      '99998888',
      20_000,
      0,
      8_000,
      28_000,
      // Paid or delivered: a pending order this old would expire at the start and its e-mails and restocks would run
      // while the first calls are measured.
      1 + (id % 2),
      iso(60, id),
      iso(60, id),
      orderSearchText({
        customerName: `Cliente ${userId}`,
        customerEmail: `cliente${userId}@banco.hn`,
        city: 'San Pedro Sula',
      }),
    ]);
    for (let k = 0; k < 1 + (id % 3); k += 1) {
      const productId = buyableIds[(id * 17 + k * 1009) % 400]!;
      orderProducts.push([
        orderProducts.length + 1,
        id,
        productId,
        `Producto ${productId}`,
        `bench-${productId}`,
        1 + k,
        10_000,
        10_000 * (1 + k),
        0,
      ]);
    }
  }
  const tables: Table[] = [
    { name: 'categories', columns: ['id', 'name', 'description', 'created_at'], rows: categories, serial: true },
    {
      name: 'products',
      columns: [
        'id',
        'name',
        'description',
        'price_cents',
        'discount_bp',
        'stock',
        'image_key',
        'created_at',
        'updated_at',
      ],
      rows: products,
      serial: true,
    },
    { name: 'product_categories', columns: ['product_id', 'category_id'], rows: productCategories, serial: false },
    {
      name: 'product_images',
      columns: ['id', 'product_id', 'image_key', 'position'],
      rows: productImages,
      serial: true,
    },
    {
      name: 'combos',
      columns: ['id', 'name', 'description', 'price_cents', 'stock', 'image_key', 'created_at', 'updated_at'],
      rows: combos,
      serial: true,
    },
    { name: 'combo_products', columns: ['combo_id', 'product_id'], rows: comboProducts, serial: false },
    {
      name: 'users',
      columns: ['id', 'name', 'email', 'username', 'username_key', 'password_hash', 'created_at', 'search_text'],
      rows: users,
      serial: true,
    },
    { name: 'user_roles', columns: ['user_id', 'role_id'], rows: userRoles, serial: false },
    {
      name: 'cart_items',
      columns: ['id', 'user_id', 'product_id', 'combo_id', 'quantity', 'created_at'],
      rows: cartItems,
      serial: true,
    },
    {
      name: 'orders',
      columns: [
        'id',
        'user_id',
        'customer_name',
        'customer_email',
        'department',
        'city',
        'address',
        'phone',
        'subtotal_cents',
        'applied_discount_cents',
        'delivery_fee_cents',
        'total_cents',
        'status',
        'created_at',
        'updated_at',
        'search_text',
      ],
      rows: orders,
      serial: true,
    },
    {
      name: 'order_products',
      columns: [
        'id',
        'order_id',
        'product_id',
        'product_name',
        'image_key',
        'quantity',
        'unit_price_cents',
        'subtotal_cents',
        'applied_discount_cents',
      ],
      rows: orderProducts,
      serial: true,
    },
  ];
  return { tables, result: { products: productCount, customers: customers.slice(), buyableIds } };
}

/** Rows per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const rowsPerInsert = (columns: number) => Math.floor(30_000 / columns);

function* slices<T>(rows: T[], size: number): Generator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

function multiRowInsert(table: Table, count: number, placeholder: (index: number) => string): string {
  const width = table.columns.length;
  const tuples: string[] = [];
  for (let r = 0; r < count; r += 1) {
    tuples.push(`(${table.columns.map((_, c) => placeholder(r * width + c)).join(', ')})`);
  }
  return `insert into ${table.name} (${table.columns.join(', ')}) values ${tuples.join(', ')}`;
}

export async function seedSqlite(file: string, productCount = PRODUCT_COUNT): Promise<SeedResult> {
  const started = performance.now();
  const { tables, result } = await buildTables(productCount);
  const db = new SqliteDatabase(file);
  try {
    db.pragma('journal_mode = WAL');
    db.transaction(() => {
      for (const table of tables) {
        for (const part of slices(table.rows, rowsPerInsert(table.columns.length))) {
          db.prepare(multiRowInsert(table, part.length, () => '?')).run(part.flat());
        }
      }
    })();
    db.exec('analyze');
  } finally {
    db.close();
  }
  return { ...result, ms: performance.now() - started };
}

export async function seedPostgres(url: string, productCount = PRODUCT_COUNT): Promise<SeedResult> {
  const started = performance.now();
  const { tables, result } = await buildTables(productCount);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin');
    for (const table of tables) {
      for (const part of slices(table.rows, rowsPerInsert(table.columns.length))) {
        await client.query(
          multiRowInsert(table, part.length, (i) => `$${i + 1}`),
          part.flat(),
        );
      }
      if (table.serial) {
        await client.query(
          `select setval(pg_get_serial_sequence('${table.name}', 'id'), (select max(id) from ${table.name}))`,
        );
      }
    }
    await client.query('commit');
    await client.query('analyze');
  } finally {
    await client.end();
  }
  return { ...result, ms: performance.now() - started };
}
