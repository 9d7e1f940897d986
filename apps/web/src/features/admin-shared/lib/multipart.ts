type Value = string | number | Blob;

/**
 * spec §7 multipart bodies: one part per field in the order given, a list repeated under the same name, a file as
 * it is, numbers as text; a null or undefined field (e.g. no new image on edit) is left out.
 */
export function multipartBody(fields: Record<string, Value | readonly Value[] | null | undefined>): FormData {
  const form = new FormData();
  const append = (name: string, value: Value) => form.append(name, value instanceof Blob ? value : String(value));
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'object' && !(value instanceof Blob)) for (const item of value) append(name, item);
    else append(name, value);
  }
  return form;
}
