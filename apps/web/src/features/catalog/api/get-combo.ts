import { useQuery } from '@tanstack/react-query';
import { comboQuery, type Combo } from '../../../lib/api/combos';

export type { Combo };

export function useCombo(id: number) {
  return useQuery({ ...comboQuery(id), enabled: Number.isSafeInteger(id) && id > 0 });
}
