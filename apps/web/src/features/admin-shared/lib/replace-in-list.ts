import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * After an edit saved on its own page, the list the admin returns to shows the saved values at once: the
 * cached list would otherwise show the old ones until its refetch lands. Then every query refreshes.
 */
export async function replaceInList<T>(
  queryClient: QueryClient,
  listKey: QueryKey,
  saved: T,
  isSame: (item: T) => boolean,
): Promise<void> {
  queryClient.setQueryData<T[]>(listKey, (list) => list?.map((item) => (isSame(item) ? saved : item)));
  await queryClient.invalidateQueries();
}
