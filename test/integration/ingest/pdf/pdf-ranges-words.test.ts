import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePdfBytes } from '../../../../main/ingest/pdf';
import { segmentsOf } from '../../../../main/ingest/pdf/lines';
import type { PdfWord } from '../../../../main/ingest/pdf/page-text';
import type { Cell, Table } from '../../../../shared/document';
import { dataPath, hasData, noDataMessage } from '../../../support/data-dir';
import { makePdf, type TextRun } from './make-pdf';

const parse = async (name: string, bytes: Uint8Array) =>
  (await parsePdfBytes(name, bytes)).document;

const rowCells = (t: Table, label: string): Cell[] =>
  t.cells
    .filter((c) => c.rowPath.at(-1) === label)
    .sort((a, b) => a.sourceRow - b.sourceRow || a.sourceCol - b.sourceCol);

const shown = (cells: Cell[]) => cells.map((c) => [c.text, c.kind, c.value]);

// WinAnsiEncoding: 0x96 is the en dash, 0x97 the em dash.
const EN = '\x96';
const EM = '\x97';

describe('numeric ranges in table cells (generated page)', () => {
  const runs: TextRun[] = [
    { text: '2024', x: 380, y: 700 },
    { text: '2023', x: 460, y: 700 },
    { text: '2022', x: 540, y: 700 },
    { text: 'Revenue', x: 72, y: 684 },
    { text: '1,200', x: 380, y: 684 },
    { text: '1,100', x: 460, y: 684 },
    { text: '1,000', x: 540, y: 684 },
    // One run: the PDF drew the range as one string.
    { text: 'Interest rates', x: 72, y: 670 },
    { text: `2.0% ${EN} 5.4%`, x: 370, y: 670 },
    { text: `0.03% ${EN} 3.6%`, x: 450, y: 670 },
    { text: `0.01% ${EN} 1.5%`, x: 530, y: 670 },
    // Three runs a word space apart: the dash must not make "- 5.82" a negative number.
    { text: 'Coupon', x: 72, y: 656 },
    { text: '0.75', x: 370, y: 656 },
    { text: '-', x: 390.7, y: 656 },
    { text: '5.82', x: 396.7, y: 656 },
    { text: '1.50', x: 450, y: 656 },
    { text: '-', x: 470.7, y: 656 },
    { text: '7.88', x: 476.7, y: 656 },
    { text: '$10 to $20', x: 530, y: 656 },
    // A nil dash in its own column between two numbers stays three cells.
    { text: 'Impairment', x: 72, y: 642 },
    { text: '618', x: 380, y: 642 },
    { text: EM, x: 460, y: 642 },
    { text: '6', x: 540, y: 642 },
    { text: 'Total', x: 72, y: 628 },
    { text: '1,818', x: 380, y: 628 },
    { text: '1,100', x: 460, y: 628 },
    { text: '1,006', x: 540, y: 628 },
  ];

  it('keeps each range as one cell of kind range, with no made-up negative', async () => {
    const doc = await parse('ranges.pdf', makePdf([runs]));
    expect(doc.tables).toHaveLength(1);
    const t = doc.tables[0] as Table;
    expect(t.colCount).toBe(4);
    expect(shown(rowCells(t, 'Interest rates'))).toEqual([
      [`2.0% – 5.4%`, 'range', null],
      [`0.03% – 3.6%`, 'range', null],
      [`0.01% – 1.5%`, 'range', null],
    ]);
    expect(rowCells(t, 'Interest rates').map((c) => [c.range, c.scale, c.unit])).toEqual([
      [[2, 5.4], 0.01, '%'],
      [[0.03, 3.6], 0.01, '%'],
      [[0.01, 1.5], 0.01, '%'],
    ]);
    const coupon = rowCells(t, 'Coupon');
    expect(shown(coupon)).toEqual([
      ['0.75 - 5.82', 'range', null],
      ['1.50 - 7.88', 'range', null],
      ['$10 to $20', 'range', null],
    ]);
    expect(coupon.map((c) => [c.sourceCol, c.colPath])).toEqual([
      [1, ['2024']],
      [2, ['2023']],
      [3, ['2022']],
    ]);
    expect(coupon[0]?.range).toEqual([0.75, 5.82]);
    expect(t.cells.some((c) => c.value !== null && c.value < 0)).toBe(false);
    expect(shown(rowCells(t, 'Impairment'))).toEqual([
      ['618', 'number', 618],
      ['—', 'dash', 0],
      ['6', 'number', 6],
    ]);
  });

  it('reads a span of years as a column header, not as a range value', async () => {
    const page: TextRun[] = [
      { text: 'Total', x: 380, y: 700 },
      { text: '2025-2026', x: 440, y: 700 },
      { text: '2027-2028', x: 520, y: 700 },
      { text: 'Long-term debt', x: 72, y: 684 },
      { text: '9,000', x: 380, y: 684 },
      { text: '4,000', x: 450, y: 684 },
      { text: '5,000', x: 530, y: 684 },
      { text: 'Leases', x: 72, y: 670 },
      { text: '900', x: 386, y: 670 },
      { text: '400', x: 456, y: 670 },
      { text: '500', x: 536, y: 670 },
    ];
    const doc = await parse('years.pdf', makePdf([page]));
    const t = doc.tables[0] as Table;
    expect(t.cells.map((c) => c.colPath.at(-1))).toEqual([
      'Total',
      '2025-2026',
      '2027-2028',
      'Total',
      '2025-2026',
      '2027-2028',
    ]);
    expect(t.cells.every((c) => c.kind === 'number')).toBe(true);
  });

  it('reads a guidance range with scale words on both ends', async () => {
    const page: TextRun[] = [
      { text: 'FY23 Outlook', x: 400, y: 700 },
      { text: 'Net sales', x: 72, y: 686 },
      { text: '$10.95 billion to $11.05 billion', x: 380, y: 686 },
      { text: 'Comparable sales', x: 72, y: 672 },
      { text: '4% to 5%', x: 416, y: 672 },
      { text: 'Capital expenditures', x: 72, y: 658 },
      { text: '$400 million to $475 million', x: 384, y: 658 },
    ];
    const doc = await parse('guidance.pdf', makePdf([page]));
    const t = doc.tables[0] as Table;
    expect(rowCells(t, 'Net sales').map((c) => [c.kind, c.value, c.range, c.scale])).toEqual([
      ['range', null, [10.95, 11.05], 1e9],
    ]);
    expect(rowCells(t, 'Capital expenditures')[0]?.range).toEqual([400, 475]);
    expect(rowCells(t, 'Comparable sales')[0]).toMatchObject({ kind: 'range', unit: '%' });
  });
});

