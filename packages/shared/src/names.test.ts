import { describe, expect, it } from 'vitest';
import { firstNameOf } from './names.js';

describe('firstNameOf', () => {
  it('greets by the first word of the name given, whatever the spaces around it', () => {
    expect(firstNameOf('Rosa Elvira Hernández Castellanos')).toBe('Rosa');
    expect(firstNameOf('  José\tLuis ')).toBe('José');
    expect(firstNameOf('Ana')).toBe('Ana');
    expect(firstNameOf('   ')).toBe('');
  });

  it('writes a name typed all in small or all in capital letters as a name, and leaves its own capitals alone', () => {
    expect(firstNameOf('ana maría')).toBe('Ana');
    expect(firstNameOf('ÁNGEL RAMÍREZ')).toBe('Ángel');
    expect(firstNameOf('ñoño')).toBe('Ñoño');
    expect(firstNameOf('McKenzie Paz')).toBe('McKenzie');
    expect(firstNameOf('rosa-elvira')).toBe('Rosa-elvira');
  });
});
