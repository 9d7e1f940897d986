// The shop's clock: Honduras keeps UTC−6 all year (no daylight saving time). Days, months and "today" in reports
// are Honduras days, whatever the server's or the phone's time zone.
export const SHOP_TIME_ZONE = 'America/Tegucigalpa';
const OFFSET_MS = -6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Honduras calendar day of an instant, as 'YYYY-MM-DD'. */
export function shopDay(instant: Date | string): string {
  return new Date(new Date(instant).getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The Honduras date and time of an instant as 'YYYY-MM-DD HH:MM', which a spreadsheet reads as a date it can sort. */
export function shopDateTime(instant: Date | string): string {
  return new Date(new Date(instant).getTime() + OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** The instant a Honduras day ('YYYY-MM-DD') begins. */
export function shopDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - OFFSET_MS);
}

/** The Honduras day after `day` ('YYYY-MM-DD'). */
export function nextShopDay(day: string): string {
  return shopDay(new Date(shopDayStart(day).getTime() + DAY_MS));
}

/** The `count` Honduras days that end with today, oldest first. */
export function lastShopDays(count: number, now: Date = new Date()): string[] {
  const today = shopDayStart(shopDay(now)).getTime();
  return Array.from({ length: count }, (_, i) => shopDay(new Date(today - (count - 1 - i) * DAY_MS)));
}

/** The instant the current calendar month began in Honduras. */
export function shopMonthStart(now: Date = new Date()): Date {
  return shopDayStart(`${shopDay(now).slice(0, 7)}-01`);
}

/** The Honduras hour (0–23) of an instant. */
export function shopHour(instant: Date = new Date()): number {
  return new Date(instant.getTime() + OFFSET_MS).getUTCHours();
}
