import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { createUserBody } from '@tienda/shared/accounts';
import type { OutboxOptions } from './mail/outbox.js';

// Environment → typed config, validated once at start.
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'debe ser true o false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = (max: number) =>
  z.coerce
    .number({ message: 'debe ser un número' })
    .int({ message: 'debe ser un número entero' })
    .min(1, { message: 'debe ser al menos 1' })
    .max(max, { message: `debe ser como máximo ${max}` });

/** docs/decisions/0015-…: caps on unpaid pending orders per account, and their expiry. */
export interface OrderLimits {
  /**
   * An unpaid pending order paid by transfer or pay link expires this long after its last change (placed, set back to
   * pending, a receipt, a pay link); one paid on delivery never does.
   */
  pendingOrderHours: number;
  maxPendingOrders: number;
  /** Units of one product (or combo) across the account's pending orders. */
  maxPendingUnitsPerItem: number;
  ordersPerHour: number;
}

export const ORDER_LIMIT_DEFAULTS: OrderLimits = {
  pendingOrderHours: 48,
  maxPendingOrders: 5,
  maxPendingUnitsPerItem: 99,
  ordersPerHour: 10,
};

/** docs/decisions/0036-backups-from-the-admin.md */
export interface BackupSettings {
  /** Archives made by the shop, `npm run backup` and the admin home. */
  dir: string;
  /** Archives `tienda-<fecha>.tar.gz` older than this many days are deleted after each backup the shop makes. */
  keptDays: number;
  /** Honduras hour (0–23) from which the day's backup is made; null: no nightly backup. */
  nightlyHour: number | null;
}

export const BACKUP_DEFAULTS = { keptDays: 14, nightlyHour: 3 } as const;

const environmentSchema = z.object({
  PORT: z.coerce.number({ message: 'debe ser un número' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|postgres:\/\/|postgresql:\/\/)/, { message: 'debe empezar con file:, postgres:// o postgresql://' })
    .optional(),
  UPLOADS_DIR: z.string().min(1).optional(),
  RECEIPTS_DIR: z.string().min(1).optional(),
  JWT_SECRET: z.string().min(32, { message: 'debe tener al menos 32 caracteres' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: 'debe empezar con smtp:// o smtps://' })
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  SHOP_EMAIL: z.email({ message: 'debe ser un correo válido' }).default('tienda@jugarycrecer.hn'),
  // The administrator made at start follows the rules of an account made through POST /api/User.
  ADMIN_EMAIL: createUserBody.shape.email.optional(),
  ADMIN_PASSWORD: createUserBody.shape.passwordHash.optional(),
  ADMIN_USERNAME: createUserBody.shape.username.optional(),
  ADMIN_NAME: createUserBody.shape.name.optional(),
  SEED_DEMO: booleanFlag.optional(),
  PUBLIC_URL: z.url({ message: 'debe ser una URL' }).optional(),
  // docs/decisions/0015-…: what one customer may hold in unpaid pending orders, and for how long.
  PENDING_ORDER_HOURS: positiveInt(24 * 365).default(ORDER_LIMIT_DEFAULTS.pendingOrderHours),
  MAX_PENDING_ORDERS: positiveInt(1000).default(ORDER_LIMIT_DEFAULTS.maxPendingOrders),
  MAX_PENDING_UNITS_PER_ITEM: positiveInt(10_000).default(ORDER_LIMIT_DEFAULTS.maxPendingUnitsPerItem),
  ORDERS_PER_HOUR: positiveInt(10_000).default(ORDER_LIMIT_DEFAULTS.ordersPerHour),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/[^/?#\s]+/, { message: 'debe ser una URL redis://host:puerto o rediss://host:puerto' })
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]{1,40}$/, { message: 'solo minúsculas, cifras, - y _ (hasta 40)' })
    .optional(),
  // docs/decisions/0036-…: where archives go, how many days they are kept, and the Honduras hour of the nightly one.
  BACKUPS_DIR: z.string().min(1).optional(),
  BACKUPS_KEPT_DAYS: positiveInt(3650).default(BACKUP_DEFAULTS.keptDays),
  BACKUP_HOUR: z
    .string()
    .regex(/^(off|1?\d|2[0-3])$/, { message: 'debe ser una hora de 0 a 23 u off' })
    .transform((value) => (value === 'off' ? null : Number(value)))
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .min(1)
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    })
    .default(false),
});

