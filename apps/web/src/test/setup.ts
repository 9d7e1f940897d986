import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy…/waitFor wait up to 5 s, not 1: a toast's first showing loads its container with a dynamic import, which on
// two busy cores (the whole npm test, Chromium beside it) took longer than a second (seen in CI, shop-page.test.tsx).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // Every file's fetch stubs (stubFetch in render-route.tsx) end with their test.
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

// Preact runs effects after the next frame, or after 35 ms without one: the last of them run before jsdom is torn
// down, not into a window without requestAnimationFrame.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 50)));
