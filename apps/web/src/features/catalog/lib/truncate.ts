import { CARD_DESCRIPTION_MAX } from '@tienda/shared/constants';

/** spec §2/§9: card descriptions are cut at 100 characters plus '...'; shorter ones are left whole. */
export function truncateDescription(text: string, max = CARD_DESCRIPTION_MAX): string {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return chars.join('');
  return `${chars.slice(0, max).join('')}...`;
}
