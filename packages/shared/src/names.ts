/**
 * The name a message greets a person by: the first word of the name they gave ('Rosa Elvira Hernández' → 'Rosa').
 * The shop writes as a neighbourhood shop would, in its e-mails, on WhatsApp and on the profile.
 */
export function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}
