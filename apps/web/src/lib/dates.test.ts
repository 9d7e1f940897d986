import { describe, expect, it } from 'vitest';
import { formatDateTime } from './dates';

describe('dates in the shop’s time', () => {
  it('keeps a time and its "a. m." together, so a narrow column never breaks them apart', () => {
    // 07:29:09 UTC is 1:29:09 a. m. in Honduras (UTC−6).
    expect(formatDateTime('2026-11-27T07:29:09.000Z', 'seconds')).toBe('27 nov 2026, 1:29:09\u00a0a.\u00a0m.');
    expect(formatDateTime('2026-11-27T20:05:00.000Z')).toBe('27 nov 2026, 2:05\u00a0p.\u00a0m.');
  });
});
