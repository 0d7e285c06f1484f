import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeHtml } from '../../../main/ingest/ingest-bytes';
import { ingestSecHtml } from '../../../main/ingest/sec-html/ingest-sec-html';
import type { Document, Table } from '../../../shared/document';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';

// Footnote marks come off labels and amounts into `footnotes`: a raised "(1)" (Workiva's
// "position:relative;top:-3.5pt"), a <sup>, a "(2)" after a label or in a column of its own.
// Numbers that are part of a label ("Series 2", "737", "$(49)" in a list of amounts) stay.

if (!hasData) console.warn(`[skip] ${noDataMessage}`);

const raised = (mark: string) =>
  `<span style="font-size:6.5pt;position:relative;top:-3.5pt;vertical-align:baseline">${mark}</span>`;
const td = (text: string) => `<td>${text}</td>`;
const tr = (...cells: string[]) => `<tr>${cells.join('')}</tr>`;

function ingestTable(rows: string[]): Table {
  const html = `<html><body><p>(Dollars in millions)</p><table>${rows.join('')}</table></body></html>`;
  const table = ingestSecHtml(html, { name: 'test.htm', bytes: html.length }).tables[0];
  if (table === undefined) throw new Error('no data table');
  return table;
}
const rowLabelled = (t: Table, label: string) => t.rows.find((r) => r.label === label);

describe('footnote marks on row labels', () => {
  const t = ingestTable([
    tr(td(''), td('2024'), td('2023')),
    // Boeing 10-K 2024, backlog table: "Other" with a raised "(1)"
    tr(td(`Other${raised('(1)')}`), td('1,234'), td('1,100')),
    // "Per Share" with a <sup>1</sup>
    tr(td('Dividends declared Per Share<sup>1</sup>'), td('$1.00'), td('$0.96')),
    // Alphabet 10-K 2024: "Diluted EPS(2)" in plain text
    tr(td('Diluted EPS(2)'), td('$8.04'), td('$5.80')),
    // Netflix 10-Q: "3.000% Senior Notes (1)"
    tr(td('3.000% Senior Notes (1)'), td('500'), td('500')),
    // Amazon 10-K 2024: the last of a list of amounts is no mark
    tr(td('Other, net of tax of $0, $(15), and $(2)'), td('10'), td('12')),
    // numbers that name things
    tr(td('Series 2'), td('40'), td('41')),
    tr(td('737'), td('8,793'), td('8,400')),
    tr(td(`Brand${raised('®')} products`), td('5'), td('6')),
  ]);

  it('takes raised, superscript and trailing marks off the label into footnotes', () => {
    expect(rowLabelled(t, 'Other')?.footnotes).toEqual(['1']);
    expect(rowLabelled(t, 'Dividends declared Per Share')?.footnotes).toEqual(['1']);
    expect(rowLabelled(t, 'Diluted EPS')?.footnotes).toEqual(['2']);
    expect(rowLabelled(t, '3.000% Senior Notes')?.footnotes).toEqual(['1']);
    // the path the cells carry is the label without the mark
    const eps = t.cells.find((c) => c.rowPath.at(-1) === 'Diluted EPS');
    expect(eps).toMatchObject({ value: 8.04, unit: 'USD/share' });
  });

  it('keeps numbers that are part of a label, and raised text that is no mark', () => {
    const amounts = t.rows.find((r) => r.label.startsWith('Other, net of tax'));
    expect(amounts?.label).toBe('Other, net of tax of $0, $(15), and $(2)');
    expect(amounts?.footnotes).toBeUndefined();
    expect(rowLabelled(t, 'Series 2')?.footnotes).toBeUndefined();
    expect(t.rows.some((r) => r.label === 'Brand® products')).toBe(true);
    expect(t.rows.filter((r) => r.footnotes !== undefined)).toHaveLength(4);
  });
});

describe('footnote marks on amounts', () => {
  it('takes a raised mark off an amount, which then reads as a number', () => {
    const t = ingestTable([
      tr(td(''), td('2024')),
      // Wells Fargo 10-K 2024: "78,379,648 (3)" written with a raised mark
      tr(td('Square feet'), td(`78,379,648${raised('(3)')}`)),
    ]);
    expect(t.cells[0]).toMatchObject({ text: '78,379,648', value: 78379648, footnotes: ['3'] });
  });

  it('records a mark printed in a column of its own, keeping the text the grid shows', () => {
    // NVIDIA 10-K FY2025, Schedule II: "$151 | (2)"
    const t = ingestTable([
      tr(td('Description'), td('Additions'), td(''), td('Deductions'), td('')),
      tr(td('Sales return allowance'), td('$151'), td('(2)'), td('$(178)'), td('(4)')),
      tr(td('Deferred tax valuation allowance'), td('$58'), td('(3)'), td('$—'), td('')),
    ]);
    const additions = t.cells.find((c) => c.sourceRow === 1 && c.sourceCol === 1);
    expect(additions).toMatchObject({ text: '$151 (2)', value: 151, footnotes: ['2'] });
    expect(t.cells.find((c) => c.sourceRow === 1 && c.sourceCol === 3)?.footnotes).toEqual(['4']);
    expect(t.cells.find((c) => c.sourceRow === 2 && c.sourceCol === 3)?.footnotes).toBeUndefined();
  });
});

