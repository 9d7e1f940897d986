import { useQuery } from '@tanstack/react-query';
import { comboQuery } from '../../../lib/api/combos';

/** The combo being edited, always fetched afresh. */
export function useCombo(id: number) {
  return useQuery({ ...comboQuery(id), staleTime: 0 });
}