const TRUST_PROXY_TRUE =
  'true dejaría que cualquier cliente falsee su dirección con X-Forwarded-For y esquive los límites por IP. ' +
  'Indica las direcciones de tus proxies (p. ej. 127.0.0.1 o 10.0.0.0/8, separadas por comas) o cuántos saltos ' +
  'de proxy hay delante de la tienda (p. ej. 1).';

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false`, a hop count (`1`: one proxy in front), or the proxies' addresses/CIDRs. Never `true`:
 * trusting every hop lets any client fake its address past the per-IP limits (docs/decisions/0005-…).
 * Returns the Spanish reason for a refused value.
 */
export function parseTrustProxy(value: string): false | number | string[] | string {
  const trimmed = value.trim();
  if (trimmed === 'false' || trimmed === '0') return false;
  if (trimmed === 'true') return TRUST_PROXY_TRUE;
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    return hops <= 10 ? hops : 'el número de saltos de proxy debe estar entre 0 y 10';
  }
  const entries = trimmed.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrCidr(entry));
  if (bad !== undefined) {
    return `"${bad}" no es una dirección IP ni un rango CIDR. Usa false, un número de saltos o direcciones como 127.0.0.1,10.0.0.0/8`;
  }
  return entries;
}

export type DatabaseConfig =
  { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; schema?: string };

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  uploadsDir: string;
  /** Transfer receipts: customer documents, never served publicly (only to their customer and admins). */
  receiptsDir: string;
  jwtSecret: Uint8Array;
  mail: {
    smtpUrl?: string;
    from: string;
    outboxDir: string;
    /** Worker timing (mail/outbox.ts); the defaults suit production, tests shorten them. */
    outbox?: Partial<OutboxOptions>;
  };
  shopEmail: string;
  admin?: { email: string; password: string; username?: string; name?: string };
  /** undefined: seed only when the database is empty. */
  seedDemo?: boolean;
  publicUrl?: string;
  logLevel: string;
  webDistDir?: string;
  /** Unset: ORDER_LIMIT_DEFAULTS. */
  orderLimits?: OrderLimits;
  /** Fastify trustProxy: false, a hop count, or the proxies' addresses/CIDRs (never true: see parseTrustProxy). */
  trustProxy: false | number | string[];
  /** Counters of every limit in Redis, shared by all processes; unset: in the database (docs/decisions/0014-…). */
  redisUrl?: string;
  /** Start of every Redis key, so tests (or two shops) can share one Redis. Default 'tienda'. */
  redisKeyPrefix?: string;
  backups: BackupSettings;
}

export class ConfigError extends Error {}

export function databaseConfigFromUrl(url: string | undefined, dataDir: string): DatabaseConfig {
  if (!url) return { dialect: 'sqlite', file: path.join(dataDir, 'tienda.db') };
  if (url.startsWith('file:')) return { dialect: 'sqlite', file: path.resolve(url.slice('file:'.length)) };
  return { dialect: 'postgres', url };
}

// JWT_SECRET unset: generate once and keep it in DATA_DIR so tokens survive restarts.
function loadOrCreateSecret(dataDir: string): Uint8Array {
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Configuración inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError(
      'Configuración inválida:\n  ADMIN_EMAIL y ADMIN_PASSWORD van juntos: define ambos o ninguno.',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const uploadsDir = path.resolve(e.UPLOADS_DIR ?? path.join(dataDir, 'uploads'));
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: databaseConfigFromUrl(e.DATABASE_URL, dataDir),
    uploadsDir,
    receiptsDir: path.resolve(e.RECEIPTS_DIR ?? path.join(dataDir, 'receipts')),
    jwtSecret: e.JWT_SECRET ? new TextEncoder().encode(e.JWT_SECRET) : loadOrCreateSecret(dataDir),
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `"Jugar y Crecer" <${e.SHOP_EMAIL}>`,
      outboxDir: path.join(dataDir, 'outbox'),
    },
    shopEmail: e.SHOP_EMAIL,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD, username: e.ADMIN_USERNAME, name: e.ADMIN_NAME }
        : undefined,
    seedDemo: e.SEED_DEMO,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    trustProxy: e.TRUST_PROXY,
    orderLimits: {
      pendingOrderHours: e.PENDING_ORDER_HOURS,
      maxPendingOrders: e.MAX_PENDING_ORDERS,
      maxPendingUnitsPerItem: e.MAX_PENDING_UNITS_PER_ITEM,
      ordersPerHour: e.ORDERS_PER_HOUR,
    },
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    backups: {
      dir: path.resolve(e.BACKUPS_DIR ?? path.join(dataDir, 'backups')),
      keptDays: e.BACKUPS_KEPT_DAYS,
      nightlyHour: e.BACKUP_HOUR === undefined ? BACKUP_DEFAULTS.nightlyHour : e.BACKUP_HOUR,
    },
  };
}