describe('footnote marks on column headers', () => {
  const t = ingestTable([
    // NVIDIA 10-K FY2025, share repurchases: "Average Price Paid per Share (1)" in plain text
    tr(
      td('Period'),
      td('Total Number of Shares Purchased<sup>1</sup>'),
      td('Average Price Paid per Share (1)'),
      td(`Exchange Rate Effect${raised('(2)')}`),
      // Boeing's equity compensation plans name their columns "(a)", "(b)": no marks
      td('Weighted-average exercise price (b)'),
      td('2024 (3)'),
    ),
    tr(td('October'), td('10'), td('$132.26'), td('5'), td('$1.50'), td('7')),
    tr(td('November'), td('12'), td('$140.10'), td('6'), td('$1.60'), td('8')),
  ]);
  const header = (text: string) => t.columnHeaders.find((h) => h.text === text);

  it('takes superscript, raised and trailing marks off the header into its footnotes', () => {
    expect(header('Total Number of Shares Purchased')?.footnotes).toEqual(['1']);
    expect(header('Average Price Paid per Share')?.footnotes).toEqual(['1']);
    expect(header('Exchange Rate Effect')?.footnotes).toEqual(['2']);
    expect(header('2024')?.footnotes).toEqual(['3']);
  });

  it('keeps column letters, and gives cells the header path without marks', () => {
    expect(header('Weighted-average exercise price (b)')?.footnotes).toBeUndefined();
    const price = t.cells.find((c) => c.text === '$132.26');
    expect(price?.colPath).toEqual(['Average Price Paid per Share']);
    expect(price).toMatchObject({ unit: 'USD/share', scale: 1 });
    expect(t.cells.find((c) => c.text === '7')?.colPath).toEqual(['2024']);
  });
});

const read = (...parts: string[]): Document =>
  ingestSecHtml(decodeHtml(readFileSync(dataPath(...parts))), { name: 'f', bytes: 1 });

describe.skipIf(!hasData)('footnote marks in real filings', () => {
  it('Boeing: raised marks leave the labels ("Other", "Non-GAAP") and the range cell', () => {
    const ba = read('sec-more', 'ba-10-k-2025-02-03.html');
    const rows = ba.tables.flatMap((t) => t.rows);
    expect(rows.find((r) => r.label === 'Non-GAAP')?.footnotes).toEqual(['1']);
    expect(rows.some((r) => /\(\d\)$/.test(r.label) && r.kind !== 'header')).toBe(false);
    const range = ba.tables.flatMap((t) => t.cells).find((c) => c.text.startsWith('$21 - $27'));
    expect(range).toMatchObject({ text: '$21 - $27 Median $23', footnotes: ['1'] });
  });

  it('NVIDIA: the marks of Schedule II, and the labels of a fair-value table', () => {
    const nvda = read('sec', 'NVDA_10-K_FY2025', 'nvda-10-k-2025-02-26.html');
    const cells = nvda.tables.flatMap((t) => t.cells);
    expect(cells.find((c) => c.text === '$151 (2)')).toMatchObject({
      value: 151,
      footnotes: ['2'],
    });
    expect(cells.find((c) => c.text === '$(178) (4)')?.footnotes).toEqual(['4']);
    const marked = nvda.tables.flatMap((t) => t.rows).filter((r) => r.footnotes !== undefined);
    expect(marked.length).toBeGreaterThan(10);
    for (const r of marked) expect(r.label).not.toMatch(/\(\d{1,2}\)$/);
  });

  it('NVIDIA and Amazon: marks after column headers', () => {
    const headers = (doc: Document) =>
      doc.tables.flatMap((t) => {
        const all: Table['columnHeaders'] = [];
        const walk = (n: Table['columnHeaders'][number]) => {
          all.push(n);
          n.children.forEach(walk);
        };
        t.columnHeaders.forEach(walk);
        return all;
      });
    const nvda = read('sec', 'NVDA_10-K_FY2025', 'nvda-10-k-2025-02-26.html');
    const price = headers(nvda).find((h) => h.text === 'Average Price Paid per Share');
    expect(price?.footnotes).toEqual(['1']);
    const paid = nvda.tables
      .flatMap((t) => t.cells)
      .filter((c) => c.colPath.at(-1) === price?.text);
    expect(paid.length).toBeGreaterThan(0);
    const amzn = headers(read('sec-more', 'amzn-10-k-2025-02-07.html'));
    expect(amzn.find((h) => h.text === 'Leased Square Footage')?.footnotes).toEqual(['1']);
    for (const h of [...headers(nvda), ...amzn]) expect(h.text).not.toMatch(/\(\d{1,2}\)$/);
  });

  it('Netflix, Apple and P&G: marks after note names, levels and years', () => {
    const nflx = read('sec-more', 'nflx-10-q-2025-07-18.html').tables.flatMap((t) => t.rows);
    expect(nflx.find((r) => r.label === '3.000% Senior Notes')?.footnotes).toEqual(['1']);
    const aapl = read('sec', 'AAPL_10-Q_2025Q1', 'aapl-20250329.htm').tables.flatMap((t) => t.rows);
    expect(aapl.find((r) => r.label === 'Level 2')?.footnotes).toEqual(['1']);
    // P&G's executive officers: "First Elected to Officer Position 2009 (1)"
    const pg = read('sec-more', 'pg-10-k-2025-08-04.html').tables.flatMap((t) => t.cells);
    expect(pg.find((c) => c.text === '2009')).toMatchObject({ value: 2009, footnotes: ['1'] });
  });
});
