/** Joins Tailwind class lists, skipping empty and false parts, so long lists can be written over several lines. */
export function cn(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}
