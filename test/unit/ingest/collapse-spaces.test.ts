import { describe, expect, it } from 'vitest';
import { collapseSpaces } from '../../../main/ingest/table/collapse-spaces';

describe('collapseSpaces', () => {
  it("reads as text.replace(/\\s+/g, ' ') on examples", () => {
    expect(collapseSpaces('Net  income\n(loss)')).toBe('Net income (loss)');
    expect(collapseSpaces(' a b ')).toBe(' a b ');
    expect(collapseSpaces('a \u00a0b\t')).toBe('a b ');
    expect(collapseSpaces('\u2003x\r\ny \u00a0')).toBe(' x y ');
    expect(collapseSpaces('')).toBe('');
  });

  it("gives the same string as text.replace(/\\s+/g, ' ') on 50,000 seeded strings", () => {
    const alphabet = ' \t\n\r\f\v\u00a0\u2003\ufeff\u200bab$,';
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
    for (let n = 0; n < 50_000; n++) {
      let text = '';
      const length = Math.floor(next() * 14);
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(next() * alphabet.length)];
      expect(collapseSpaces(text), JSON.stringify(text)).toBe(text.replace(/\s+/g, ' '));
    }
  }, 20_000);
});
