import { SHOP_TIME_ZONE } from '@tienda/shared/shop-time';

// Dates as people in Honduras write them, in the shop's own time zone whatever the device's clock says.

const FORMATS = {
  // spec §2 /profile: the order date in Spanish with minute precision, "21 de noviembre de 2026, 5:30 a. m.".
  long: new Intl.DateTimeFormat('es-HN', { dateStyle: 'long', timeStyle: 'short', timeZone: SHOP_TIME_ZONE }),
  // Admin tables: shorter, "21 nov 2026, 5:30 a. m.".
  medium: new Intl.DateTimeFormat('es-HN', { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE }),
  // Backups, which may be made seconds apart: "21 nov 2026, 5:30:12 a. m.".
  seconds: new Intl.DateTimeFormat('es-HN', { dateStyle: 'medium', timeStyle: 'medium', timeZone: SHOP_TIME_ZONE }),
  dateOnly: new Intl.DateTimeFormat('es-HN', { dateStyle: 'medium', timeZone: SHOP_TIME_ZONE }),
  timeOnly: new Intl.DateTimeFormat('es-HN', { timeStyle: 'short', timeZone: SHOP_TIME_ZONE }),
  // A calendar day already in shop time ('2026-11-23'): noon UTC of it, read in UTC, is that day anywhere.
  dayMonth: new Intl.DateTimeFormat('es-HN', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
};

/** The spaces of '1:29:09 a. m.' that a narrow column broke ('a.' on one line, 'm.' on the next). */
const MERIDIEM_SPACES = /\s([ap]\.)\s(m\.)/g;

function format(iso: string, formatter: Intl.DateTimeFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date).replace(MERIDIEM_SPACES, '\u00a0$1\u00a0$2');
}

export const formatDateTime = (iso: string, style: 'long' | 'medium' | 'seconds' = 'medium') =>
  format(iso, FORMATS[style]);
export const formatDate = (iso: string) => format(iso, FORMATS.dateOnly);
export const formatTime = (iso: string) => format(iso, FORMATS.timeOnly);

/** A shop day ('YYYY-MM-DD', from shared/shop-time.ts) as "23 nov". */
export const formatShopDay = (day: string) => format(`${day}T12:00:00.000Z`, FORMATS.dayMonth);
