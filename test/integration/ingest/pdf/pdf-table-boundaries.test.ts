import { describe, expect, it } from 'vitest';
import type { Table } from '../../../../shared/document';
import { dataPath, hasData, noDataMessage } from '../../../support/data-dir';
import type { TextRun } from './make-pdf';
import { parseRuns, realPage } from './parse-pages';

/** Column paths of the cells showing `text`, joined for reading in a failure. */
const pathsOf = (tables: Table[], text: string) =>
  tables.flatMap((t) => t.cells.filter((c) => c.text === text).map((c) => c.colPath.join(' > ')));

/** The table holding a cell with `text`. */
const tableWith = (tables: Table[], text: string) =>
  tables.find((t) => t.cells.some((c) => c.text === text));

/** For / Against / Abstain rows from `y` down, values right-aligned near x 500. */
const votes = (y: number, values: string[], x = 72): TextRun[] =>
  ['For', 'Against', 'Abstain'].flatMap((label, i) => [
    { text: label, x, y: y - 12 * i, size: 9 },
    { text: values[i] as string, x: 500, y: y - 12 * i, size: 9 },
  ]);

describe('PDF table detector: two small tables set one under the other (generated pages)', () => {
  it('starts a new table at a title line flush with rows that print the same labels again', async () => {
    const doc = await parseRuns('votes.pdf', [
      { text: '(2) The shareholders ratified the appointment of the auditor:', x: 72, y: 720 },
      ...votes(700, ['1,125,448,378', '65,112,424', '2,556,412']),
      { text: '(3) The shareholders approved the executive compensation:', x: 72, y: 640, size: 9 },
      ...votes(620, ['901,248,622', '110,102,370', '8,796,897']),
    ]);
    expect(doc.tables).toHaveLength(2);
    expect(tableWith(doc.tables, '65,112,424')).not.toBe(tableWith(doc.tables, '110,102,370'));
    // The title is the second table's caption, not a row of either table.
    const labels = doc.tables.flatMap((t) => t.rows.map((r) => r.label));
    expect(labels.some((l) => l.startsWith('(3)'))).toBe(false);
  });

  it('keeps a statement whole when a heading has the same labels indented under it', async () => {
    const section = (title: string, y: number, values: string[]): TextRun[] => [
      { text: title, x: 72, y, size: 9 },
      ...['Subscription', 'Product'].flatMap((label, i) => [
        { text: label, x: 80, y: y - 12 * (i + 1), size: 9 },
        { text: values[i] as string, x: 500, y: y - 12 * (i + 1), size: 9 },
      ]),
    ];
    const doc = await parseRuns('statement.pdf', [
      { text: '2016', x: 500, y: 730, size: 9 },
      ...section('Revenue:', 716, ['4,584,833', '800,498']),
      ...section('Cost of revenue:', 666, ['461,860', '68,917']),
    ]);
    expect(doc.tables).toHaveLength(1);
  });

  it('starts a new table at a title set in larger type than the rows', async () => {
    const box = (title: string, y: number, rows: Array<[string, string]>): TextRun[] => [
      { text: title, x: 180, y, size: 12 },
      { text: 'First-Quarter', x: 467, y: y - 22 },
      ...rows.flatMap(([label, value], i) => [
        { text: label, x: 75, y: y - 37 - 15 * i },
        { text: value, x: 486, y: y - 37 - 15 * i },
      ]),
    ];
    const doc = await parseRuns('boxes.pdf', [
      ...box('Reported (GAAP) First-Quarter 2023 Results', 700, [
        ['Net revenue growth', '10.2%'],
        ['Earnings per share (EPS)', '$1.40'],
        ['EPS change', '(54)%'],
      ]),
      ...box('Organic/Core (non-GAAP) First-Quarter 2023 Results', 610, [
        ['Organic revenue growth', '14.3%'],
        ['Core EPS', '$1.50'],
      ]),
    ]);
    expect(doc.tables).toHaveLength(2);
    expect(pathsOf(doc.tables, '$1.50')).toEqual(['First-Quarter']);
  });
});

