import { describe, expect, it } from 'vitest';
import { parseNumber } from '../../../shared/numbers/parse-number';
import { quantityOf } from '../../../shared/numbers/parsed-number';

describe('parseNumber', () => {
  it.each([
    ['(1,234.5)', -1234.5],
    ['−3.2', -3.2],
    ['–3.2', -3.2],
    ['-3.2', -3.2],
    ['+7', 7],
    ['1,234,567', 1234567],
    ['0.5', 0.5],
    ['.5', 0.5],
    ['1.2e3', 1200],
    ['1.2E-2', 0.012],
    ['5 x 10^3', 5000],
    ['approximately 5', 5],
    ['~5', 5],
    ['about 12.5', 12.5],
    ['1,234*', 1234],
    ['1,234†', 1234],
    ['1,234¹', 1234],
    ['1,234 (1)', 1234],
    ['$1,234', 1234],
    ['-$3.2', -3.2],
    ['$-3.2', -3.2],
    ['($1,234)', -1234],
    ['$(9,982)', -9982],
    ['US$ 5', 5],
    ['€2,000', 2000],
    ['£119', 119],
    ['1 496.5', undefined],
    ['1\u00a0234', undefined],
    ['٣٤', 34],
    ['１２', 12],
    ['42.', 42],
  ])('%s → %s', (text, value) => {
    expect(parseNumber(text)?.value).toBe(value);
  });

  it('reads scale words and keeps the value as written', () => {
    const n = parseNumber('$3.2 billion');
    expect(n).toMatchObject({ value: 3.2, scaled: 3.2e9, scale: 'billion', currency: '$' });
    expect(parseNumber('1.4965bn')?.scaled).toBeCloseTo(1.4965e9, 0);
    expect(parseNumber('450k')?.scaled).toBe(450000);
    expect(parseNumber('3.2M')?.scale).toBe('million');
    expect(parseNumber('$1,496.5 million')?.scaled).toBe(1496500000);
    expect(parseNumber('2 trillion')?.scaled).toBe(2e12);
  });

  it('reads percent and basis points as units', () => {
    const p = parseNumber('12.5%');
    expect(p).toMatchObject({ value: 12.5, unit: 'percent' });
    expect(p && quantityOf(p)).toBe(0.125);
    expect(parseNumber('12.5 percent')?.unit).toBe('percent');
    expect(parseNumber('12.5 per cent')?.unit).toBe('percent');
    const bp = parseNumber('45 bps');
    expect(bp?.unit).toBe('basis-points');
    expect(bp && quantityOf(bp)).toBeCloseTo(0.0045, 10);
    expect(parseNumber('(12%)')).toMatchObject({
      value: -12,
      unit: 'percent',
      parenthesized: true,
    });
  });

  it('keeps the displayed precision, shifted by exponents', () => {
    expect(parseNumber('23.42')?.decimals).toBe(2);
    expect(parseNumber('23.420')?.decimals).toBe(3);
    expect(parseNumber('1,496')?.decimals).toBe(0);
    expect(parseNumber('1.2e3')?.decimals).toBe(-2);
  });

  it('flags hedges, accounting negatives and nil dashes', () => {
    expect(parseNumber('approximately 5')?.approximate).toBe(true);
    expect(parseNumber('5')?.approximate).toBe(false);
    expect(parseNumber('(5)')?.parenthesized).toBe(true);
    expect(parseNumber('—')).toMatchObject({ value: 0, nil: true });
    expect(parseNumber('-')).toMatchObject({ value: 0, nil: true });
  });

  it.each(['abc', '', 'five', '10-K', '1.2.3', '$', 'Q3 2019', '12 apples'])(
    'rejects %j as a single number',
    (text) => {
      expect(parseNumber(text)).toBeUndefined();
    },
  );
});
