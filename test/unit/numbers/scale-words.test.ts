import { describe, expect, it } from 'vitest';
import { scaleFactor, scaleFromLabel, scaleFromWord } from '../../../shared/numbers/scale-words';
import { decimalsOfFloat, decimalsOfText } from '../../../shared/numbers/precision';
import { unicodeDigitValue } from '../../../shared/numbers/clean-number-text';

describe('scale words', () => {
  it.each([
    ['thousand', 1e3],
    ['K', 1e3],
    ['million', 1e6],
    ['mn', 1e6],
    ['MM', 1e6],
    ['billion', 1e9],
    ['bn', 1e9],
    ['trillion', 1e12],
  ])('%s → %d', (word, factor) => {
    expect(scaleFactor(scaleFromWord(word))).toBe(factor);
  });

  it('maps TAT-QA scale labels, ignoring units without magnitude', () => {
    expect(scaleFromLabel('million')).toBe('million');
    expect(scaleFromLabel('')).toBeUndefined();
    expect(scaleFromLabel('dollar')).toBeUndefined();
    expect(scaleFromLabel('percent')).toBeUndefined();
  });
});

describe('precision', () => {
  it('ignores binary noise in floats', () => {
    expect(decimalsOfFloat(0.9380000000000001)).toBe(3);
    expect(decimalsOfFloat(-8184)).toBe(0);
    expect(decimalsOfFloat(1e-7)).toBe(7);
  });
  it('counts decimals as written', () => {
    expect(decimalsOfText('23.420')).toBe(3);
    expect(decimalsOfText('1,496')).toBe(0);
  });
  it('knows unicode digit values', () => {
    expect(unicodeDigitValue('٧')).toBe(7);
    expect(unicodeDigitValue('９')).toBe(9);
    expect(unicodeDigitValue('𝟘')).toBe(0);
  });
});
