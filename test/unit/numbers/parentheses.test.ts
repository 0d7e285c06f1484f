import { describe, expect, it } from 'vitest';
import { parseCellValue } from '../../../main/ingest/table/cell-value';
import { findNumbers } from '../../../shared/numbers/find-numbers';
import { parseNumber } from '../../../shared/numbers/parse-number';

// One rule for accounting parentheses (shared/numbers/parentheses.ts), whoever reads the number.
describe('parentheses around a number', () => {
  it.each([
    ['(1,234)', -1234],
    ['(1,234', -1234],
    ['$(9,982)', -9982],
    ['($1,234', -1234],
    ['(12.5%)', -12.5],
    ['(12.5%', -12.5],
    ['(0.5)', -0.5],
    ['-3.2', -3.2],
    ['1,234', 1234],
  ])('a table cell and an answer read %j as %d', (text, value) => {
    expect(parseCellValue(text).value).toBe(value);
    expect(parseNumber(text)?.value).toBe(value);
    expect(parseNumber(text)?.negative).toBe(value < 0);
  });

  it('marks a whole text with a lone "(" as an accounting negative', () => {
    expect(parseNumber('(1,234')).toMatchObject({ value: -1234, parenthesized: true });
  });

  it('never reads a lone ")" as a negative', () => {
    expect(parseNumber('1,234)')?.value).toBe(1234);
    expect(parseCellValue('1,234)').value ?? 0).toBeGreaterThanOrEqual(0);
  });

  it('reads a "(" or ")" that does not enclose a number in running text as punctuation', () => {
    expect(findNumbers('(5 million shares)').map((n) => n.scaled)).toEqual([5e6]);
    expect(findNumbers('(see note 3) and (1,202.9) and 4)').map((n) => n.value)).toEqual([
      3, -1202.9, 4,
    ]);
    expect(findNumbers('the loss was (1,234').map((n) => n.value)).toEqual([1234]);
  });
});
