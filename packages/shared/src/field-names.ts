// JSON field names bind case-insensitively (spec §7 writes UserId and userId, Name and name): the API renames
// request body keys to the spelling its schema declares (a plugin for the top level, schemas for nested lines).

/** Renames a plain object's keys to the given spellings, ignoring case. The exact spelling wins. */
export function normalizeKeys(canonical: readonly string[]): (value: unknown) => unknown {
  const byLower = new Map(canonical.map((key) => [key.toLowerCase(), key]));
  return (value) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
    const renamed: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const target = byLower.get(key.toLowerCase()) ?? key;
      if (target in renamed && key !== target) continue;
      renamed[target] = item;
    }
    return renamed;
  };
}
