import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';

/**
 * Starts a mutation and answers once it has settled: whether it succeeded. Returned from an admin form's submit handler
 * or a confirmation's Ok, it keeps their one-at-a-time guard up until then (useAdminForm, ConfirmDialog): a quick
 * double tap saves or deletes once, and a retry after a failure goes at once. A form's draft is dropped once it saved.
 */
export function mutateUntilSettled<TData, TVariables>(
  mutation: Pick<UseMutationResult<TData, Error, TVariables>, 'mutate'>,
  variables: TVariables,
  handlers: MutateOptions<TData, Error, TVariables>,
): Promise<boolean> {
  return new Promise((settled) =>
    mutation.mutate(variables, {
      ...handlers,
      onSettled: (...outcome) => {
        settled(outcome[1] === null);
        return handlers.onSettled?.(...outcome);
      },
    }),
  );
}
