import { useLayoutEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { forgetInTab, keepInTab, readFromTab } from '../../../lib/tab-storage';

// A form's unsaved values, kept in this tab's session storage while they differ from what was saved, and put back
// when the form opens again: a page can be left in ways it cannot stop (Back, a phone call that ends the tab's page,
// an expired session's trip to /login). A dialog asks before it closes (Dialog's `unsaved`), but the last two end it
// too, so the product dialog keeps a draft as well and drops it when she closes it on purpose.
// docs/decisions/0038-back-closes-dialogs.md, amendments of 2026-11-28.

const STORAGE_PREFIX = 'jyc:borrador:';

export interface DraftOptions<V extends FieldValues> {
  /** One per form and item: 'combo:7', 'combo:nuevo'. */
  key: string;
  /** Fields not kept: a picked file cannot be (the page holds it, not the storage), a password must not be. */
  omit?: readonly (keyof V & string)[];
  /** Something beside the fields the form needs to show them again (the combo's product names), kept with them. */
  extra?: { value: unknown; restore: (kept: unknown) => void };
}

export interface FormDraft {
  /** The form opened with values an earlier visit left unsaved. */
  restored: boolean;
  /** Back to the saved values; the draft is thrown away. */
  discard: () => void;
  /** After a save: nothing left to put back. */
  forget: () => void;
}

interface StoredDraft {
  values: Record<string, unknown>;
  extra?: unknown;
}

function read(key: string): StoredDraft | null {
  const kept = readFromTab(STORAGE_PREFIX + key);
  return typeof kept === 'object' && kept !== null && 'values' in kept ? (kept as StoredDraft) : null;
}

function write(key: string, draft: StoredDraft | null): void {
  if (draft) keepInTab(STORAGE_PREFIX + key, draft);
  else forgetInTab(STORAGE_PREFIX + key);
}

/** Drops the draft under `key`: a dialog the owner closed on purpose ('Descartar') keeps nothing for next time. */
export function forgetFormDraft(key: string): void {
  write(key, null);
}

const kept = (values: Record<string, unknown>, omit: readonly string[]) =>
  Object.fromEntries(Object.entries(values).filter(([name]) => !omit.includes(name)));

/** Keeps `form`'s unsaved values as a draft under `options.key`; without options, does nothing. */
export function useFormDraft<V extends FieldValues>(
  form: Pick<UseFormReturn<V, unknown, unknown>, 'watch' | 'reset' | 'getValues' | 'formState'>,
  options: DraftOptions<V> | undefined,
): FormDraft {
  const key = options?.key;
  const omit = options?.omit ?? [];
  const extra = useRef(options?.extra);
  useLayoutEffect(() => {
    extra.current = options?.extra;
  });
  // Read once: a form is opened for one item.
  const [opened] = useState(() => (key === undefined ? null : read(key)));
  const [restored, setRestored] = useState(opened !== null);

  // Before the first paint: the form shows the draft, not the saved values for a moment.
  useLayoutEffect(() => {
    if (!opened) return;
    form.reset({ ...form.getValues(), ...opened.values } as V, { keepDefaultValues: true });
    if (opened.extra !== undefined) extra.current?.restore(opened.extra);
    // Once, when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useLayoutEffect(() => {
    if (key === undefined) return;
    const saved = JSON.stringify(kept(form.formState.defaultValues ?? {}, omit));
    const subscription = form.watch((values) => {
      const now = kept(values, omit);
      write(key, JSON.stringify(now) === saved ? null : { values: now, extra: extra.current?.value });
    });
    return () => subscription.unsubscribe();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  // A product picked after the last field change (the combo's names) goes into the draft too.
  const extraValue = options?.extra?.value;
  useLayoutEffect(() => {
    if (key === undefined || extraValue === undefined) return;
    const draft = read(key);
    if (draft) write(key, { ...draft, extra: extraValue });
  }, [key, extraValue]);

  return {
    restored,
    discard: () => {
      if (key !== undefined) write(key, null);
      form.reset();
      setRestored(false);
    },
    forget: () => {
      if (key !== undefined) write(key, null);
      setRestored(false);
    },
  };
}
