import { describe, expect, it } from 'vitest';
import { contactFormSchema } from './contact.js';

const valid = { nombre: 'Lucía', email: 'lucia@correo.hn', asunto: 'Horario', mensaje: '¿Abren los domingos?' };

describe('contact form (spec §5)', () => {
  it('accepts a complete message, trimmed', () => {
    expect(contactFormSchema.parse({ ...valid, nombre: ' Lucía ', email: ' lucia@correo.hn ' })).toEqual(valid);
  });

  it.each([
    [{ nombre: '' }, 'Por favor completa todos los campos.'],
    [{ email: undefined }, 'Por favor completa todos los campos.'],
    [{ asunto: '   ' }, 'Por favor completa todos los campos.'],
    [{ mensaje: '' }, 'Por favor completa todos los campos.'],
    [{ email: 'lucia.correo.hn' }, 'El correo electrónico no es válido.'],
    [{ nombre: 'x'.repeat(101) }, 'El nombre no puede tener más de 100 caracteres.'],
    [{ asunto: 'x'.repeat(151) }, 'El asunto no puede tener más de 150 caracteres.'],
    [{ mensaje: 'x'.repeat(5001) }, 'El mensaje no puede tener más de 5000 caracteres.'],
  ])('refuses %j', (change, message) => {
    expect(contactFormSchema.safeParse({ ...valid, ...change }).error?.issues[0]?.message).toBe(message);
  });
});
