import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/browser';
import {
  call,
  codeMailedTo,
  createCustomer,
  logInThroughUi,
  mailCount,
  openLoggedIn,
  productsInStock,
  submitLogin,
  uniqueIdentity,
} from './support/accounts-fixtures';
import { toast, useShop } from './support/use-shop';
import { mailBackInStock } from '../../api/src/modules/stock-alerts/stock-alerts.service';

// The account journeys of spec §2/§4 in a real Chromium, with the codes read from the e-mails.

const REGISTRATION_SUBJECT = 'Tu código de verificación';
const RESET_SUBJECT = 'Código para cambiar tu contraseña';

describe('accounts in a real Chromium', () => {
  const shop = useShop();

  async function expectNoAxeViolations(page: Page) {
    expect(await axeViolations(page)).toEqual([]);
  }

  it.each(['phone', 'desktop'] as const)(
    'registers with the e-mailed code, then logs in by e-mail (%s)',
    async (size) => {
      const page = await shop.openPage(size);
      const { email, username } = uniqueIdentity('registro');
      await page.goto('/registro');
      await page.getByRole('heading', { name: 'Crear cuenta' }).waitFor();
      await expectNoAxeViolations(page);

      // spec §5: everything is required, then the passwords must match.
      await page.getByRole('button', { name: 'Crear cuenta' }).click();
      await expect(page.getByText('Por favor, completa todos los campos.').count()).resolves.toBe(1);
      await expectNoAxeViolations(page);
      await page.getByLabel('Nombre completo').fill('Lucía Fernández');
      await page.getByLabel('Nombre de usuario').fill(username);
      await page.getByLabel('Correo electrónico').fill(email);
      await page.getByLabel('Contraseña', { exact: true }).fill('Pelota-2026');
      await page.getByLabel('Confirmar contraseña', { exact: true }).fill('Pelota-2027');
      await page.getByRole('button', { name: 'Mostrar confirmar contraseña' }).click();
      await expect(page.getByLabel('Confirmar contraseña', { exact: true }).getAttribute('type')).resolves.toBe('text');
      await page.getByLabel(/He leído y acepto/).check();
      await page.getByRole('button', { name: 'Crear cuenta' }).click();
      await page.getByText('Las contraseñas no coinciden', { exact: true }).waitFor();
      await page.getByLabel('Confirmar contraseña', { exact: true }).fill('Pelota-2026');
      await page.getByRole('button', { name: 'Crear cuenta' }).click();

      await page.waitForURL('**/codeconfirmation');
      await page.getByRole('heading', { name: 'Confirma tu correo' }).waitFor();
      // The draft (with the password) waits in sessionStorage only.
      const storage = await page.evaluate(() => ({
        session: sessionStorage.getItem('registroPendiente'),
        local: JSON.stringify(localStorage),
      }));
      expect(JSON.parse(storage.session!)).toEqual({
        nombreCompleto: 'Lucía Fernández',
        nombreUsuario: username,
        correoElectronico: email,
        contraseña: 'Pelota-2026',
      });
      expect(storage.local).not.toContain('Pelota-2026');
      await expectNoAxeViolations(page);

      const code = await codeMailedTo(shop.server, email, REGISTRATION_SUBJECT);
      const codeInput = page.getByLabel('Código de verificación');
      await codeInput.fill('12a3');
      await expect(codeInput.inputValue()).resolves.toBe('123');
      await page.getByRole('button', { name: 'Confirmar' }).click();
      await page.getByText('El código debe tener 6 dígitos', { exact: true }).waitFor();
      await codeInput.fill(code);
      await page.getByRole('button', { name: 'Confirmar' }).click();

      await page.waitForURL('**/login');
      await page.getByText(/Tu cuenta está lista/).waitFor();
      await expect(page.evaluate(() => sessionStorage.getItem('registroPendiente'))).resolves.toBeNull();
      await expectNoAxeViolations(page);
      await logInThroughUi(page, email, 'Pelota-2026');
      await expect(page.evaluate(() => Boolean(localStorage.getItem('token')))).resolves.toBe(true);
    },
  );

  it('a guest who adds a toy, then creates an account, logs in with the e-mail filled and comes back to the toy (phone)', async () => {
    const [product] = await productsInStock(shop.server, 1);
    const page = await shop.openPage('phone');
    const { email, username } = uniqueIdentity('vuelve');
    await page.goto(`/producto/${product!.productId}`);
    // A guest's 'Agregar al carrito' asks to log in first.
    await page.getByRole('button', { name: 'Agregar al carrito' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('link', { name: 'Crea una aquí' }).click();
    await page.waitForURL('**/registro');
    await page.getByLabel('Nombre completo').fill('Marta Castillo');
    await page.getByLabel('Nombre de usuario').fill(username);
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('Pelota-2026');
    await page.getByLabel('Confirmar contraseña', { exact: true }).fill('Pelota-2026');
    await page.getByLabel(/He leído y acepto/).check();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL('**/codeconfirmation');
    await page.getByLabel('Código de verificación').fill(await codeMailedTo(shop.server, email, REGISTRATION_SUBJECT));
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.waitForURL('**/login');
    await page.getByText(/Tu cuenta está lista/).waitFor();
    await expect(page.getByLabel('Correo electrónico o nombre de usuario').inputValue()).resolves.toBe(email);
    await submitLogin(page, email, 'Pelota-2026');
    await page.waitForURL(`**/producto/${product!.productId}`);
    await page.getByRole('heading', { level: 1, name: product!.name }).waitFor();
  });

  // docs/decisions/0040-back-in-stock-alerts.md
  it('a guest on a sold-out toy logs in from it, asks to be told, and is e-mailed once it is back (phone)', async () => {
    const customer = await createCustomer(shop.server, 'Lucía Fernández');
    const soldOut = await shop.server.app.ctx.db
      .selectFrom('products')
      .select(['id', 'name'])
      .where('stock', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const page = await shop.openPage('phone');
    await page.goto(`/producto/${soldOut.id}`);
    await page.getByText(/Inicia sesión y te avisamos por correo cuando vuelva/).waitFor();
    await page.getByRole('link', { name: 'Iniciar sesión' }).click();
    await page.waitForURL('**/login');
    await submitLogin(page, customer.email, customer.password);
    await page.waitForURL(`**/producto/${soldOut.id}`);
    await page.getByRole('button', { name: 'Avísame cuando vuelva' }).click();
    await page.getByText('Te avisaremos por correo cuando vuelva.').waitFor();
    await expectNoAxeViolations(page);
    // The profile lists it.
    await page.goto('/profile');
    const waited = page.getByRole('region', { name: 'Juguetes que esperas' });
    await waited.getByRole('link', { name: soldOut.name }).waitFor();
    await expectNoAxeViolations(page);

    // The owner restocks it; the next run of the job e-mails the family, once.
    await shop.server.app.ctx.db.updateTable('products').set({ stock: 4 }).where('id', '=', soldOut.id).execute();
    expect(await mailBackInStock(shop.server.app.ctx)).toBe(1);
    expect(await mailBackInStock(shop.server.app.ctx)).toBe(0);
    await expect
      .poll(() => mailCount(shop.server, customer.email, `Volvió «${soldOut.name}»`), { timeout: 10_000 })
      .toBe(1);
  });

  it('logs in by username, and a wrong password says so (desktop)', async () => {
    const customer = await createCustomer(shop.server, 'Marta Rivera');
    const page = await shop.openPage('desktop');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByText('Todos los campos son necesarios', { exact: true }).waitFor();
    await submitLogin(page, customer.username, 'no-es-esta');
    await page.getByText('Credenciales inválidas', { exact: true }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
    await expectNoAxeViolations(page);
    await logInThroughUi(page, customer.username, customer.password);
    await page.getByRole('button', { name: 'Perfil' }).waitFor();
  });

  it('resets a forgotten password with the e-mailed code and logs in with the new one (phone)', async () => {
    const customer = await createCustomer(shop.server, 'Carlos Mejía');
    const page = await shop.openPage('phone');
    await page.goto('/login');
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.waitForURL('**/olvide-contrasena');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.getByText('Por favor ingresa un correo válido.', { exact: true }).waitFor();
    // An e-mail without an account is answered as one with it (no stranger learns which e-mails have one); its
    // owner gets a note saying so instead of a code.
    const nobody = `nadie-${customer.username}@correo.hn`;
    await page.getByLabel('Correo electrónico').fill(nobody);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.waitForURL('**/reset-code-confirmation');
    await page.getByText(nobody, { exact: true }).waitFor();
    await expect.poll(() => mailCount(shop.server, nobody, 'No hay una cuenta con este correo')).toBe(1);
    await page.goBack();
    await page.waitForURL('**/olvide-contrasena');

    await page.getByLabel('Correo electrónico').fill(customer.email);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.waitForURL('**/reset-code-confirmation');
    await page.getByText(customer.email, { exact: true }).waitFor();
    await expectNoAxeViolations(page);
    const code = await codeMailedTo(shop.server, customer.email, RESET_SUBJECT);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Código de verificación').fill(wrong);
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Código incorrecto. Por favor, verifica tu correo.', { exact: true }).waitFor();
    await page.getByLabel('Código de verificación').fill(code);
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await toast(page, 'Código verificado correctamente.').waitFor();

    await page.waitForURL('**/reset-password');
    await expectNoAxeViolations(page);
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('Nueva-clave-1');
    await page.getByLabel('Confirmar nueva contraseña', { exact: true }).fill('Nueva-clave-2');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByText('Las contraseñas no coinciden.', { exact: true }).waitFor();
    await page.getByLabel('Confirmar nueva contraseña', { exact: true }).fill('Nueva-clave-1');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await toast(page, 'Contraseña cambiada correctamente.').waitFor();

    await page.waitForURL('**/login');
    await submitLogin(page, customer.email, customer.password);
    await page.getByText('Credenciales inválidas', { exact: true }).waitFor();
    await logInThroughUi(page, customer.email, 'Nueva-clave-1');
    expect(mailCount(shop.server, customer.email, RESET_SUBJECT)).toBe(1);
  });

  it('changes the password in /profile, then logs in with it (desktop)', async () => {
    const customer = await createCustomer(shop.server, 'Sofía Castillo');
    const page = await shop.openPage('desktop');
    await openLoggedIn(page, customer.token, '/profile');
    await page.getByRole('heading', { name: 'Mi perfil' }).waitFor();
    await expect(page.getByLabel('Correo electrónico').inputValue()).resolves.toBe(customer.email);
    await page.getByText('No tienes compras registradas.', { exact: true }).waitFor();
    await expectNoAxeViolations(page);

    const form = page.getByRole('form', { name: 'Cambiar contraseña' });
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await form.getByText('Escribe tu contraseña actual.', { exact: true }).waitFor();
    await form.getByLabel('Contraseña actual', { exact: true }).fill('equivocada');
    await form.getByLabel('Nueva contraseña', { exact: true }).fill('Perfil-2026');
    await form.getByLabel('Confirmar nueva contraseña', { exact: true }).fill('Perfil-2026');
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await form.getByText('La contraseña actual no es correcta.', { exact: true }).waitFor();
    await form.getByLabel('Contraseña actual', { exact: true }).fill(customer.password);
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await toast(page, 'Contraseña cambiada correctamente.').waitFor();
    // The change revoked the token the fixture signed; this device goes on with the fresh one of the reply.
    await page.reload();
    await expect(page.getByLabel('Correo electrónico').inputValue()).resolves.toBe(customer.email);

    // spec §2: Cerrar sesión removes the token, goes to / and reloads.
    await page.getByRole('button', { name: 'Perfil' }).click();
    await page.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
    await page.waitForURL(`${shop.server.baseUrl}/`);
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
    await logInThroughUi(page, customer.username, 'Perfil-2026');
  });

  it("a session ended on another device turns the shop to a guest's, and /MiCarrito asks to log in again (phone)", async () => {
    const customer = await createCustomer(shop.server, 'Marta Reyes');
    const page = await shop.openPage('phone');
    await openLoggedIn(page, customer.token, '/tienda?disponibles=1');
    await page.getByTestId('catalog-card').first().waitFor();
    // 'Cerrar sesión en todos los dispositivos' from her other phone.
    await call(shop.server, 'POST', '/api/User/logout-all', undefined, customer.token);
    // The next add finds the token refused: the shop offers the way to log in, as to a guest.
    await page.getByTestId('catalog-card').first().getByRole('button', { name: 'Agregar al carrito' }).click();
    await page.getByRole('dialog', { name: 'Inicia sesión para comprar' }).waitFor();
    await toast(page, 'Token inválido o vencido. Vuelve a iniciar sesión.').waitFor();
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();

    // A cart opened with a refused token: /login says why, and the login comes back to the cart.
    await openLoggedIn(page, customer.token, '/MiCarrito');
    await page.waitForURL('**/login');
    await toast(page, 'Token inválido o vencido. Vuelve a iniciar sesión.').waitFor();
    expect(await toast(page, 'Debes iniciar sesión para ver tu carrito').count()).toBe(0);
    await submitLogin(page, customer.username, customer.password);
    await page.waitForURL('**/MiCarrito');
    await page.getByRole('heading', { name: 'Tu carrito está vacío' }).waitFor();
  });

  it("'Cerrar sesiones' ends every session on /login, and Back from there skips /profile (phone)", async () => {
    const customer = await createCustomer(shop.server, 'Lucía Paz');
    const page = await shop.openPage('phone');
    await openLoggedIn(page, customer.token, '/tienda');
    await page.getByTestId('catalog-card').first().waitFor();
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Mi perfil' }).waitFor();
    await page.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cerrar sesión en todos los dispositivos?' });
    await dialog.waitFor();
    // A phone's Back closes the confirmation and ends nothing (docs/decisions/0038-back-closes-dialogs.md).
    await page.goBack();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click();
    await dialog.getByRole('button', { name: 'Cerrar sesiones' }).click();
    await page.waitForURL('**/login');
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
    // /login took /profile's place: Back goes to the shop, not to a profile that would send the visitor to /login.
    await page.goBack();
    await page.waitForURL('**/tienda');
    expect(await toast(page, 'Debes iniciar sesión para ver tu perfil.').count()).toBe(0);
  });

  it.each([
    ['/MiCarrito', 'Debes iniciar sesión para ver tu carrito'],
    ['/pagar', 'Debes iniciar sesión para continuar'],
    ['/profile', 'Debes iniciar sesión para ver tu perfil.'],
  ])('%s without a token says %j and goes to /login (phone)', async (path, message) => {
    const page = await shop.openPage('phone');
    await page.goto(path);
    await page.waitForURL('**/login');
    await toast(page, message).waitFor();
    await page.getByRole('heading', { name: 'Inicia sesión' }).waitFor();
  });

  it("shows a customer on /admin/inicio 'Vista exclusiva para administradores' (phone and desktop)", async () => {
    const customer = await createCustomer(shop.server, 'Pedro Cliente');
    for (const size of ['phone', 'desktop'] as const) {
      const page = await shop.openPage(size);
      await openLoggedIn(page, customer.token, '/admin/inicio');
      await page.getByRole('heading', { name: 'Vista exclusiva para administradores' }).waitFor();
      await page.getByText('Lo sentimos, no tienes acceso a esta sección.', { exact: true }).waitFor();
      await expect(page.getByRole('link', { name: 'Vista Admin' }).count()).resolves.toBe(0);
      await expectNoAxeViolations(page);
    }
  });
});
