import { describe, expect, it } from 'vitest';
import { cleanFinqaCell } from '../../../main/ingest/datasets/finqa';
import { buildGridTable } from '../../../main/ingest/datasets/table/build-grid-table';
import { rawTableFromRows } from '../../../main/ingest/datasets/table/raw-grid';
import type { Table } from '../../../shared/document';

const build = (rows: string[][], extra: { contextNote?: string; minHeaderRows?: number } = {}) =>
  buildGridTable({
    raw: rawTableFromRows(rows, 0),
    location: { kind: 'dataset', pointer: '/0/table' },
    minHeaderRows: 1,
    ...extra,
  });

const cell = (t: Table, row: number, col: number) => {
  const c = t.cells.find((x) => x.sourceRow === row && x.sourceCol === col);
  if (!c) throw new Error(`no cell at ${row},${col}`);
  return c;
};

describe('buildGridTable on string grids (TAT-QA, FinQA)', () => {
  it('spreads a spanning header over the years below it and reads values, scale and unit', () => {
    const t = build(
      [
        ['', '', 'Years Ended September 30,', ''],
        ['', '2019', '2018', '2017'],
        ['Fixed Price', '$  1,452.4', '$  1,146.2', '$  1,036.9'],
        ['Other', '44.1', '56.7', '70.8'],
        ['Total sales', '$1,496.5', '$1,202.9', '$1,107.7'],
      ],
      { contextNote: 'The table below presents total net sales by contract type (in millions):' },
    );
    expect(t.rows.map((r) => r.kind)).toEqual(['header', 'header', 'data', 'data', 'total']);
    expect(cell(t, 2, 1)).toMatchObject({
      text: '$ 1,452.4',
      value: 1452.4,
      kind: 'number',
      scale: 1e6,
      unit: 'USD',
      rowPath: ['Fixed Price'],
      colPath: ['Years Ended September 30', '2019'],
    });
    expect(cell(t, 3, 3).colPath).toEqual(['Years Ended September 30', '2017']);
    expect(t.scaleNote).toMatch(/in millions/);
    expect(t.columnHeaders[0]).toMatchObject({
      text: 'Years Ended September 30',
      firstCol: 1,
      lastCol: 3,
    });
    expect(t.columnHeaders[0]?.children.map((c) => c.text)).toEqual(['2019', '2018', '2017']);
  });

  it('takes a scale note from a header row, percent cells get scale 0.01', () => {
    const t = build([
      ['', '2019', '2018'],
      ['', '(in thousands)', ''],
      ['Revenue', '1,000', '900'],
      ['Margin', '12.5%', '(3.1)%'],
    ]);
    expect(cell(t, 2, 1)).toMatchObject({ scale: 1e3, colPath: ['2019'] });
    expect(cell(t, 3, 2)).toMatchObject({ value: -3.1, unit: '%', scale: 0.01 });
  });

  it('reads unit headers of non-US reports ("£m", "$\'000") as scale and currency', () => {
    const pounds = build([
      ['', '2019', '2018'],
      ['', '£m', '£m'],
      ['Revenue', '1,204', '1,150'],
    ]);
    expect(cell(pounds, 2, 1)).toMatchObject({ scale: 1e6, unit: 'GBP', colPath: ['2019'] });
    const thousands = build([
      ['', "2019 $'000", "2018 $'000"],
      ['Revenue', '1,204', '1,150'],
    ]);
    expect(cell(thousands, 1, 2)).toMatchObject({ scale: 1e3, colPath: ["2018 $'000"] });
    const unitRow = build([
      ['', '2019', '2018'],
      ['', "$'000", "$'000"],
      ['Revenue', '1,204', '1,150'],
    ]);
    expect(cell(unitRow, 2, 2)).toMatchObject({ scale: 1e3, unit: 'USD', colPath: ['2018'] });
  });

  it('treats a lone title in the first value column as a section label, not a header', () => {
    const t = build([
      ['', 'As reported', 'Adjustments'],
      ['Assets', '', ''],
      ['Prepaid expenses', '$19,373', '(1,473)'],
      ['', "Liabilities and Stockholders' Equity", ''],
      ['Deferred revenue', '$24,264', '(1,945)'],
    ]);
    expect(t.rows.find((r) => r.sourceRow === 3)).toMatchObject({ kind: 'section' });
    expect(cell(t, 4, 2)).toMatchObject({
      rowPath: ["Liabilities and Stockholders' Equity", 'Deferred revenue'],
      colPath: ['Adjustments'],
      value: -1945,
    });
  });

  it('spreads a regular lowest header row ("2019 | _ | 2018 | _") but not an irregular one', () => {
    const regular = build([
      ['(Dollars in thousands)', '2019', '', '2018', ''],
      ['Software license', '$275,792', '99%', '$282,950', '98%'],
    ]);
    // The year spreads over its share column; the share is then told apart by its unit.
    expect(cell(regular, 1, 1).colPath).toEqual(['2019']);
    expect(cell(regular, 1, 2).colPath).toEqual(['2019', '%']);
    expect(cell(regular, 1, 4).colPath).toEqual(['2018', '%']);
    const irregular = build([
      ['', 'Number of Shares (thousands)', '', 'Remaining Term (years)'],
      ['Granted', '3,288', '$6.74', '1.8'],
      ['Released', '(1,774)', '$6.60', '1.2'],
    ]);
    expect(cell(irregular, 1, 2).colPath).toEqual([]);
  });

  it('nests sections, closes them at their totals, keeps a leading total inside', () => {
    const t = build([
      ['', '2019'],
      ['Assets:', ''],
      ['Current assets:', ''],
      ['Cash', '10'],
      ['Receivables', '5'],
      ['Total current assets', '15'],
      ['Property', '7'],
      ['Total assets', '22'],
      ['Card Member loans:', ''],
      ['Total loans', '53'],
      ['Average loans', '48'],
      ['Net income', '3'],
    ]);
    const path = (r: number) => t.rows.find((x) => x.sourceRow === r)?.path;
    expect(path(3)).toEqual(['Assets', 'Current assets', 'Cash']);
    expect(path(5)).toEqual(['Assets', 'Current assets', 'Total current assets']);
    expect(path(6)).toEqual(['Assets', 'Property']);
    expect(path(7)).toEqual(['Assets', 'Total assets']);
    expect(path(10)).toEqual(['Card Member loans', 'Average loans']);
    expect(t.rowHeaders[0]?.text).toBe('Assets');
  });

  it('calls an unlabelled row of values under labelled rows "Total"', () => {
    const t = build([
      ['', '2006', '2005'],
      ['Gains', '$68', '$7'],
      ['Income', '15', '14'],
      ['', '$83', '$21'],
    ]);
    expect(t.rows.at(-1)).toMatchObject({ kind: 'total', label: 'Total', path: ['Total'] });
  });

  it('keeps words as text cells without unit or scale', () => {
    const t = build([
      ['', 'Truck', 'Land'],
      ['Original cost', '$ 57,000', '$ 18,000'],
      ['Depreciation method', 'Declining balance, 20% per year', ''],
    ]);
    expect(cell(t, 2, 1)).toMatchObject({ kind: 'text', value: null, unit: null, scale: 1 });
    expect(cell(t, 1, 2)).toMatchObject({ value: 18000, unit: 'USD', colPath: ['Land'] });
  });

  it('keeps the first row as header when every row is words', () => {
    const t = build([
      ['Name', 'Position'],
      ['Jane Doe', 'Chief Executive Officer'],
      ['John Roe', 'Chief Financial Officer'],
    ]);
    expect(t.rows.map((r) => r.kind)).toEqual(['header', 'data', 'data']);
    expect(cell(t, 2, 1)).toMatchObject({ rowPath: ['John Roe'], colPath: ['Position'] });
  });
});

describe('cleanFinqaCell', () => {
  it.each([
    ['-4 ( 4 )', '-4'],
    ['$ -786 ( 786 )', '$ -786'],
    ['100% ( 100 % )', '100%'],
    ['12 ( 13 )', '12 ( 13 )'],
    ['visa inc. ( 1 )', 'visa inc. ( 1 )'],
  ])('%s → %s', (input, out) => expect(cleanFinqaCell(input)).toBe(out));
});
