import { useId } from 'react';
import { SearchIcon } from './icons';

export interface SearchBoxProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Announced after each change, e.g. "3 resultados". */
  resultText?: string;
  /** What the search looks in, under the box: a placeholder that says it is cut short on a phone. */
  hint?: string;
}

/** A labelled search field that filters as the admin types (spec §9: case-insensitive substring). */
export function SearchBox({ label, placeholder, value, onChange, resultText, hint }: SearchBoxProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div role="search" className="w-full sm:max-w-md">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-ink-soft" />
        <input
          id={id}
          type="search"
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
          className="field-input pl-10"
          aria-describedby={hint ? hintId : undefined}
          autoComplete="off"
          enterKeyHint="search"
        />
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-ink-soft">
          {hint}
        </p>
      )}
      {resultText !== undefined && (
        <p className="sr-only" aria-live="polite">
          {resultText}
        </p>
      )}
    </div>
  );
}
