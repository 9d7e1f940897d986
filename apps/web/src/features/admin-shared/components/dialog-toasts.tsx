import { lazy, Suspense, type ComponentType } from 'react';
import { loadToastContainer } from '../../../lib/toasts';

// Loaded with the page's toasts (lib/toasts.ts), and only by the admin's dialogs: the shop's first load stays as it was.
const InDialog = lazy(() =>
  loadToastContainer().then(
    (m): { default: ComponentType } => ({ default: m.InDialog }),
    (): { default: ComponentType } => ({ default: () => null }),
  ),
);

/** The toasts raised with lib/toasts.ts IN_DIALOG_TOASTS, shown inside an open dialog: `<Dialog inside={…}>`. */
export function DialogToasts() {
  return (
    <Suspense fallback={null}>
      <InDialog />
    </Suspense>
  );
}
