import { useQuery } from '@tanstack/react-query';
import { combosQuery } from '../../../lib/api/combos';

export function useCombos() {
  return useQuery(combosQuery());
}
