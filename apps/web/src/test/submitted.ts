import { waitFor } from '@testing-library/react';
import { expect, type Mock } from 'vitest';

/** What a form handed to its onSubmit, once it has been called, and exactly once. */
export async function submittedOnce<T>(onSubmit: Mock<(value: T) => unknown>): Promise<T> {
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  return onSubmit.mock.calls[0]![0];
}
