import { describe, expect, it } from 'vitest';
import {
  qualifyRepeatedColumns,
  qualifyRepeatedHeaders,
  qualifyRepeatedRows,
} from '../../../../main/ingest/table/repeated-labels';
import type { Cell, HeaderNode, RowKind } from '../../../../shared/document';

type Row = { kind: RowKind; label: string; level: number; path: string[] };
const row = (kind: RowKind, path: string[]): Row => ({
  kind,
  label: path.at(-1) ?? '',
  level: path.length - 1,
  path,
});
const paths = (rows: Row[]) => rows.map((r) => r.path.join(' > '));

describe('qualifyRepeatedRows', () => {
  it('names a repeated label after the line it follows ("% of net revenue")', () => {
    const rows = [
      row('data', ['Research and development expenses']),
      row('data', ['% of net revenue']),
      row('data', ['Sales, general and administrative expenses']),
      row('data', ['% of net revenue']),
      row('total', ['Total operating expenses']),
      row('data', ['% of net revenue']),
    ];
    qualifyRepeatedRows(rows);
    expect(paths(rows)).toEqual([
      'Research and development expenses',
      'Research and development expenses > % of net revenue',
      'Sales, general and administrative expenses',
      'Sales, general and administrative expenses > % of net revenue',
      'Total operating expenses',
      'Total operating expenses > % of net revenue',
    ]);
    // Levels (the tree the view shows) are unchanged.
    expect(rows.map((r) => r.level)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('skips repeated lines to the nearest unique one (equity statement years)', () => {
    const rows = [
      row('data', ['Balances, Jan 29, 2023']),
      row('data', ['Net income']),
      row('data', ['Other comprehensive income']),
      row('data', ['Balances, Jan 28, 2024']),
      row('data', ['Net income']),
      row('data', ['Other comprehensive income']),
    ];
    qualifyRepeatedRows(rows);
    expect(paths(rows).slice(1)).toEqual([
      'Balances, Jan 29, 2023 > Net income',
      'Balances, Jan 29, 2023 > Other comprehensive income',
      'Balances, Jan 28, 2024',
      'Balances, Jan 28, 2024 > Net income',
      'Balances, Jan 28, 2024 > Other comprehensive income',
    ]);
  });

  it('in a roll-forward, names the movements after the balance line above them', () => {
    const rows = [
      row('data', ['BALANCE JUNE 30, 2022']),
      row('data', ['Net earnings']),
      row('data', ['Dividends ($3.68 per share)']),
      row('data', ['Treasury stock purchases']),
      row('data', ['BALANCE JUNE 30, 2023']),
      row('data', ['Net earnings']),
      row('data', ['Dividends ($3.83 per share)']),
      row('data', ['Treasury stock purchases']),
    ];
    qualifyRepeatedRows(rows);
    expect(paths(rows).filter((p) => p.includes(' > '))).toEqual([
      'BALANCE JUNE 30, 2022 > Net earnings',
      'BALANCE JUNE 30, 2022 > Treasury stock purchases',
      'BALANCE JUNE 30, 2023 > Net earnings',
      'BALANCE JUNE 30, 2023 > Treasury stock purchases',
    ]);
  });

  it('takes a heading above as the qualifier, never a scale line or footnote, never past the previous occurrence', () => {
    const rows = [
      row('note', ['Pension Benefits - U.S.']),
      row('data', ['Service cost']),
      row('note', ['(In millions)']),
      row('note', ['Other Postretirement Benefits']),
      row('data', ['Service cost']),
      row('note', ['(1) Includes settlements']),
      row('data', ['Service cost']),
    ];
    qualifyRepeatedRows(rows);
    expect(paths(rows).filter((p) => p.endsWith('Service cost'))).toEqual([
      'Pension Benefits - U.S. > Service cost',
      'Other Postretirement Benefits > Service cost',
      // What lies above the previous "Service cost" names that one: this one keeps its path.
      'Service cost',
    ]);
  });

  it('stays inside the section: a repeat right under its heading keeps its path', () => {
    const rows = [
      row('data', ['Revenue']),
      row('section', ['Available-for-sale securities']),
      row('data', ['Available-for-sale securities', 'Net change']),
      row('data', ['Available-for-sale securities', 'Reclassification']),
      row('data', ['Available-for-sale securities', 'Net change']),
    ];
    qualifyRepeatedRows(rows);
    expect(paths(rows).slice(2)).toEqual([
      'Available-for-sale securities > Net change',
      'Available-for-sale securities > Reclassification',
      'Available-for-sale securities > Reclassification > Net change',
    ]);
  });

  it('qualifies a repeated section from its second occurrence on, with its rows', () => {
    const rows = [
      row('section', ['Three months']),
      row('data', ['Three months', 'Additions']),
      row('total', ['Reconciliation to total']),
      row('section', ['Three months']),
      row('data', ['Three months', 'Additions']),
    ];
    qualifyRepeatedRows(rows);
    expect(paths(rows)).toEqual([
      'Three months',
      'Three months > Additions',
      'Reconciliation to total',
      'Reconciliation to total > Three months',
      'Reconciliation to total > Three months > Additions',
    ]);
  });

  it('looks for no anchor past a header band restated in the body (ExxonMobil segments)', () => {
    const make = () => [
      row('section', ['Three Months Ended June 30, 2025']),
      row('data', ['Three Months Ended June 30, 2025', 'Segment revenues']),
      row('data', ['Net income (loss) attributable to ExxonMobil']),
      // a band "Upstream | Energy Products | …" over "U.S. | Non-U.S." is restated here
      row('section', ['Three Months Ended June 30, 2025']),
      row('data', [
        'Three Months Ended June 30, 2025',
        'Additions to property, plant and equipment',
      ]),
    ];
    const blocks = [0, 0, 0, 1, 1];
    const rows = make();
    qualifyRepeatedRows(rows, (i) => blocks[i]);
    expect(paths(rows).slice(3)).toEqual([
      'Three Months Ended June 30, 2025',
      'Three Months Ended June 30, 2025 > Additions to property, plant and equipment',
    ]);
    // read as one block, the line above the band would name the second period
    const unblocked = make();
    qualifyRepeatedRows(unblocked);
    expect(paths(unblocked)[3]).toBe(
      'Net income (loss) attributable to ExxonMobil > Three Months Ended June 30, 2025',
    );
  });

  it('leaves unique labels and unlabelled rows alone', () => {
    const rows = [row('data', ['A']), row('data', ['B']), row('total', [])];
    qualifyRepeatedRows(rows);
    expect(paths(rows)).toEqual(['A', 'B', '']);
  });
});

const cell = (sourceCol: number, colPath: string[], unit: string | null, sourceRow = 5): Cell => ({
  sourceRow,
  sourceCol,
  text: '1',
  kind: 'number',
  value: 1,
  scale: 1,
  unit,
  rowPath: ['Automotive sales'],
  colPath,
});
const node = (text: string, firstCol: number, lastCol: number, children: HeaderNode[] = []) => ({
  text,
  sourceRow: 0,
  firstCol,
  lastCol,
  children,
});

describe('qualifyRepeatedHeaders', () => {
  it('names a repeated header after its left neighbour ("Change" per period)', () => {
    const headers = [
      node('Three Months Ended June 30', 3, 11, [node('2025', 3, 5), node('2024', 9, 11)]),
      node('Change', 15, 23),
      node('Six Months Ended June 30', 27, 35, [node('2025', 27, 29), node('2024', 33, 35)]),
      node('Change', 39, 47),
    ];
    const cells = [
      cell(4, ['Three Months Ended June 30', '2025'], 'USD'),
      cell(16, ['Change'], 'USD'),
      cell(40, ['Change'], 'USD'),
    ];
    qualifyRepeatedHeaders(headers, cells);
    expect(cells.map((c) => c.colPath.join(' > '))).toEqual([
      'Three Months Ended June 30 > 2025',
      'Three Months Ended June 30 > Change',
      'Six Months Ended June 30 > Change',
    ]);
  });

  it('works at any depth ("Percent to Sales" after each date)', () => {
    const headers = [
      node('Quarter', 6, 26, [
        node('June 29, 2025', 6, 8),
        node('Percent to Sales', 12, 14),
        node('June 30, 2024', 18, 20),
        node('Percent to Sales', 24, 26),
      ]),
    ];
    const cells = [
      cell(12, ['Quarter', 'Percent to Sales'], '%'),
      cell(24, ['Quarter', 'Percent to Sales'], '%'),
    ];
    qualifyRepeatedHeaders(headers, cells);
    expect(cells.map((c) => c.colPath)).toEqual([
      ['Quarter', 'June 29, 2025', 'Percent to Sales'],
      ['Quarter', 'June 30, 2024', 'Percent to Sales'],
    ]);
  });
  it('never looks past the previous occurrence of the same header (two comparison blocks)', () => {
    const headers = ['2024', '2023', 'Change', '2023', '2022', 'Change'].map((t, i) =>
      node(t, 3 * i, 3 * i + 2),
    );
    const cells = headers.map((h) => cell(h.firstCol, [h.text], 'USD'));
    qualifyRepeatedHeaders(headers, cells);
    expect(cells.map((c) => c.colPath.join(' > '))).toEqual([
      '2024',
      '2024 > 2023',
      '2024 > Change',
      '2023',
      '2022',
      '2022 > Change',
    ]);
  });
});

describe('qualifyRepeatedColumns', () => {
  it('adds the unit to a second value of another unit under one header', () => {
    const cells = [
      cell(16, ['Change'], 'USD'),
      cell(21, ['Change'], '%'),
      cell(25, ['Other'], '%'),
    ];
    qualifyRepeatedColumns(cells);
    expect(cells.map((c) => c.colPath)).toEqual([['Change'], ['Change', '%'], ['Other']]);
  });

  it('leaves values of one unit alone (only their position tells them apart)', () => {
    const cells = [cell(3, ['2009'], 'USD'), cell(7, ['2009'], 'USD')];
    qualifyRepeatedColumns(cells);
    expect(cells.map((c) => c.colPath)).toEqual([['2009'], ['2009']]);
  });
});
