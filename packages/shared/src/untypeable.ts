/**
 * Characters nobody types into a form, refused with API.invalidText wherever text arrives (JSON bodies, multipart
 * fields, the catalogue's schemas): NUL, which PostgreSQL cannot store, and the controls that reverse the direction
 * of text (U+202A–202E, U+2066–2069), with which a name or an address reads differently in the shop's e-mails and
 * screens than it was written.
 */
// eslint-disable-next-line no-control-regex -- NUL is the very character to find
const UNTYPEABLE = /[\u0000\u202A-\u202E\u2066-\u2069]/;

export const hasUntypeable = (text: string): boolean => UNTYPEABLE.test(text);
