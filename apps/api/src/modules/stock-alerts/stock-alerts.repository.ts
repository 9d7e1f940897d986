import type { DbOrTx } from '../../db/database.js';
import { isPostgres } from '../../db/dialect.js';

// Families waiting for a sold-out product (docs/decisions/0040-back-in-stock-alerts.md).

export async function isWaiting(db: DbOrTx, userId: number, productId: number): Promise<boolean> {
  const row = await db
    .selectFrom('stock_alerts')
    .select('product_id')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The products the account waits for, the latest asked first. */
export async function waitedProducts(
  db: DbOrTx,
  userId: number,
): Promise<Array<{ productId: number; name: string; stock: number }>> {
  return db
    .selectFrom('stock_alerts as a')
    .innerJoin('products as p', 'p.id', 'a.product_id')
    .select(['p.id as productId', 'p.name', 'p.stock'])
    .where('a.user_id', '=', userId)
    .orderBy('a.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
}

export async function countWaiting(db: DbOrTx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('stock_alerts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The product's stock, read under a lock on PostgreSQL so a restock committing now is seen before the alert is kept. */
export async function productStock(db: DbOrTx, productId: number): Promise<number | undefined> {
  let query = db.selectFrom('products').select('stock').where('id', '=', productId);
  if (isPostgres(db)) query = query.forShare();
  return (await query.executeTakeFirst())?.stock;
}

/** Takes the account's lock on PostgreSQL (SQLite runs one writer), so two taps at once count the cap once. */
export async function lockUser(db: DbOrTx, userId: number): Promise<void> {
  if (isPostgres(db)) await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

export async function addAlert(db: DbOrTx, userId: number, productId: number, now: string): Promise<void> {
  await db
    .insertInto('stock_alerts')
    .values({ user_id: userId, product_id: productId, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .execute();
}

export async function removeAlert(db: DbOrTx, userId: number, productId: number): Promise<void> {
  await db.deleteFrom('stock_alerts').where('user_id', '=', userId).where('product_id', '=', productId).execute();
}

export interface DueAlert {
  productId: number;
  productName: string;
  email: string;
  name: string;
}

/**
 * Claims, by deleting them, up to `limit` alerts whose product is in stock again, with what their e-mails need. The
 * delete decides between processes running the job at once: a row is claimed by one of them.
 */
export async function claimDueAlerts(db: DbOrTx, limit: number): Promise<DueAlert[]> {
  const claimed = await db
    .deleteFrom('stock_alerts')
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('user_id', 'product_id'),
        'in',
        selectFrom('stock_alerts as a')
          .innerJoin('products as p', 'p.id', 'a.product_id')
          .select(['a.user_id', 'a.product_id'])
          .where('p.stock', '>', 0)
          .orderBy('a.product_id')
          .orderBy('a.user_id')
          .limit(limit)
          .$asTuple('user_id', 'product_id'),
      ),
    )
    .returning(['user_id', 'product_id'])
    .execute();
  if (claimed.length === 0) return [];
  const users = await db
    .selectFrom('users')
    .select(['id', 'email', 'name'])
    .where('id', 'in', [...new Set(claimed.map((row) => row.user_id))])
    .execute();
  const products = await db
    .selectFrom('products')
    .select(['id', 'name'])
    .where('id', 'in', [...new Set(claimed.map((row) => row.product_id))])
    .execute();
  const userById = new Map(users.map((user) => [user.id, user]));
  const nameById = new Map(products.map((product) => [product.id, product.name]));
  return claimed.flatMap((row) => {
    const user = userById.get(row.user_id);
    const productName = nameById.get(row.product_id);
    return user && productName !== undefined
      ? [{ productId: row.product_id, productName, email: user.email, name: user.name }]
      : [];
  });
}
