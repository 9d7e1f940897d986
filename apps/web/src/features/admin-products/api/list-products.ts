import { fetchAdminProductPage, productKeys } from '../../../lib/api/products';
import { useServerPagedList } from '../../admin-shared/lib/use-server-paged-list';

/** The product admin's list, searched and paged by the server (GET /api/Product/admin-list). */
export const useAdminProductList = () =>
  useServerPagedList({ queryKey: productKeys.adminPage, fetchPage: fetchAdminProductPage });
