import { useQuery } from '@tanstack/react-query';
import { categoriesQuery } from '../../../lib/api/categories';

/** The shop's category filter: categories change rarely, so a visit keeps them for a while. */
export function useCategories() {
  return useQuery({ ...categoriesQuery(), staleTime: 5 * 60_000 });
}
