import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API } from '@tienda/shared/messages';
import { ConfigError, loadConfig } from './config.js';

// Environment variables validated at start with a clear error.

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tienda-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });
  const failure = (env: Record<string, string>): ConfigError => {
    try {
      load(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return error as ConfigError;
    }
    throw new Error('loadConfig aceptó una configuración inválida');
  };

  it('has working defaults: port 3000, SQLite in DATA_DIR, uploads and outbox inside it', () => {
    const config = load({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve(dataDir));
    expect(config.database).toEqual({ dialect: 'sqlite', file: path.join(path.resolve(dataDir), 'tienda.db') });
    expect(config.uploadsDir).toBe(path.join(path.resolve(dataDir), 'uploads'));
    expect(config.mail.outboxDir).toBe(path.join(path.resolve(dataDir), 'outbox'));
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.admin).toBeUndefined();
    expect(config.seedDemo).toBeUndefined();
  });

  it('reads PostgreSQL and file: URLs', () => {
    expect(load({ DATABASE_URL: 'postgres://u@h:5432/tienda' }).database).toEqual({
      dialect: 'postgres',
      url: 'postgres://u@h:5432/tienda',
    });
    expect(load({ DATABASE_URL: 'postgresql://u@h/tienda' }).database.dialect).toBe('postgres');
    expect(load({ DATABASE_URL: `file:${path.join(dataDir, 'x.db')}` }).database).toEqual({
      dialect: 'sqlite',
      file: path.join(dataDir, 'x.db'),
    });
  });

  it('rejects a bad PORT with a message naming it', () => {
    expect(failure({ PORT: 'abc' }).message).toBe('Configuración inválida:\n  PORT: debe ser un número');
    expect(failure({ PORT: '70000' }).message).toMatch(/^Configuración inválida:\n {2}PORT: /);
    expect(failure({ PORT: '80.5' }).message).toMatch(/^Configuración inválida:\n {2}PORT: /);
  });

  it('rejects a DATABASE_URL of another kind', () => {
    expect(failure({ DATABASE_URL: 'mysql://root@localhost/tienda' }).message).toBe(
      'Configuración inválida:\n  DATABASE_URL: debe empezar con file:, postgres:// o postgresql://',
    );
  });

  it('lists every bad variable at once', () => {
    const message = failure({ PORT: 'abc', SMTP_URL: 'http://mail', SHOP_EMAIL: 'no-es-correo' }).message;
    expect(message).toContain('  PORT: debe ser un número');
    expect(message).toContain('  SMTP_URL: debe empezar con smtp:// o smtps://');
    expect(message).toContain('  SHOP_EMAIL: debe ser un correo válido');
  });

  it('requires ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    const expected = 'Configuración inválida:\n  ADMIN_EMAIL y ADMIN_PASSWORD van juntos: define ambos o ninguno.';
    expect(failure({ ADMIN_EMAIL: 'admin@tienda.hn' }).message).toBe(expected);
    expect(failure({ ADMIN_PASSWORD: 'secreto123' }).message).toBe(expected);
    expect(failure({ ADMIN_EMAIL: 'admin@tienda.hn', ADMIN_PASSWORD: '123' }).message).toBe(
      'Configuración inválida:\n  ADMIN_PASSWORD: La contraseña debe tener al menos 6 caracteres.',
    );
    // The rules of an account made through POST /api/User: a user name the login form could not type is refused.
    expect(
      failure({ ADMIN_EMAIL: 'admin@tienda.hn', ADMIN_PASSWORD: 'secreto123', ADMIN_USERNAME: 'la jefa' }).message,
    ).toBe(`Configuración inválida:\n  ADMIN_USERNAME: ${API.usernameInvalid}`);
    expect(
      load({ ADMIN_EMAIL: 'admin@tienda.hn', ADMIN_PASSWORD: 'secreto123', ADMIN_USERNAME: 'jefa' }).admin,
    ).toEqual({
      email: 'admin@tienda.hn',
      password: 'secreto123',
      username: 'jefa',
      name: undefined,
    });
  });

  it('generates the JWT secret once, keeps it in DATA_DIR (owner-only) and reuses it at the next start', () => {
    const first = load({}).jwtSecret;
    const file = path.join(dataDir, 'jwt-secret');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(new TextDecoder().decode(first)).toBe(readFileSync(file, 'utf8').trim());
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(load({}).jwtSecret).toEqual(first);
    // Another data directory gets another secret.
    const otherDir = mkdtempSync(path.join(tmpdir(), 'tienda-config-'));
    try {
      expect(loadConfig({ DATA_DIR: otherDir }).jwtSecret).not.toEqual(first);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('takes JWT_SECRET from the environment when set, and refuses a short one', () => {
    const secret = 'x'.repeat(40);
    expect(new TextDecoder().decode(load({ JWT_SECRET: secret }).jwtSecret)).toBe(secret);
    expect(failure({ JWT_SECRET: 'corto' }).message).toBe(
      'Configuración inválida:\n  JWT_SECRET: debe tener al menos 32 caracteres',
    );
  });

  it('takes TRUST_PROXY as proxy addresses/CIDRs or a hop count, and refuses true', () => {
    expect(load({}).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(failure({ TRUST_PROXY: 'true' }).message).toBe(
      'Configuración inválida:\n  TRUST_PROXY: true dejaría que cualquier cliente falsee su dirección con ' +
        'X-Forwarded-For y esquive los límites por IP. Indica las direcciones de tus proxies (p. ej. 127.0.0.1 o ' +
        '10.0.0.0/8, separadas por comas) o cuántos saltos de proxy hay delante de la tienda (p. ej. 1).',
    );
    expect(failure({ TRUST_PROXY: '10.0.0.0/33' }).message).toBe(
      'Configuración inválida:\n  TRUST_PROXY: "10.0.0.0/33" no es una dirección IP ni un rango CIDR. ' +
        'Usa false, un número de saltos o direcciones como 127.0.0.1,10.0.0.0/8',
    );
    expect(failure({ TRUST_PROXY: 'proxy.local' }).message).toBe(
      'Configuración inválida:\n  TRUST_PROXY: "proxy.local" no es una dirección IP ni un rango CIDR. ' +
        'Usa false, un número de saltos o direcciones como 127.0.0.1,10.0.0.0/8',
    );
  });

  it('takes REDIS_URL as redis:// or rediss://, unset by default (counters in the database)', () => {
    expect(load({}).redisUrl).toBeUndefined();
    expect(load({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).redisUrl).toBe('redis://127.0.0.1:6379/2');
    expect(load({ REDIS_URL: 'rediss://:clave@cache.example:6380' }).redisUrl).toBe(
      'rediss://:clave@cache.example:6380',
    );
    expect(failure({ REDIS_URL: '127.0.0.1:6379' }).message).toBe(
      'Configuración inválida:\n  REDIS_URL: debe ser una URL redis://host:puerto o rediss://host:puerto',
    );
  });

  it('makes the nightly backup at 3 a. m. into DATA_DIR/backups and keeps 14 days, unless told otherwise', () => {
    expect(load({}).backups).toEqual({ dir: path.join(dataDir, 'backups'), keptDays: 14, nightlyHour: 3 });
    expect(load({ BACKUP_HOUR: 'off', BACKUPS_KEPT_DAYS: '30', BACKUPS_DIR: '/srv/copias' }).backups).toEqual({
      dir: '/srv/copias',
      keptDays: 30,
      nightlyHour: null,
    });
    expect(load({ BACKUP_HOUR: '0' }).backups.nightlyHour).toBe(0);
    expect(load({ BACKUP_HOUR: '23' }).backups.nightlyHour).toBe(23);
    expect(failure({ BACKUP_HOUR: '24', BACKUPS_KEPT_DAYS: '0' }).message).toBe(
      'Configuración inválida:\n  BACKUPS_KEPT_DAYS: debe ser al menos 1\n  BACKUP_HOUR: debe ser una hora de 0 a 23 u off',
    );
    // Empty is not midnight.
    expect(failure({ BACKUP_HOUR: '' }).message).toBe(
      'Configuración inválida:\n  BACKUP_HOUR: debe ser una hora de 0 a 23 u off',
    );
  });
});
