import { useId } from 'react';
import { SearchIcon } from './icons';

export interface SearchBoxProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Announced after each change, e.g. "3 resultados". */
  resultText?: string;
}

/** A labelled search field that filters as the admin types (spec §9: case-insensitive substring). */
export function SearchBox({ label, placeholder, value, onChange, resultText }: SearchBoxProps) {
  const id = useId();
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
          autoComplete="off"
          enterKeyHint="search"
        />
      </div>
      {resultText !== undefined && (
        <p className="sr-only" aria-live="polite">
          {resultText}
        </p>
      )}
    </div>
  );
}
