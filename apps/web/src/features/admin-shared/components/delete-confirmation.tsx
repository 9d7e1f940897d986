import { useState, type ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { mutateUntilSettled } from '../../../lib/mutate-until-settled';

export interface DeleteConfirmationOptions<T> {
  /** The list's delete mutation; it takes the item's id. */
  remove: Pick<UseMutationResult<unknown, Error, number>, 'mutate' | 'isPending'>;
  idOf: (item: T) => number;
  title: string;
  question: string;
  /** Names the item under the question, in bold. */
  describe: (item: T) => ReactNode;
  /** What else the delete does, under the name (the products a category leaves without it). */
  consequence?: (item: T) => ReactNode;
  /** The toast after the delete. */
  deletedText: string;
  /** What a failed delete says (toast, log). */
  onFailed: (error: Error) => void;
  /**
   * Leave the dialog open after a failure, so Ok can be tried again (by default it closes); a function decides per
   * failure (a refusal that trying again cannot change closes it).
   */
  keepOpenOnError?: boolean | ((error: Error) => boolean);
}

/**
 * spec §4 delete flow of the admin lists: `ask(item)` opens the confirmation, Ok deletes, the list reloads.
 * Returns `ask` and the dialog to render once.
 */
export function useDeleteConfirmation<T>({
  remove,
  idOf,
  title,
  question,
  describe,
  consequence,
  deletedText,
  onFailed,
  keepOpenOnError = false,
}: DeleteConfirmationOptions<T>) {
  const [item, setItem] = useState<T | null>(null);
  const confirm = () => {
    if (item === null) return;
    return mutateUntilSettled(remove, idOf(item), {
      onSuccess: () => {
        toast.success(deletedText);
        setItem(null);
      },
      onError: (error) => {
        onFailed(error);
        const keepOpen = typeof keepOpenOnError === 'function' ? keepOpenOnError(error) : keepOpenOnError;
        if (!keepOpen) setItem(null);
      },
    });
  };
  const dialog = (
    <ConfirmDialog
      open={item !== null}
      title={title}
      message={
        <>
          <p>{question}</p>
          <p className="mt-2 font-bold text-ink">{item !== null && describe(item)}</p>
          {item !== null && consequence?.(item)}
        </>
      }
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={() => setItem(null)}
    />
  );
  return { ask: (next: T) => setItem(next), dialog };
}
