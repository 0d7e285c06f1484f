import { describe, expect, it } from 'vitest';
import { parseCellValue } from '../../../../main/ingest/table/cell-value';
import {
  addedUpLater,
  amountsOf,
  sumVerdict,
  type Amounts,
} from '../../../../main/ingest/table/row-sums';

/** A row's amounts from its shown values, one grid column apart. */
const row = (...shown: string[]): Amounts =>
  amountsOf(shown.map((text, i) => ({ col: 2 * i + 1, text, parsed: parseCellValue(text) })));

describe('sumVerdict', () => {
  it('holds within the rounding of the numbers as shown', () => {
    // 1,601.0 + 3.5 + 14.5 = 1,619.0; 0.33 + 0.33 + 0.33 = 1.00 within rounding
    expect(
      sumVerdict(row('1,619.0', '(500.2)'), [
        row('1,601.0', '(500.2)'),
        row('3.5', '—'),
        row('14.5', '—'),
      ]),
    ).toBe('holds');
    expect(sumVerdict(row('1.00'), [row('0.33'), row('0.33'), row('0.33')])).toBe('holds');
    expect(sumVerdict(row('1.02'), [row('0.33'), row('0.33'), row('0.33')])).toBe('fails');
  });

  it('leaves percentages out and needs two columns to agree when two are compared', () => {
    // the amounts add up; the "% change" column beside them does not (and is not counted)
    expect(
      sumVerdict(row('8,993', '14,202', '(36.7)%'), [
        row('7,614', '12,468', '(38.9)%'),
        row('1,379', '1,734', '(20.5)%'),
      ]),
    ).toBe('holds');
    // one of two columns agreeing is not enough to say either way
    expect(sumVerdict(row('100', '300'), [row('60', '100'), row('40', '100')])).toBe('unknown');
    expect(sumVerdict(row('100', '300'), [row('70', '100'), row('40', '100')])).toBe('fails');
    // nothing to compare: a total of zeros, or no parts
    expect(sumVerdict(row('—', '—'), [row('—', '—'), row('—', '—')])).toBe('unknown');
    expect(sumVerdict(row('5'), [])).toBe('unknown');
  });

  it('matches a "$" number and a spanning one by the columns they cover', () => {
    const dollar = amountsOf([
      { col: 4, firstCol: 3, lastCol: 4, text: '$925', parsed: parseCellValue('$925') },
    ]);
    const spanning = amountsOf([
      { col: 3, firstCol: 3, lastCol: 4, text: '75', parsed: parseCellValue('75') },
    ]);
    const total = amountsOf([
      { col: 4, firstCol: 3, lastCol: 4, text: '$1,000', parsed: parseCellValue('$1,000') },
    ]);
    expect(sumVerdict(total, [dollar, spanning])).toBe('holds');
  });
});

describe('addedUpLater', () => {
  const line = (total: boolean, ...shown: string[]) => ({
    hasValues: true,
    total,
    amounts: row(...shown),
  });

  it('finds the later total that adds a subtotal up with the rows between', () => {
    // Total interest-bearing liabilities, Demand deposits, Other, Total liabilities
    const rows = [
      line(true, '1,248,767', '1,340,796'),
      line(false, '26,124', '26,216'),
      line(false, '329,756', '317,351'),
      line(true, '1,604,647', '1,684,363'),
    ];
    expect(addedUpLater(rows, (j) => rows[j]?.total === true, 0)).toBe(3);
    // the later row must be a total
    expect(addedUpLater(rows, () => false, 0)).toBe(-1);
  });

  it('ignores rows of zeros between two equal totals and stops at a row without values', () => {
    const zeros = [line(true, '4', '15'), line(false, '—', '—'), line(true, '4', '15')];
    expect(addedUpLater(zeros, (j) => zeros[j]?.total === true, 0)).toBe(-1);
    const cut = [
      line(true, '10', '20'),
      { hasValues: false, total: false, amounts: [] },
      line(true, '10', '20'),
    ];
    expect(addedUpLater(cut, (j) => cut[j]?.total === true, 0)).toBe(-1);
  });
});