describe('PDF column headers: a lone "%" (generated page)', () => {
  it('joins a "%" set over "Change" to that header', async () => {
    const doc = await parseRuns('percent.pdf', [
      { text: 'July 2,', x: 300, y: 700 },
      { text: 'July 3,', x: 380, y: 700 },
      { text: '%', x: 462, y: 700 },
      { text: '(MILLIONS)', x: 72, y: 690 },
      { text: '2023', x: 304, y: 690 },
      { text: '2022', x: 384, y: 690 },
      { text: 'Change', x: 440, y: 690 },
      ...[
        ['United States', '6,185', '11,222', '(45)'],
        ['Developed Europe', '2,415', '5,480', '(56)'],
      ].flatMap(([label, a, b, c], i) => [
        { text: label as string, x: 72, y: 676 - 12 * i },
        { text: a as string, x: 300, y: 676 - 12 * i },
        { text: b as string, x: 380, y: 676 - 12 * i },
        { text: c as string, x: 450, y: 676 - 12 * i },
      ]),
    ]);
    expect(pathsOf(doc.tables, '(56)')).toEqual(['% Change']);
    expect(pathsOf(doc.tables, '2,415')).toEqual(['July 2, 2023']);
  });
});

describe('PDF table detector: contents lists numbered in parts (generated pages)', () => {
  const titles = [
    'Statements of income',
    'Balance sheets',
    'Statements of cash flows',
    'Notes to the statements',
    'Financial highlights',
    'Introduction',
    'Executive overview',
    'Results of operations',
    'Risk management',
    'Legal proceedings',
  ];
  const rows = (numbers: number[]) =>
    titles.flatMap((title, i) => [
      { text: title, x: 100, y: 700 - 14 * i },
      { text: String(numbers[i]), x: 530, y: 700 - 14 * i },
    ]);

  it('reads page numbers that restart once (statements at p79, then the MD&A at p3) as contents', async () => {
    const doc = await parseRuns(
      'contents-parts.pdf',
      rows([79, 80, 81, 84, 161, 3, 4, 5, 35, 172]),
    );
    expect(doc.tables).toEqual([]);
  });

  it('keeps a column of small counts that go up and down as a table', async () => {
    const doc = await parseRuns('counts.pdf', rows([79, 12, 81, 4, 161, 3, 40, 5, 35, 17]));
    expect(doc.tables).toHaveLength(1);
  });
});

describe('PDF layout: a table beside a column of bullets (generated page)', () => {
  it('puts the gutter in the white space, so no bullet line joins a table row', async () => {
    // Left: bullets whose lines end at different x, some close to the gutter. Right: a table
    // whose rows share baselines with the bullets, then footnotes (the right side's only prose).
    const left = [
      '• Equity Markets revenue was $3.3 billion, up',
      'by strong performance across derivatives,',
      '• Securities Services revenue was $1.1 billion',
      'with deposit margin compression largely offset',
      'balance growth in the quarter.',
      '• Credit Adjustments & Other was a loss of $3',
      'compared with a loss of $951 million in the year',
      'which was predominantly driven by spread',
      'Noninterest expense was $7.1 billion, up 19%,',
      'predominantly driven by higher revenue-related',
    ].map((text, i) => ({ text, x: 50, y: 700 - 12 * i }));
    const table = [
      { text: '2021', x: 440, y: 712, size: 8 },
      { text: '2020', x: 495, y: 712, size: 8 },
      ...[
        ['Total assets', '1,355,123', '1,216,558'],
        ['Loans retained', '134,134', '165,376'],
        ['Total loans', '179,980', '200,020'],
        ['Equity', '83,000', '80,000'],
        ['Headcount', '62,772', '60,245'],
      ].flatMap(([label, a, b], i) => [
        { text: label as string, x: 322, y: 688 - 24 * i, size: 8 },
        { text: a as string, x: 425, y: 688 - 24 * i, size: 8 },
        { text: b as string, x: 480, y: 688 - 24 * i, size: 8 },
      ]),
    ];
    const notes = [
      '(a) Prior-period amounts have been revised to conform',
      'with the current presentation. Refer to Note 1 for more.',
      '(b) Loans retained includes credit portfolio loans and',
      'loans held by consolidated multi-seller conduits today.',
      '(c) Loans held-for-sale and loans at fair value reflect',
    ].map((text, i) => ({ text, x: 322, y: 540 - 10 * i, size: 8 }));
    const doc = await parseRuns('bullets-beside-table.pdf', [...left, ...table, ...notes]);
    expect(doc.tables).toHaveLength(1);
    const labels = doc.tables[0]?.rows.map((r) => r.label) ?? [];
    expect(labels.filter((l) => /revenue|driven|\$/.test(l))).toEqual([]);
    expect(pathsOf(doc.tables, '60,245')).toEqual(['2020']);
  });
});

