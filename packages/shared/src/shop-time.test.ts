import { describe, expect, it } from 'vitest';
import { lastShopDays, nextShopDay, shopDateTime, shopDay, shopDayStart, shopMonthStart } from './shop-time.js';

describe('the shop clock (Honduras, UTC−6)', () => {
  it('puts an evening order on its Honduras day, not on the UTC one', () => {
    expect(shopDay('2026-11-23T05:30:00.000Z')).toBe('2026-11-22'); // 23:30 on the 22nd in San Pedro Sula
    expect(shopDay('2026-11-23T06:00:00.000Z')).toBe('2026-11-23');
    expect(shopDayStart('2026-11-23').toISOString()).toBe('2026-11-23T06:00:00.000Z');
    expect(shopDateTime('2026-11-23T05:30:00.000Z')).toBe('2026-11-22 23:30');
    expect(shopDateTime(new Date('2026-11-23T06:05:59.999Z'))).toBe('2026-11-23 00:05');
  });

  it('lists the last days ending today, oldest first, across a month end', () => {
    expect(lastShopDays(3, new Date('2026-12-01T07:00:00.000Z'))).toEqual(['2026-11-29', '2026-11-30', '2026-12-01']);
    expect(lastShopDays(30, new Date('2026-11-23T12:00:00.000Z'))).toHaveLength(30);
  });

  it('names the day after, across a month and a year end', () => {
    expect(nextShopDay('2026-11-26')).toBe('2026-11-27');
    expect(nextShopDay('2026-11-30')).toBe('2026-12-01');
    expect(nextShopDay('2026-12-31')).toBe('2027-01-01');
  });

  it('starts the month at midnight in Honduras', () => {
    expect(shopMonthStart(new Date('2026-12-01T05:59:00.000Z')).toISOString()).toBe('2026-11-01T06:00:00.000Z');
    expect(shopMonthStart(new Date('2026-12-01T06:00:00.000Z')).toISOString()).toBe('2026-12-01T06:00:00.000Z');
  });
});
