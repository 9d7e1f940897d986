import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';

/**
 * Starts an admin form's save and answers once it has settled. Returned from the form's submit handler, it keeps
 * useAdminForm's guard up until then, so a double click creates one product, not two.
 */
export function saving<TData, TVariables>(
  mutation: Pick<UseMutationResult<TData, Error, TVariables>, 'mutate'>,
  variables: TVariables,
  handlers: MutateOptions<TData, Error, TVariables>,
): Promise<void> {
  return new Promise((settled) =>
    mutation.mutate(variables, {
      ...handlers,
      onSettled: (...outcome) => {
        settled();
        return handlers.onSettled?.(...outcome);
      },
    }),
  );
}