describe('word columns between the labels and the numbers (generated page)', () => {
  const runs: TextRun[] = [
    { text: 'Maturities', x: 290, y: 712 },
    { text: 'Rating', x: 370, y: 712 },
    { text: '2024', x: 460, y: 712 },
    { text: '2023', x: 530, y: 712 },
    { text: 'Parent Company', x: 72, y: 698 },
    { text: '< 5 Years', x: 292, y: 698 },
    { text: 'Aa3', x: 372, y: 698 },
    { text: '23,929', x: 455, y: 698 },
    { text: '18,406', x: 525, y: 698 },
    { text: '5-10 Years', x: 290, y: 684 },
    { text: 'A+', x: 374, y: 684 },
    { text: '42,637', x: 455, y: 684 },
    { text: '43,225', x: 525, y: 684 },
    { text: 'Subsidiary debentures', x: 72, y: 670 },
    { text: '> 10 Years', x: 290, y: 670 },
    { text: 'N/A', x: 372, y: 670 },
    { text: 'N/A', x: 460, y: 670 },
    { text: '141', x: 537, y: 670 },
    { text: 'Finance lease obligations', x: 72, y: 656 },
    { text: '1,732', x: 460, y: 656 },
    { text: '1,325', x: 530, y: 656 },
  ];

  it('gives the words columns of their own, out of the row labels', async () => {
    const doc = await parse('words.pdf', makePdf([runs]));
    expect(doc.tables).toHaveLength(1);
    const t = doc.tables[0] as Table;
    expect(t.colCount).toBe(5);
    expect(t.rows.filter((r) => r.kind !== 'header').map((r) => r.label)).toEqual([
      'Parent Company',
      'Parent Company',
      'Subsidiary debentures',
      'Finance lease obligations',
    ]);
    const byRow = (r: number) =>
      t.cells.filter((c) => c.sourceRow === r).map((c) => [c.colPath.at(-1), c.text, c.kind]);
    const first = t.rows.find((r) => r.label === 'Parent Company')?.sourceRow ?? -1;
    expect(byRow(first)).toEqual([
      ['Maturities', '< 5 Years', 'text'],
      ['Rating', 'Aa3', 'text'],
      ['2024', '23,929', 'number'],
      ['2023', '18,406', 'number'],
    ]);
    expect(byRow(first + 1)).toEqual([
      ['Maturities', '5-10 Years', 'text'],
      ['Rating', 'A+', 'text'],
      ['2024', '42,637', 'number'],
      ['2023', '43,225', 'number'],
    ]);
    expect(byRow(first + 2)).toEqual([
      ['Maturities', '> 10 Years', 'text'],
      ['Rating', 'N/A', 'na'],
      ['2024', 'N/A', 'na'],
      ['2023', '141', 'number'],
    ]);
  });

  it('leaves a label with a short gap inside it alone', async () => {
    const page: TextRun[] = [
      { text: '2024', x: 460, y: 712 },
      { text: '2023', x: 530, y: 712 },
      { text: 'Revenue', x: 72, y: 698 },
      { text: 'from services', x: 120, y: 698 },
      { text: '1,200', x: 460, y: 698 },
      { text: '1,100', x: 530, y: 698 },
      { text: 'Cost', x: 72, y: 684 },
      { text: 'of services', x: 100, y: 684 },
      { text: '900', x: 466, y: 684 },
      { text: '700', x: 536, y: 684 },
    ];
    const doc = await parse('labels.pdf', makePdf([page]));
    const t = doc.tables[0] as Table;
    expect(t.colCount).toBe(3);
    expect(t.rows.map((r) => r.label).filter((l) => l !== '')).toEqual([
      'Revenue from services',
      'Cost of services',
    ]);
  });
});

