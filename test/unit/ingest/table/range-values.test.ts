import { describe, expect, it } from 'vitest';
import { parseCellValue } from '../../../../main/ingest/table/cell-value';

// Fair-value disclosures give an unobservable input as a range and its central value in one
// cell (Boeing 10-K 2024: "$21 - $27 Median $23", "($8) - $0 Net ($8)").

describe('ranges stated with their central value', () => {
  it('reads both ends as the range and the central value as the value', () => {
    expect(parseCellValue('$21 - $27 Median $23')).toMatchObject({
      kind: 'range',
      range: [21, 27],
      value: 23,
      currency: true,
    });
    expect(parseCellValue('($8) - $0 Net ($8)')).toMatchObject({
      kind: 'range',
      range: [-8, 0],
      value: -8,
    });
    expect(parseCellValue('3.5%-5.0% Weighted average 4.2%')).toMatchObject({
      kind: 'range',
      range: [3.5, 5],
      value: 4.2,
      percent: true,
    });
  });

  it('keeps a plain range without a value, and words as text', () => {
    expect(parseCellValue('3.6%-5.4%')).toMatchObject({ kind: 'range', range: [3.6, 5.4] });
    expect(parseCellValue('3.6%-5.4%').value).toBeNull();
    expect(parseCellValue('Median')).toMatchObject({ kind: 'text', value: null });
    // a central value needs a range before it
    expect(parseCellValue('$21 Median $23').kind).toBe('text');
    expect(parseCellValue('Net income').kind).toBe('text');
  });
});