describe.skipIf(!hasData)('PDF table boundaries on real pages', () => {
  const fb = (doc: string) => dataPath('financebench', 'pdfs', `${doc}.pdf`);

  it("reads PepsiCo's 8-K vote tables (2023-05-05 p3) as three tables", async () => {
    const file = dataPath('tablequest', 'pages', 'easy', 'PEPSICO_2023_8K_dated-2023-05-05_p3.pdf');
    const { tables } = await realPage(file, 1);
    expect(tables).toHaveLength(3);
    expect(tableWith(tables, '65,112,424')).not.toBe(tableWith(tables, '110,102,370'));
  });

  it("keeps Activision's segment table (2019 10-K p103) whole: its sections keep the column headers", async () => {
    const { tables } = await realPage(fb('ACTIVISIONBLIZZARD_2019_10K'), 103);
    expect(tables).toHaveLength(1);
    const deferred = tables[0]?.cells.find((c) => c.text === '$122');
    expect(deferred?.rowPath).toEqual([
      'Change in deferred revenues',
      'Digital online channels (1)',
    ]);
    expect(pathsOf(tables, '$1,488')).toEqual(['Year Ended December 31, 2019 > Activision']);
  });

  it("keeps J&J's MedTech segment table (Q4 2022 p19) whole: a bold section label is not a title", async () => {
    const { tables } = await realPage(fb('JOHNSON_JOHNSON_2022Q4_EARNINGS'), 19);
    expect(tables).toHaveLength(1);
    expect(tables[0]?.cells.find((c) => c.text === '1,385')?.rowPath).toEqual([
      'ORTHOPAEDICS',
      'US',
    ]);
  });

  it("reads PepsiCo's Q1 2023 GAAP and non-GAAP boxes (p1) as two tables", async () => {
    const { tables } = await realPage(fb('PEPSICO_2023Q1_EARNINGS'), 1);
    expect(tables).toHaveLength(2);
    expect(pathsOf(tables, '$1.50')).toEqual(['First-Quarter']);
  });

  it('heads Pfizer 2Q23 p38 change columns "% Change"', async () => {
    const { tables } = await realPage(fb('Pfizer_2023Q2_10Q'), 38);
    expect(pathsOf(tables, '(56)')).toEqual(['Three Months Ended > % Change']);
  });

  it("finds no table in JPMorgan 1Q21's contents (p2), numbered in two runs", async () => {
    const { tables } = await realPage(fb('JPMORGAN_2021Q1_10Q'), 2);
    expect(tables).toEqual([]);
  });

  it('keeps the bullets of JPMorgan 1Q21 p24 out of the "Selected metrics" table', async () => {
    const { tables } = await realPage(fb('JPMORGAN_2021Q1_10Q'), 24);
    expect(tables).toHaveLength(1);
    const labels = tables[0]?.rows.map((r) => r.label) ?? [];
    expect(labels.filter((l) => /revenue|pages|•/.test(l))).toEqual([]);
    expect(pathsOf(tables, '60,245')[0]).toMatch(/2020$/);
  });
});

if (!hasData) console.warn(`[skip] PDF table boundary real-page tests: ${noDataMessage}`);
