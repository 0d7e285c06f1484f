import { describe, expect, it } from 'vitest';
import { asciiDigits } from '../../../shared/numbers/clean-number-text';
import { charRemover, toAsciiDigits } from '../../../shared/grading/python/ascii-digits';

// The fast forms must give what the forms they replace give, character for character: the
// TAT-QA parity scorer's verdicts depend on them (tatqa_utils.py's cleaning and normalizing).

const EXCLUDE_IN_NUM = '\'"\\$€£¥%(),[]';
const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
const filtered = (chars: string, text: string) =>
  [...text].filter((ch) => !chars.includes(ch)).join('');

/** Strings of every kind: ASCII, each listed character, non-ASCII digits, astral, lone surrogates. */
function samples(): string[] {
  const pieces = [
    'a',
    'Z',
    '0',
    '9',
    ' ',
    '\t',
    '.',
    '-',
    '\\',
    ']',
    '^',
    '[',
    '€',
    '£',
    '¥',
    '’',
    '٣',
    '５',
    '߀',
    '𝟘',
    '😀',
    '\ud800',
    '\udfff',
    '\u00a0',
    '\u2009',
    '×',
    'é',
    '%',
    '$',
    '(',
    ')',
    ',',
    '"',
    "'",
    '_',
    '~',
    '`',
    '|',
    '{',
    '}',
    '\x00',
    '\x7f',
    '\x80',
  ];
  const out: string[] = ['', ...pieces, PUNCTUATION, EXCLUDE_IN_NUM, '$(1,234.5)%', '١٢٣٫٤'];
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647);
  for (let i = 0; i < 5000; i++) {
    let s = '';
    const n = next() % 12;
    for (let j = 0; j < n; j++) s += pieces[next() % pieces.length];
    out.push(s);
  }
  return out;
}

describe('grading: fast character forms', () => {
  it('charRemover removes what the code-point filter removes', () => {
    for (const chars of [EXCLUDE_IN_NUM, PUNCTUATION]) {
      const remove = charRemover(chars);
      for (const s of samples()) expect(remove(s)).toBe(filtered(chars, s));
    }
  });
  it('toAsciiDigits reads digits as asciiDigits does, ASCII or not', () => {
    for (const s of samples()) expect(toAsciiDigits(s)).toBe(asciiDigits(s));
    expect(toAsciiDigits('٣.５')).toBe('3.5');
    expect(toAsciiDigits('12.5')).toBe('12.5');
  });
  it('charRemover refuses characters it could not match as the filter does', () => {
    expect(() => charRemover('a😀')).toThrow(/not a BMP character/);
    expect(() => charRemover('\ud800')).toThrow(/not a BMP character/);
  });
});
