// Dates in the admin read as people in Honduras write them, in the shop's own time zone.
const dateTime = new Intl.DateTimeFormat('es-HN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'America/Tegucigalpa',
});
const dateOnly = new Intl.DateTimeFormat('es-HN', { dateStyle: 'medium', timeZone: 'America/Tegucigalpa' });

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateOnly.format(date);
}
