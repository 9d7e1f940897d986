import { useQuery } from '@tanstack/react-query';
import { productQuery, type Product } from '../../../lib/api/products';

export type { Product };

export function useProduct(id: number) {
  return useQuery({ ...productQuery(id), enabled: Number.isSafeInteger(id) && id > 0 });
}
