/**
 * The name a message greets a person by: the first word of the name they gave ('Rosa Elvira Hernández' → 'Rosa'),
 * written as a name is when it was typed all in small or all in capital letters ('ana' and 'ANA' → 'Ana'); a name
 * typed with its own capitals ('McKenzie', 'JoséLuis') is left as it is. The shop writes as a neighbourhood shop
 * would, in its e-mails, on WhatsApp and on the profile.
 */
export function firstNameOf(fullName: string): string {
  const first = fullName.trim().split(/\s+/)[0] ?? '';
  const lower = first.toLocaleLowerCase('es');
  if (first !== lower && first !== first.toLocaleUpperCase('es')) return first;
  return lower.charAt(0).toLocaleUpperCase('es') + lower.slice(1);
}
