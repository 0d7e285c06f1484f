import { describe, expect, it } from 'vitest';
import { cleanHeader, isJsSpace } from '../../../../main/ingest/table/header-text';
import { mulberry32 } from '../../../../shared/stats/rng';

/** The regular-expression form cleanHeader replaces: its answers are the reference. */
const byRegex = (text: string) => text.replace(/[\s,:;]+$/, '').trim();

describe('isJsSpace', () => {
  it('is true exactly for the code units \\s matches', () => {
    const differ: number[] = [];
    for (let c = 0; c <= 0xffff; c++)
      if (isJsSpace(c) !== /\s/.test(String.fromCharCode(c))) differ.push(c);
    expect(differ).toEqual([]);
  });
});

describe('cleanHeader', () => {
  it('drops trailing spaces and separators, then trims', () => {
    expect(cleanHeader('Year Ended December 31,')).toBe('Year Ended December 31');
    expect(cleanHeader('  As of : ;\u00a0\n')).toBe('As of');
    expect(cleanHeader(',;:')).toBe('');
    expect(cleanHeader('')).toBe('');
    expect(cleanHeader('a, b')).toBe('a, b');
    expect(cleanHeader('\u2003Total\u3000,\ufeff')).toBe('Total');
  });

  it('answers as the regular expression on 50,000 random texts', () => {
    // Letters, the separators, ASCII and Unicode spaces, other punctuation and a lone surrogate.
    const alphabet = ['a', 'Z', '1', ',', ':', ';', '.', '(', ')', ' ', '\t', '\n', '\u00a0'];
    alphabet.push('\u2002', '\u200b', '\u2028', '\u3000', '\ufeff', '\u0085', '\ud800', '—');
    const rng = mulberry32(23);
    for (let i = 0; i < 50_000; i++) {
      const length = Math.floor(rng() * 12);
      let text = '';
      for (let j = 0; j < length; j++) text += alphabet[Math.floor(rng() * alphabet.length)]!;
      expect(cleanHeader(text), JSON.stringify(text)).toBe(byRegex(text));
    }
  });
});
