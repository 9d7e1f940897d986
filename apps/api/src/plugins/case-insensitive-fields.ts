import fp from 'fastify-plugin';
import { z } from 'zod';

// JSON field names bind case-insensitively (the spec writes UserId and userId, Name and name).
// Before validation, each body key is renamed to the spelling the route's schema declares.
function canonicalKeys(schema: unknown): Map<string, string> | null {
  if (!(schema instanceof z.ZodObject)) return null;
  return new Map(Object.keys(schema.shape).map((key) => [key.toLowerCase(), key]));
}

export function renameKeys(body: Record<string, unknown>, keys: Map<string, string>): Record<string, unknown> {
  const renamed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const canonical = keys.get(key.toLowerCase()) ?? key;
    // When a client sends both spellings, the exact one wins.
    if (canonical in renamed && key !== canonical) continue;
    renamed[canonical] = value;
  }
  return renamed;
}

export const caseInsensitiveFieldsPlugin = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return;
    const keys = canonicalKeys(request.routeOptions.schema?.body);
    if (keys) request.body = renameKeys(body as Record<string, unknown>, keys);
  });
});
