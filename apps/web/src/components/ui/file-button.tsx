import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from '../../lib/class-names';

/** What the button shows beside it before a file is chosen. */
export const NO_FILE_CHOSEN = 'Ningún archivo elegido';

// The native file input stays (keyboard, screen readers, tests), visually replaced by a Spanish button: the
// browser's own 'Choose File / No file chosen' follows the browser's language, not the shop's.
const fileButtonClass = cn(
  'inline-flex min-h-11 cursor-pointer items-center gap-2',
  // px-gutter: 1rem, or 5vw when the text is large: at 200 % 'Elegir comprobante' pushed a 360-px order page sideways.
  'rounded-full border-2 border-brand bg-white px-gutter py-2',
  'font-bold text-brand-dark transition hover:bg-brand-light',
  'group-has-[input:focus-visible]:outline-3',
  'group-has-[input:focus-visible]:outline-offset-2',
  'group-has-[input:focus-visible]:outline-brand',
);

export interface FileButtonProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'id'> {
  /** The input's id: the field's own <label> names it too. */
  id: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The button's icon and words ('Elegir imagen'). */
  children: ReactNode;
  /**
   * The chosen file's name, or null before one is chosen ('Ningún archivo elegido'). Left out where the chosen
   * files show as previews instead (several images).
   */
  fileName?: string | null;
  invalid?: boolean;
}

/** A file input behind a Spanish button, with the chosen file's name beside it. */
export function FileButton({ id, inputRef, children, fileName, invalid, ...input }: FileButtonProps) {
  return (
    // relative: the hidden input sits here, not at the top of the nearest positioned box (a dialog), which focusing it
    // by keyboard would scroll, leaving the dialog's title and fields out of view.
    <div className="group relative">
      <input ref={inputRef} id={id} type="file" className="sr-only" {...input} />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <label htmlFor={id} className={`${fileButtonClass} ${invalid ? 'border-danger text-danger' : ''}`}>
          {children}
        </label>
        {fileName !== undefined && (
          <span className="min-w-0 truncate text-sm text-ink-soft">{fileName ?? NO_FILE_CHOSEN}</span>
        )}
      </div>
    </div>
  );
}
