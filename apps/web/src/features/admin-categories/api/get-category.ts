import { useQuery } from '@tanstack/react-query';
import { categoryQuery } from '../../../lib/api/categories';

export function useCategory(id: number) {
  return useQuery(categoryQuery(id));
}
