import { z } from 'zod';

// Every schema states its own Spanish messages (spec §5, §8); this is the one fallback for a field that states
// none (a wrong type in a hand-written request, a key the schema does not expect): it names the field and
// gives zod's own Spanish wording. Set once here, for the API and the web alike; the shared schema modules
// import this file, so whoever parses with them gets it (docs/decisions/0013).
const spanish = z.locales.es().localeError;

export function fallbackIssueMessage(issue: z.core.$ZodRawIssue): string {
  const wording = spanish(issue);
  const text = typeof wording === 'string' ? wording : (wording?.message ?? 'Entrada inválida');
  const field = (issue.path ?? []).map(String).join('.');
  return field ? `El campo "${field}" no es válido: ${text}` : text;
}

// In the browser, jitless: the shop's Content-Security-Policy forbids eval, so zod's compiled parsers could never
// run there, and zod's probe for eval (a caught `new Function`) shows as a CSP issue in Chromium's inspector and
// costs Lighthouse's best-practices score (docs/decisions/0025-first-load-javascript-and-images.md). Set here, before
// any schema is built, since every shared schema module imports this file first. The API keeps the compiled parsers.
z.config({ customError: fallbackIssueMessage, jitless: typeof document !== 'undefined' });
