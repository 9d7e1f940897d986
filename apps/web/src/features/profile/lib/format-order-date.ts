// spec §2 /profile: the order date in Spanish locale with minute precision, e.g.
// "21 de noviembre de 2026, 5:30 a. m.". Shown in Honduras time, where the shop and its customers are,
// whatever the device's clock zone says.
const ORDER_DATE_FORMAT = new Intl.DateTimeFormat('es-HN', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'America/Tegucigalpa',
});

export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : ORDER_DATE_FORMAT.format(date);
}
