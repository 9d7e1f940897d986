import { afterAll, afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

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
