import { describe, expect, it } from 'vitest';
import { findNumbers } from '../../../shared/numbers/find-numbers';

const values = (text: string) => findNumbers(text).map((n) => n.scaled);

describe('findNumbers', () => {
  it('finds numbers in order with their decorations', () => {
    const found = findNumbers('Revenue was $1,496.5 million, up 12.5% from (1,202.9) last year.');
    expect(found.map((n) => n.text)).toEqual(['$1,496.5 million', '12.5%', '(1,202.9)']);
    expect(found.map((n) => n.scaled)).toEqual([1496500000, 12.5, -1202.9]);
  });

  it('skips numbers that are part of names', () => {
    expect(values('the 10-K for FY2019 Q3 shows 5')).toEqual([5]);
    expect(values('item A1 and 3rd quarter')).toEqual([]);
  });

  it('reads a range as two positive numbers, not a subtraction', () => {
    expect(values('between 5-10 units')).toEqual([5, 10]);
  });

  it('reads unicode minus and scale abbreviations in prose', () => {
    expect(values('a loss of −3.2 and 3.2bn')).toEqual([-3.2, 3.2e9]);
  });

  it('returns nothing for text without numbers', () => {
    expect(findNumbers('no numbers here')).toEqual([]);
  });
});
