import { afterAll, beforeAll, onTestFinished, TestRunner } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { launchBrowser, newContext, type ViewportName } from './browser';
import { startShopServer, type ShopServer } from './shop-server';

export interface E2eShop {
  /** The running shop (started in beforeAll: read it inside hooks and tests only). */
  readonly server: ShopServer;
  /**
   * A page in a fresh context (no session) at phone or desktop size. Opened inside a test, it closes when that test
   * ends; opened in a hook, after the file.
   */
  openPage(size: ViewportName, options?: BrowserContextOptions): Promise<Page>;
}

// One Chromium per test worker: launching one costs about a second of CPU, and the files of a worker run one after
// the other, sharing this module (the e2e project's `isolate: false`). Every page still gets a fresh context, so no
// cookie or storage crosses from one file to the next. Playwright closes the browser when the worker exits.
let workerBrowser: Promise<Browser> | undefined;

async function browserOfThisWorker(): Promise<Browser> {
  const browser = await workerBrowser?.catch(() => undefined);
  if (browser?.isConnected()) return browser;
  workerBrowser = launchBrowser();
  return workerBrowser;
}

/**
 * The set-up every storefront journey file shares: call it once inside the describe block. It starts the
 * real shop in beforeAll, beside the worker's Chromium, and closes the pages it opened and the shop in afterAll.
 */
export function useShop(): E2eShop {
  let server: ShopServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startShopServer(), browserOfThisWorker()]);
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await server?.close();
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useShop(): the shop and the browser start in beforeAll');
    return value;
  };

  return {
    get server() {
      return started(server);
    },
    async openPage(size, options) {
      const context = await newContext(started(browser), started(server).baseUrl, size, options);
      // A page left open keeps running (timers, the featured strip's scrolling) and takes CPU from the next tests.
      if (TestRunner.getCurrentTest() === undefined) contexts.push(context);
      else onTestFinished(() => context.close());
      return context.newPage();
    },
  };
}

/** The react-toastify message with exactly this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.Toastify').getByText(text, { exact: true });
}
