import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

// Debian's Chromium: no browser download is possible on this machine.
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const VIEWPORTS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1440, height: 900 } },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** A fresh context (no cookies, empty localStorage) at phone or desktop size, Spanish locale. */
export async function newContext(
  browser: Browser,
  baseURL: string,
  size: ViewportName,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  // bypassCSP lets the test inject axe-core; the app itself runs under its real CSP otherwise.
  const context = await browser.newContext({
    ...VIEWPORTS[size],
    baseURL,
    locale: 'es-HN',
    bypassCSP: true,
    ...options,
  });
  if (options.javaScriptEnabled !== false) context.on('page', actAfterHydration);
  return context;
}

/**
 * Storefront pages arrive rendered (docs/decisions/0027-server-rendered-storefront.md): their buttons are on screen
 * before the app has taken them over, and a tap then does nothing, as it would for a person on a slow phone. After
 * each navigation a test therefore waits until Preact holds the root: hydrate or render has run, in one synchronous
 * pass, and left its tree on the container as `__k` (its `_children`; docs/decisions/0028-preact-runtime.md),
 * the parts it hydrates in later tasks have too (no `data-hydrating` left on the root), and the page's fonts have
 * swapped in.
 */
function actAfterHydration(page: Page): void {
  const appIsLive = () =>
    page.waitForFunction(() => {
      const root = document.getElementById('root');
      if (root && (!('__k' in root) || 'hydrating' in root.dataset)) return false;
      // A rendered page turns its whole stylesheet on after hydrating, together with the web fonts, which move the
      // text (docs/decisions/0030-paint-first-then-scripts.md): a click waits for them too.
      const sheet = document.querySelector<HTMLLinkElement>('link[data-full-style]');
      if (sheet && (sheet.media !== 'all' || !sheet.sheet)) return false;
      let fontsApplied = false;
      document.fonts.forEach((face) => {
        if (face.family.includes('Nunito') && face.status === 'loaded') fontsApplied = true;
      });
      return fontsApplied;
    });
  for (const method of ['goto', 'goBack', 'goForward', 'reload'] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await navigate(...args);
      await appIsLive();
      return response;
    };
  }
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** Runs axe-core (wcag2a + wcag2aa) on the page and returns the violations, summarised for a readable failure. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Judge the settled page: a button that has just been enabled is still fading in (its `transition`), and axe would
  // measure its half-way colour. Endless animations (the loading pulse) are left running, and so is a toast's
  // progress bar: it only counts down the toast's 3 s, and waiting for it made every check after a toast 3 s longer.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .filter((animation) => !(animation.effect as KeyframeEffect | null)?.target?.matches('.Toastify__progress-bar'))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Once per document: a second check on the same page reuses it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }
    ).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
      // Only violations are read: axe then skips listing every node that passes (a third of its time on /tienda).
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return violations;
}
