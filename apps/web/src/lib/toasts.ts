// Toasts load on demand (docs/decisions/0025-…, app/toasts.tsx mounts the container): their code is fetched once,
// and fetched again after a failure, since the connection may be back.

type Toast = typeof import('react-toastify').toast;

/**
 * The toasts of an open dialog that stays open (a refused save): a modal <dialog> is the page's top layer and makes the
 * rest inert, so the page's toasts would sit dimmed under its backdrop, out of reach. Raise them with
 * `{ containerId: IN_DIALOG_TOASTS }` from a dialog showing admin-shared DialogToasts; toasts raised as a dialog closes
 * stay the page's.
 */
export const IN_DIALOG_TOASTS = 'in-dialog';

/**
 * The class of a toast that opens over the header rather than below it (components/toast-container.css): for a
 * message whose screen puts what it is about right under the header, where the toast would cover it.
 */
export const TOAST_OVER_HEADER = 'toast-over-header';

let containerModule: Promise<typeof import('../components/toast-container')> | undefined;

export function loadToastContainer() {
  containerModule ??= import('../components/toast-container').catch((error: unknown) => {
    containerModule = undefined;
    throw error;
  });
  return containerModule;
}

/**
 * Shows a toast with `show`, or, when the toasts' code could not be loaded (the connection dropped before it came),
 * says `message` plainly: a family still hears that its toy was added. For toasts raised where react-toastify is not
 * already loaded (the storefront's first load: docs/decisions/0028-…).
 */
export async function notify(message: string, show: (toast: Toast) => void): Promise<void> {
  try {
    await loadToastContainer();
    show((await import('react-toastify')).toast);
  } catch {
    showPlainNotice(message);
  }
}

/** A toast's message without the toasts' code, shown as long as a toast (spec §9: 3 s). */
function showPlainNotice(message: string): void {
  const notice = document.createElement('p');
  notice.setAttribute('role', 'status');
  notice.className = 'plain-notice';
  notice.textContent = message;
  document.body.append(notice);
  setTimeout(() => notice.remove(), 3000);
}
