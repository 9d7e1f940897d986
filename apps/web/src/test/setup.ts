import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  // Every file's fetch stubs (stubFetch in render-route.tsx) end with their test.
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});
