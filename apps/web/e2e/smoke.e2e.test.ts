import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/browser';
import { useShop } from './support/use-shop';

describe('the shop loads in a real Chromium', () => {
  const shop = useShop();

  it.each(['phone', 'desktop'] as const)('shows the home page and the 404 page (%s)', async (size) => {
    const page = await shop.openPage(size);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Juguetes que Inspiran Creatividad' }).isVisible()).resolves.toBe(true);
    await page.goto('/no-existe/nada');
    await expect(page.getByRole('heading', { name: '404 - Página no encontrada' }).isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
  });

  // A page wider than the phone makes the whole shop slide sideways under a thumb.
  it('never scrolls sideways on a 390 px phone', async () => {
    const page = await shop.openPage('phone');
    const paths = ['/', '/tienda', '/tienda?modo=combos', '/producto/1', '/combo/1', '/quienes-somos', '/politicas', '/contacto', '/registro', '/login', '/olvide-contrasena', '/MiCarrito', '/no-existe'];
    const widths: Record<string, number> = {};
    for (const path of paths) {
      await page.goto(path, { waitUntil: 'networkidle' });
      widths[path] = await page.evaluate(() => document.documentElement.scrollWidth);
    }
    expect(widths).toEqual(Object.fromEntries(paths.map((path) => [path, 390])));
  });
});
