// What this tab keeps for itself while it lives (sessionStorage), as JSON: what a family or the owner was typing in a
// form (the checkout's delivery details, an admin page form's draft). Storage full or refused (a private tab):
// nothing is kept, and the form works as it would without it.

export function keepInTab(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Not kept.
  }
}

/** What was kept under `key`, or undefined when nothing (readable) was. Its shape is the reader's to check. */
export function readFromTab(key: string): unknown {
  try {
    const text = sessionStorage.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

export function forgetInTab(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing was kept.
  }
}
