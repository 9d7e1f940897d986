/** 128 random bits as hex, for keys that name one attempt or one form; getRandomValues works on plain http too. */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
