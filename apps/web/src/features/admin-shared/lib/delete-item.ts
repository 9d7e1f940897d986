import { ApiError, apiRequest } from '../../../lib/api-client';

/**
 * An admin's DELETE of one item. An item already gone (404) is deleted as asked: the owner's first try may have
 * arrived with its answer lost on a bad connection, or another admin deleted it; either way the list drops it and the
 * dialog closes, instead of 'Error al eliminar' on a row that no longer exists.
 */
export async function deleteItem(path: string): Promise<void> {
  try {
    await apiRequest<void>(path, { method: 'DELETE' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}
