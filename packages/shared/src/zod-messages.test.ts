import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idSchema } from './ids.js';
import './zod-messages.js';

describe('the Spanish fallback for fields without a message (docs/decisions/0013)', () => {
  it("names the field and gives zod's Spanish wording", () => {
    const schema = z.object({ lines: z.array(z.object({ note: z.string() })) });
    expect(schema.safeParse({ lines: [{ note: 7 }] }).error?.issues[0]?.message).toBe(
      'El campo "lines.0.note" no es válido: Entrada inválida: se esperaba texto, recibido número',
    );
    expect(z.string().safeParse(7).error?.issues[0]?.message).toBe(
      'Entrada inválida: se esperaba texto, recibido número',
    );
  });

  it("never replaces a schema's own message", () => {
    expect(z.object({ id: idSchema('Id malo.') }).safeParse({ id: 'x' }).error?.issues[0]?.message).toBe('Id malo.');
  });
});
