import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
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

/**
 * Whether the dialog's title and buttons leave its body too little room: at a phone's largest text a three-line title
 * and two two-line buttons took all but 64 px of the dialog on a 640-px screen, so a confirmation's warning or a
 * form's fields scrolled in a slit. A crowded dialog scrolls as one, from its title; otherwise the body scrolls between
 * a title and buttons that stay in view.
 */
function useCrowded(open: boolean, fixedParts: Array<RefObject<HTMLElement | null>>): boolean {
  const [crowded, setCrowded] = useState(false);
  useEffect(() => {
    if (!open || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const fixed = fixedParts.reduce((sum, part) => sum + (part.current?.offsetHeight ?? 0), 0);
      // The panel is at most 85 % of the screen's height: crowded when these take half of it.
      setCrowded(fixed > window.innerHeight * 0.85 * 0.5);
    };
    measure();
    const observer = new ResizeObserver(measure);
    for (const part of fixedParts) if (part.current) observer.observe(part.current);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
    // The parts' refs are stable; what they hold is read when measured.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  return crowded;
}

// The native <dialog> opened with showModal() makes the rest of the page inert (focus stays inside)
// and closes on Escape; we only mirror its state into React and restore focus afterwards.
export function Dialog({ open, onClose, title, children, actions, size = 'sm', inside, unsaved = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const crowded = useCrowded(open, [titleRef, actionsRef]);
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
      dialog.querySelector<HTMLElement>(FIRST_CONTROL)?.focus();
      return () => opener?.focus?.();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
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
        <div className={cn('flex max-h-[85dvh] flex-col', crowded && 'overflow-y-auto')}>
          {/* Its own bar with a line under it: the body scrolls right up to the title, and a button there seemed to
              sit over it. */}
          <h2
            ref={titleRef}
            id={titleId}
            className={`border-b border-sand ${SIDES} pb-3 pt-6 font-display text-xl font-bold`}
          >
            {title}
          </h2>
          <div className={cn(SIDES, 'py-4', !crowded && 'overflow-y-auto')}>{children}</div>
          <div ref={actionsRef}>
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
