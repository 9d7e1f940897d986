import { ToastContainer, type CloseButtonProps } from 'react-toastify';
import { CloseIcon } from './ui/icons';
import { IN_DIALOG_TOASTS } from '../lib/toasts';
import 'react-toastify/dist/ReactToastify.css';
import './toast-container.css';

/**
 * The toast's own close button is 14 × 16 px and labelled 'close' in English: a 44 px target with a Spanish name,
 * inside the toast's edge on a 390 px screen.
 */
function CloseToastButton({ closeToast }: CloseButtonProps) {
  return (
    <button
      type="button"
      aria-label="Cerrar aviso"
      onClick={closeToast}
      className="-my-2 -mr-2 flex size-11 shrink-0 items-center justify-center self-start rounded-full text-ink-soft hover:bg-black/5"
    >
      {/* A drawing, not a '×' character: the toast's text stays its message alone (screen readers, tests). */}
      <CloseIcon size={18} aria-hidden="true" />
    </button>
  );
}

const SPEC_TOASTS = {
  position: 'top-right',
  autoClose: 3000,
  newestOnTop: true,
  closeButton: CloseToastButton,
} as const;

/** spec §2/§9: toasts top-right, 3000 ms. Loaded on demand by app/toasts.tsx. */
export function Component() {
  return <ToastContainer {...SPEC_TOASTS} />;
}

/** The same toasts inside an open dialog (lib/toasts.ts IN_DIALOG_TOASTS), above its backdrop. */
export function InDialog() {
  return <ToastContainer {...SPEC_TOASTS} containerId={IN_DIALOG_TOASTS} />;
}
