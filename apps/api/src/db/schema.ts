import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

// Timestamps are written as ISO-8601 strings; SQLite keeps the text, PostgreSQL (timestamptz) returns a Date.
// Row mappers pass them through toIsoString() in db/timestamps.ts.
type Timestamp = ColumnType<string | Date, string, string>;
type NullableTimestamp = ColumnType<string | Date | null, string | null | undefined, string | null>;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string; // stored lower-cased
  username: string;
  username_key: string; // lower-cased username: uniqueness and login ignore case
  password_hash: string;
  /** Bumped to revoke every token signed before (docs/decisions/0014-…). */
  token_version: Generated<number>;
  created_at: Timestamp;
  search_text: string; // name, e-mail and username folded, one per line (shared/accounts.ts userSearchText)
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface EmailCodesTable {
  id: Generated<number>;
  email: string;
  purpose: 'register' | 'reset' | 'email-change';
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  verified_at: Timestamp | null;
  consumed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface ThrottleCountersTable {
  key: string;
  points: number;
  /** Epoch milliseconds: the end of this key's window. */
  expires_at: number;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  description: string;
  created_at: Timestamp;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  description: string;
  price_cents: number;
  discount_bp: number; // discount in basis points: 1250 = 12.5 %
  stock: number;
  image_key: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Settings the owner changes from the dashboard: one row per setting (2026-11-23T0500-shop-settings). */
export interface ShopSettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

/** One row per change to a product or its categories, written by triggers (2026-11-23T0400-product-changes). */
export interface ProductChangesTable {
  seq: Generated<number>;
  product_id: number;
  changed_at: Timestamp;
}

export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  image_key: string;
  position: number;
}

export interface ProductCategoriesTable {
  product_id: number;
  category_id: number;
}

export interface CombosTable {
  id: Generated<number>;
  name: string;
  description: string;
  price_cents: number;
  stock: number;
  image_key: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ComboImagesTable {
  id: Generated<number>;
  combo_id: number;
  image_key: string;
  position: number;
}

export interface ComboProductsTable {
  combo_id: number;
  product_id: number;
}

export interface CartItemsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number | null;
  combo_id: number | null;
  quantity: number;
  created_at: Timestamp;
}

export interface OrdersTable {
  id: Generated<number>;
  user_id: number | null; // null once the customer's account is deleted; the order stays
  customer_name: string;
  customer_email: string;
  department: string;
  city: string;
  address: string;
  phone: string;
  subtotal_cents: number;
  applied_discount_cents: number;
  delivery_fee_cents: number;
  total_cents: number;
  status: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  payment_method: ColumnType<string, string | undefined, string>; // PaymentMethod (packages/shared/src/orders.ts)
  payment_link: string | null;
  receipt_key: string | null; // a transfer receipt's image, in RECEIPTS_DIR (never public)
  receipt_uploaded_at: NullableTimestamp;
  paid_at: NullableTimestamp;
  delivered_at: NullableTimestamp;
  cancelled_by: string | null; // CancelledBy (packages/shared/src/orders.ts): who cancelled it, while status is 4
  search_text: string; // customer name, e-mail and city folded, one per line (shared/orders.ts orderSearchText)
}

export interface OrderProductsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number | null; // null once the product is deleted; name, price and image stay
  product_name: string;
  image_key: string | null;
  quantity: number;
  unit_price_cents: number;
  subtotal_cents: number;
  applied_discount_cents: number;
}

export interface OrderCombosTable {
  id: Generated<number>;
  order_id: number;
  combo_id: number | null;
  combo_name: string;
  image_key: string | null;
  quantity: number;
  unit_price_cents: number;
  subtotal_cents: number;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  nombre: string;
  email: string;
  asunto: string;
  mensaje: string;
  created_at: Timestamp;
}

export interface OutboxTable {
  id: Generated<number>;
  recipient: string;
  reply_to: string | null;
  /** E-mails of one thread go out in the order written (mail/outbox.repository.ts); null for one on its own. */
  thread: string | null;
  subject: string;
  html: string;
  text: string;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  claimed_until: Timestamp | null;
  last_error: string | null;
  sent_at: Timestamp | null;
  failed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface OrderIdempotencyKeysTable {
  user_id: number;
  key: string;
  /** sha256 of the parsed order body: a key reused with another body is refused. */
  request_hash: string;
  order_id: number | null;
  created_at: Timestamp;
}

/** A family waiting for a sold-out product (docs/decisions/0040-back-in-stock-alerts.md). */
export interface StockAlertsTable {
  user_id: number;
  product_id: number;
  created_at: Timestamp;
}

/** A cart add's Idempotency-Key (docs/decisions/0015-…): its retry answers the line instead of adding again. */
export interface CartAddKeysTable {
  user_id: number;
  key: string;
  /** sha256 of the parsed add body: a key reused for another item or quantity is refused. */
  request_hash: string;
  created_at: Timestamp;
}

/** The stock change an admin's edit form session has applied to an item (docs/decisions/0021-…). */
export interface StockEditSessionsTable {
  item_table: 'products' | 'combos';
  item_id: number;
  session_key: string;
  /** submitted − stockLoaded as last applied. */
  applied: number;
  created_at: Timestamp;
}

/** A once-a-day job's claim of a Honduras day (docs/decisions/0036-…). */
export interface ScheduledRunsTable {
  job: string;
  /** 'YYYY-MM-DD' */
  day: string;
}

export interface Database {
  users: UsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  email_codes: EmailCodesTable;
  throttle_counters: ThrottleCountersTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_changes: ProductChangesTable;
  shop_settings: ShopSettingsTable;
  product_images: ProductImagesTable;
  product_categories: ProductCategoriesTable;
  combos: CombosTable;
  combo_images: ComboImagesTable;
  combo_products: ComboProductsTable;
  cart_items: CartItemsTable;
  orders: OrdersTable;
  order_products: OrderProductsTable;
  order_combos: OrderCombosTable;
  contact_messages: ContactMessagesTable;
  outbox: OutboxTable;
  order_idempotency_keys: OrderIdempotencyKeysTable;
  cart_add_keys: CartAddKeysTable;
  stock_alerts: StockAlertsTable;
  stock_edit_sessions: StockEditSessionsTable;
  scheduled_runs: ScheduledRunsTable;
}

export type UserRow = Selectable<UsersTable>;
/** A new user's columns; the search text is made by the repository (users.repository.ts insertUser). */
export type NewUser = Omit<Insertable<UsersTable>, 'search_text'>;
export type ProductRow = Selectable<ProductsTable>;
export type ComboRow = Selectable<CombosTable>;
export type OrderRow = Selectable<OrdersTable>;
