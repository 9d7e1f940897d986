import { Fragment } from 'react';

/**
 * An e-mail address that may wrap on a narrow phone or in a table's column only before '@' or a dot, never in the
 * middle of a name (the browser breaks at <wbr>; a part longer than the line still breaks, as a last resort).
 * `emphasized`: in bold, as the account pages name the address a code went to.
 */
export function EmailText({ email, emphasized = false }: { email: string; emphasized?: boolean }) {
  const parts = email.split(/(?=[@.])/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
  return emphasized ? <strong className="break-words text-ink">{parts}</strong> : <>{parts}</>;
}
