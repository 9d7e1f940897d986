import { describe, expect, it } from 'vitest';
import { truncateDescription } from './truncate';

describe('truncateDescription (spec §9: cut at 100 characters plus "...")', () => {
  it('leaves a description of up to 100 characters whole', () => {
    const hundred = 'a'.repeat(100);
    expect(truncateDescription(hundred)).toBe(hundred);
    expect(truncateDescription('Cubo sensorial')).toBe('Cubo sensorial');
  });

  it('cuts a longer one at exactly 100 characters and adds "..."', () => {
    const text = `${'b'.repeat(100)}cdef`;
    const cut = truncateDescription(text);
    expect(cut).toBe(`${'b'.repeat(100)}...`);
    expect(cut.length).toBe(103);
  });

  it('counts accented letters and emoji as one character each', () => {
    const text = `${'ñ'.repeat(99)}🧸 y más`;
    expect(truncateDescription(text)).toBe(`${'ñ'.repeat(99)}🧸...`);
  });

  it('ignores surrounding whitespace', () => {
    expect(truncateDescription('  Pelota saltarina  ')).toBe('Pelota saltarina');
  });
});
