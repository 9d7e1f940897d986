import { describe, expect, it } from 'vitest';
import { firstNameOf } from './names.js';

describe('firstNameOf', () => {
  it('greets by the first word of the name given, whatever the spaces around it', () => {
    expect(firstNameOf('Rosa Elvira Hernández Castellanos')).toBe('Rosa');
    expect(firstNameOf('  José\tLuis ')).toBe('José');
    expect(firstNameOf('Ana')).toBe('Ana');
    expect(firstNameOf('   ')).toBe('');
  });
});
