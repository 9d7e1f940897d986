import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryForm } from '@tienda/shared/catalog';
import { apiRequest } from '../../../lib/api-client';
import { replaceInList } from '../../admin-shared/lib/replace-in-list';
import { categoriesQuery } from '../../../lib/api/categories';

// spec §7: POST /api/Category and PUT /api/Category/{id} with {name, description}.
export const createCategory = (fields: CategoryForm) =>
  apiRequest<Category>('/api/Category', { method: 'POST', json: fields });
export const updateCategory = (id: number, fields: CategoryForm) =>
  apiRequest<Category>(`/api/Category/${id}`, { method: 'PUT', json: fields });

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    // Every screen that lists categories (admin and shop) refreshes.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useUpdateCategory(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: CategoryForm) => updateCategory(id, fields),
    onSuccess: (saved) =>
      replaceInList(
        queryClient,
        categoriesQuery().queryKey,
        saved,
        (category) => category.categoryId === saved.categoryId,
      ),
  });
}
