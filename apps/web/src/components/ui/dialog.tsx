import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../lib/class-names';
import { useBackCloses } from './use-back-closes';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /**
   * Buttons row at the bottom. As a function it is given the dialog's own close, for its Cancelar: with `unsaved`,
   * that close asks first.
   */
  actions?: ReactNode | ((close: () => void) => ReactNode);
  /**
   * A form changed since it opened: Back, Escape, the backdrop and Cancelar first ask '¿Descartar los cambios?'
   * (docs/decisions/0038-back-closes-dialogs.md, amendment 2026-11-28).
   */
  unsaved?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /**
   * The whole dialog scrolls as one, not its body between a fixed title and buttons: for a short question, whose
   * title and buttons at a phone's largest text leave its body a line or two (a confirmation's warning unseen).
   */
  scrollsWhole?: boolean;
  /**
   * Rendered inside the open dialog, so above its backdrop: a dialog that stays open after an error gives its toasts
   * here (admin-shared DialogToasts), since the page's own sit under the backdrop.
   */
  inside?: ReactNode;
}

const FIRST_CONTROL = [
  'input:not([type=hidden]):not([disabled])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'button:not([disabled])',
  'a[href]',
].join(', ');

// Side padding 1.5rem, but at most 7.5 % of the screen (from 320 px up at normal text, exactly 1.5rem): in rem alone it
// doubled at a phone's 200 % text and left the buttons no room.
const SIDES = 'px-[min(1.5rem,7.5vw)]';
// A word longer than its button at large text breaks rather than pushing the button out of the dialog.
const ACTIONS_ROW = `flex flex-wrap justify-end gap-3 border-t border-sand ${SIDES} py-4 *:flex-auto *:[overflow-wrap:anywhere] sm:*:flex-none`;

// The native <dialog> opened with showModal() makes the rest of the page inert (focus stays inside)
// and closes on Escape; we only mirror its state into React and restore focus afterwards.
export function Dialog({
  open,
  onClose,
  title,
  children,
  actions,
  size = 'sm',
  inside,
  unsaved = false,
  scrollsWhole = false,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [asking, setAsking] = useState(false);
  const askingNow = open && unsaved && asking;
  const close = () => (unsaved ? setAsking(true) : onClose());
  const discard = () => {
    setAsking(false);
    onClose();
  };
  // Back while the question shows answers it as 'Seguir editando', the way Back closes the topmost thing.
  useBackCloses(open, onClose, unsaved ? () => setAsking((was) => !was) : undefined);
  // A closed dialog forgets the question: it opens again with its buttons.
  if (!open && asking) setAsking(false);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      dialog.showModal();
      // Chromium gives the first focus to the scrolling body itself, a box with no name: its first field or button
      // takes it instead, as a form's first field would.
      // A dialog that scrolls as one starts at its title, read first, even when its first button is further down.
      dialog.querySelector<HTMLElement>(FIRST_CONTROL)?.focus({ preventScroll: scrollsWhole });
      return () => opener?.focus?.();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, scrollsWhole]);
  const width = size === 'lg' ? 'max-w-3xl' : size === 'md' ? 'max-w-xl' : 'max-w-md';
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === ref.current) close();
      }}
      className={`m-auto w-[calc(100%-2*var(--spacing-gutter))] ${width} rounded-2xl bg-white p-0 text-ink shadow-xl backdrop:bg-ink/50`}
    >
      {open && (
        <div className={cn('flex max-h-[85dvh] flex-col', scrollsWhole && 'overflow-y-auto')}>
          {/* Its own bar with a line under it: the body scrolls right up to the title, and a button there seemed to
              sit over it. */}
          <h2 id={titleId} className={`border-b border-sand ${SIDES} pb-3 pt-6 font-display text-xl font-bold`}>
            {title}
          </h2>
          <div className={cn(SIDES, 'py-4', !scrollsWhole && 'overflow-y-auto')}>{children}</div>
          {askingNow ? (
            <DiscardQuestion onKeepEditing={() => setAsking(false)} onDiscard={discard} />
          ) : (
            actions && (
              // On a phone the buttons fill their row: side by side when they fit, else one full-width button a row
              // (a 320-px phone), not a short one left hanging at the right of a row of its own.
              <div className={ACTIONS_ROW}>{typeof actions === 'function' ? actions(close) : actions}</div>
            )
          )}
        </div>
      )}
      {open && inside}
    </dialog>
  );
}

/**
 * Asked in the dialog's footer, in place of its buttons, before a changed form is closed: a second dialog over it
 * would need a Back of its own. The focus goes to 'Seguir editando', the answer that loses nothing.
 */
function DiscardQuestion({ onKeepEditing, onDiscard }: { onKeepEditing: () => void; onDiscard: () => void }) {
  const keepEditing = useRef<HTMLButtonElement>(null);
  useEffect(() => keepEditing.current?.focus(), []);
  return (
    <div className={`${ACTIONS_ROW} items-center bg-cream`}>
      <p role="alert" className="mr-auto basis-full font-bold sm:basis-auto">
        ¿Descartar los cambios?
      </p>
      <button ref={keepEditing} type="button" className="btn-secondary" onClick={onKeepEditing}>
        Seguir editando
      </button>
      <button type="button" className="btn-danger" onClick={onDiscard}>
        Descartar
      </button>
    </div>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  /** 'danger' (the default) for what cannot be undone, such as a delete; 'primary' for a change that can be. */
  tone?: 'danger' | 'primary';
  /** What Ok does; a promise (lib/mutate-until-settled.ts) keeps further taps on Ok away until it settles. */
  onConfirm: () => void | Promise<unknown>;
  onCancel: () => void;
}

/** spec §4 delete flow: ask, then act on Ok. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Ok',
  cancelLabel = 'Cancelar',
  busy,
  tone = 'danger',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  // A double tap on Ok lands twice before `busy` disables it: the second is dropped while the first is under way.
  const confirming = useRef(false);
  const confirm = () => {
    if (confirming.current) return;
    const underWay = onConfirm();
    if (!underWay) return;
    confirming.current = true;
    void underWay.finally(() => (confirming.current = false));
  };
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      scrollsWhole
      actions={
        <>
          <button type="button" className="btn-secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={tone === 'danger' ? 'btn-danger' : 'btn-primary'}
            onClick={confirm}
            disabled={busy}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <div className="text-ink-soft">{message}</div>
    </Dialog>
  );
}
