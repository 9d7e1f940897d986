import { randomInt } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.js';
import type { AppContext } from '../plugins/context.js';
import { ensureAdministrator } from '../modules/accounts/accounts.bootstrap.js';
import { findUserByEmail, hasAdministrator } from '../modules/accounts/users.repository.js';
import { DEMO_ADMIN } from './demo-data.js';

// When ADMIN_EMAIL is not configured, the demo shop still needs someone who can open the back-office:
// an administrator whose random password is kept in DATA_DIR/demo-admin.txt and printed at every start.

export const DEMO_ADMIN_FILE = 'demo-admin.txt';

/** A password for people to type: 4 groups of 4 from an alphabet without look-alikes (~92 bits). */
export function readablePassword(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join(''),
  );
  return groups.join('-');
}

/** Creates the demo administrator unless ADMIN_EMAIL is configured or the shop already has an administrator. */
export async function ensureDemoAdministrator(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  if (ctx.config.admin || (await hasAdministrator(ctx.db))) return;
  if (await findUserByEmail(ctx.db, DEMO_ADMIN.email)) return; // keeps its own password; nothing new to tell
  const password = readablePassword();
  await ensureAdministrator(ctx, { ...DEMO_ADMIN, password });
  const file = path.join(ctx.config.dataDir, DEMO_ADMIN_FILE);
  const text = [
    '# Administrador de demostración de la tienda (creado junto con el catálogo de demostración).',
    '# Cambia la contraseña desde «Mi perfil», o define ADMIN_EMAIL y ADMIN_PASSWORD; este archivo no se actualiza.',
    `correo=${DEMO_ADMIN.email}`,
    `usuario=${DEMO_ADMIN.username}`,
    `contraseña=${password}`,
    '',
  ].join('\n');
  await writeFile(file, text, { mode: 0o600 });
  await chmod(file, 0o600); // writeFile's mode only applies to a new file
  // The password itself goes to the console at start (adminLoginHint), not into structured logs.
  log.info({ email: DEMO_ADMIN.email, file }, 'administrador de demostración creado; su contraseña está en el archivo');
}

/** The demo administrator's credentials from DATA_DIR/demo-admin.txt, or null when there is no such file. */
export async function readDemoAdmin(
  dataDir: string,
): Promise<{ email: string; username: string; password: string; file: string } | null> {
  const file = path.join(dataDir, DEMO_ADMIN_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return null;
  }
  const values = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^([^#=][^=]*)=(.*)$/.exec(line.trim());
    if (match) values.set(match[1]!.trim(), match[2]!.trim());
  }
  const email = values.get('correo');
  const password = values.get('contraseña');
  return email && password ? { email, username: values.get('usuario') ?? '', password, file } : null;
}

/**
 * What `npm start` prints so the person who just installed the shop can open the back-office. `hasAdministrator`: the
 * database already has one (a restored backup, whose demo-admin.txt stayed behind), whose password still works.
 */
export async function adminLoginHint(
  config: Pick<AppConfig, 'admin' | 'dataDir'>,
  hasAdministrator: boolean,
): Promise<string> {
  if (config.admin) return `Administrador: ${config.admin.email} / contraseña: la de ADMIN_PASSWORD`;
  const demo = await readDemoAdmin(config.dataDir);
  if (demo) {
    const relative = path.relative(process.cwd(), demo.file);
    const shown = relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : demo.file;
    return `Administrador: ${demo.email} / contraseña: ${demo.password} (guardada en ${shown})`;
  }
  if (hasAdministrator) {
    return (
      'Administrador: entra con la cuenta de administrador que ya tiene la tienda (si olvidaste la contraseña, ' +
      '«¿Olvidaste tu contraseña?» en /login), o define ADMIN_EMAIL y ADMIN_PASSWORD para crear otra.'
    );
  }
  return 'Para entrar como administrador, define ADMIN_EMAIL y ADMIN_PASSWORD y reinicia la tienda.';
}
