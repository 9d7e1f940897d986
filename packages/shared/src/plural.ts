/**
 * A count with its words in Spanish, singular for exactly one: `countOf(1, 'orden', 'órdenes')` → '1 orden'.
 * messages.ts spells its few counts out instead: importing this there made the bundler split the storefront's
 * first-load chunk in five, 1.5 KB more brotli (docs/decisions/0025-first-load-javascript-and-images.md).
 */
export function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** How many units are left, as a sentence starts: 'Quedan 3', 'Queda 1' (the verb agrees with the count). */
export function unitsLeft(count: number): string {
  return count === 1 ? 'Queda 1' : `Quedan ${count}`;
}