const realPage = async (level: string, stem: string) =>
  parse(
    `${stem}.pdf`,
    new Uint8Array(readFileSync(dataPath('tablequest', 'pages', level, `${stem}.pdf`))),
  );

describe.skipIf(!hasData)(`ranges and word columns on real pages (${noDataMessage})`, () => {
  it('VERIZON 2022 10-K p77: maturities and rate ranges are columns, not label text', async () => {
    const doc = await realPage('hard', 'VERIZON_2022_10K_p77');
    const t = doc.tables.find((x) => x.cells.some((c) => c.text === '0.75 - 5.82')) as Table;
    expect(t).toBeDefined();
    const rate = t.cells.find((c) => c.text === '0.75 - 5.82');
    expect(rate).toMatchObject({ kind: 'range', value: null, range: [0.75, 5.82] });
    expect(rate?.colPath.join(' ')).toMatch(/Rates %/);
    expect(rate?.rowPath).toEqual(['Verizon Communications']);
    const row = t.cells.filter((c) => c.sourceRow === rate?.sourceRow).map((c) => c.text);
    expect(row).toEqual(['< 5 Years', '0.75 - 5.82', '$23,929', '$18,406']);
    // The group label is printed once; its next rows start in the maturity column.
    const next = t.cells.find((c) => c.text === '1.50 - 7.88');
    expect(next?.rowPath).toEqual(['Verizon Communications']);
    expect(t.rows.some((r) => /Years|\d\.\d\d - /.test(r.label))).toBe(false);
    expect(t.cells.some((c) => c.value !== null && c.value < 0 && /^-/.test(c.text))).toBe(false);
  });

  it('MICROSOFT 2023 10-K p92: range-only rows form their own table under the years', async () => {
    const doc = await realPage('easy', 'MICROSOFT_2023_10K_p92');
    const rates = doc.tables.flatMap((t) =>
      t.cells.filter((c) => c.rowPath.at(-1) === 'Interest rates'),
    );
    expect(rates.map((c) => [c.text, c.kind, c.colPath.at(-1)])).toEqual([
      ['2.0% – 5.4%', 'range', '2023'],
      ['0.03% – 3.6%', 'range', '2022'],
      ['0.01% – 1.5%', 'range', '2021'],
    ]);
    // The stock-award table below keeps its own headers instead of the range lines.
    const awards = doc.tables.find((t) => t.cells.some((c) => c.text === '$227.59'));
    expect(awards?.columnHeaders.map((h) => h.text)).toEqual([
      'Shares',
      'Weighted Average Grant-Date Fair Value',
    ]);
  });

  it('PAYPAL 2022 10-K p99: the balance sheet location is a column of its own', async () => {
    const doc = await realPage('easy', 'PAYPAL_2022_10K_p99');
    const loc = doc.tables.flatMap((t) => t.cells).filter((c) => c.kind === 'text');
    expect(loc.map((c) => c.text)).toContain('Other assets (non-current)');
    expect(loc.every((c) => c.colPath.at(-1) === 'Balance Sheet Location')).toBe(true);
    const labels = doc.tables.flatMap((t) => t.rows.map((r) => r.label));
    expect(labels.some((l) => /Other (current|long-term)/.test(l))).toBe(false);
  });
});

describe('a dash between two numbers, by the room around it', () => {
  const word = (text: string, x: number, item: number): PdfWord => ({
    text,
    x,
    y: 700,
    width: 5 * text.length,
    size: 10,
    font: 'F1',
    item,
  });

  it('is a range a word space apart, a nil cell of its own with more room', () => {
    const tight = [word('0.75', 100, 0), word('-', 123, 1), word('5.82', 131, 2)];
    expect(segmentsOf(tight, 10).map((s) => s.text)).toEqual(['0.75 - 5.82']);
    // 6 pt is under the segment gap (8 pt at 10 pt type) but more than a word space.
    const apart = [word('618', 100, 0), word('—', 121, 1), word('6', 132, 2)];
    expect(segmentsOf(apart, 10).map((s) => s.text)).toEqual(['618', '—', '6']);
  });
});
