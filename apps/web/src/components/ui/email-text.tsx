import { Fragment } from 'react';

/**
 * An e-mail address that may wrap on a narrow phone only before '@' or a dot, never in the middle of a name
 * (the browser breaks at <wbr>; a part longer than the line still breaks, as a last resort).
 */
export function EmailText({ email, className = '' }: { email: string; className?: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <strong className={`break-words text-ink ${className}`}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </strong>
  );
}
