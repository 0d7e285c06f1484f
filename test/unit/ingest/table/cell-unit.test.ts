import { describe, expect, it } from 'vitest';
import { resolveUnit } from '../../../../main/ingest/table/cell-unit';
import { parseCellValue } from '../../../../main/ingest/table/cell-value';
import { findScaleNote } from '../../../../main/ingest/table/scale-note';

const millions = { note: findScaleNote('(In millions)'), monetary: true, percentTable: false };

describe('units from headers that name a duration', () => {
  it('reads "(years)" over a column of a dollar table as years, unscaled', () => {
    expect(
      resolveUnit(
        parseCellValue('1.6'),
        ['3.20% Notes Due 2026'],
        ['Expected Remaining Term (years)'],
        millions,
      ),
    ).toMatchObject({ unit: 'years', scale: 1 });
    expect(
      resolveUnit(
        parseCellValue('2-7'),
        ['Equipment'],
        ['Estimated Useful Life (In years)'],
        millions,
      ),
    ).toMatchObject({ unit: 'years', scale: 1 });
  });

  it('reads a row label ending in "(in months)" the same way', () => {
    expect(
      resolveUnit(
        parseCellValue('18'),
        ['Weighted average remaining term (in months)'],
        ['2025'],
        millions,
      ),
    ).toMatchObject({ unit: 'months', scale: 1 });
  });

  it('keeps a dollar amount a dollar amount, and the column header wins over the row', () => {
    expect(
      resolveUnit(parseCellValue('$1,250'), ['Notes due in 10 years'], ['Total (years)'], millions),
    ).toMatchObject({ unit: 'USD', scale: 1e6 });
    expect(
      resolveUnit(parseCellValue('1,250'), ['Remaining term (years)'], ['Amount'], millions),
    ).toMatchObject({ unit: 'USD', scale: 1e6 });
  });

  it('does not take "years" without the parenthetical as a unit', () => {
    expect(
      resolveUnit(parseCellValue('1,250'), ['Due in 1-3 years'], ['Jan 26, 2025'], millions),
    ).toMatchObject({ unit: 'USD', scale: 1e6 });
  });
});
