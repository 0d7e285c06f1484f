import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Document, Table } from '../../../shared/document';
import { ingestSecHtml } from '../../../main/ingest/sec-html/ingest-sec-html';
import { readDatasetFile } from '../../../main/ingest/datasets';
import { dataPath, hasData } from '../../support/data-dir';
import { ingestFiling } from '../../support/cell-addressing';

/*
 * Row hierarchy from two label columns (product and region) and from totals checked by their
 * sums (issue 23). AbbVie's net revenues table is not in our data: the fixture reproduces its
 * layout; the real tables come from sec-more/ and the datasets.
 */

const rowsOf = (t: Table | undefined) =>
  (t?.rows ?? []).filter((r) => r.kind !== 'header').map((r) => [r.kind, r.path.join(' > ')]);
const pathOf = (t: Table | undefined, sourceRow: number) =>
  t?.rows.find((r) => r.sourceRow === sourceRow)?.path.join(' > ');
const findTable = (doc: Document, test: (t: Table) => boolean) => {
  const t = doc.tables.find(test);
  if (!t) throw new Error('table not found');
  return t;
};
const hasRow = (label: string) => (t: Table) => t.rows.some((r) => r.label === label);

describe('two label columns: product and region (AbbVie-like fixture)', () => {
  const html = readFileSync(join(__dirname, 'fixtures', 'abbvie-like-net-revenues.html'), 'utf8');
  const doc = ingestSecHtml(html, { name: 'abbvie-like-net-revenues.html', bytes: html.length });
  const table = doc.tables[0];

  it('puts each region under its product and each product under its area', () => {
    expect(rowsOf(table)).toEqual([
      ['section', 'Immunology'],
      ['data', 'Immunology > Humira > United States'],
      ['data', 'Immunology > Humira > International'],
      ['total', 'Immunology > Humira > Total'],
      ['data', 'Immunology > Skyrizi > United States'],
      ['data', 'Immunology > Skyrizi > International'],
      ['total', 'Immunology > Skyrizi > Total'],
      ['data', 'Immunology > Rinvoq > United States'],
      ['data', 'Immunology > Rinvoq > International'],
      ['total', 'Immunology > Rinvoq > Total'],
      ['total', 'Immunology > Total Immunology'],
      ['section', 'Oncology'],
      ['data', 'Oncology > Imbruvica > United States'],
      ['data', 'Oncology > Imbruvica > Collaboration revenues'],
      ['total', 'Oncology > Imbruvica > Total'],
      ['data', 'Oncology > Venclexta > United States'],
      ['data', 'Oncology > Venclexta > International'],
      ['total', 'Oncology > Venclexta > Total'],
      ['total', 'Oncology > Total Oncology'],
    ]);
  });

  it("reads Humira's total as Humira's, not Immunology's, with the cells' row paths", () => {
    const humiraTotal = table?.cells.find((c) => c.text === '8,993');
    expect(humiraTotal?.rowPath).toEqual(['Immunology', 'Humira', 'Total']);
    expect(humiraTotal?.colPath.at(-1)).toBe('2023');
    const immunology = table?.cells.find(
      (c) =>
        c.rowPath.join(' > ') === 'Immunology > Total Immunology' && c.colPath.at(-1) === '2023',
    );
    expect(immunology?.text).toBe('$18,249');
    // the first row of a product prints it: its label stays as printed, its path splits it
    expect(table?.rows.find((r) => r.sourceRow === 5)?.label).toBe('Skyrizi United States');
    const paths = new Set(table?.cells.map((c) => `${c.rowPath.join('>')}|${c.colPath.join('>')}`));
    expect(paths.size).toBe(table?.cells.length);
  });

  it('builds the row-header tree with the products as nodes', () => {
    const immunology = table?.rowHeaders.find((n) => n.text === 'Immunology');
    expect(immunology?.children.map((n) => n.text)).toEqual([
      'Humira',
      'Skyrizi',
      'Rinvoq',
      'Total Immunology',
    ]);
    expect(immunology?.children[0]?.children.map((n) => n.text)).toEqual([
      'Humira United States',
      'International',
      'Total',
    ]);
  });
});

describe.skipIf(!hasData)('real tables with two label columns and checked totals', () => {
  it('MultiHiertt: a country written once over its years ("United Kingdom | 2011", "| 2010")', () => {
    const { documents } = readDatasetFile(
      'multihiertt',
      dataPath('datasets', 'multihiertt', 'dev_subset.json'),
    );
    const doc = documents.find((d) => d.externalId.startsWith('9e8eb2e5')) as Document;
    const t = doc.tables.find((x) => x.sourceIndex === 1);
    expect(rowsOf(t)).toEqual([
      ['data', 'United Kingdom > 2011'],
      ['data', 'United Kingdom > 2010'],
      ['data', 'Japan > 2011'],
    ]);
    expect(t?.cells.find((c) => c.text === '101')?.rowPath).toEqual(['United Kingdom', '2010']);
  });

  it('Alphabet: a second label column is indentation, and its sums say it is no product level', () => {
    const doc = ingestFiling(dataPath('sec-more', 'googl-10-k-2025-02-05.html'));
    const t = findTable(doc, hasRow('Unrealized gains (losses) on cash flow hedges'));
    const afs = 'Unrealized gains (losses) on available-for-sale investments';
    expect(rowsOf(t).slice(0, 4)).toEqual([
      ['section', afs],
      ['data', `${afs} > Other income (expense), net`],
      ['data', `${afs} > Benefit (provision) for income taxes`],
      ['data', `${afs} > Net of income tax`],
    ]);
    // "Net of income tax" (1,706) = 2,046 + 6 − 346: the whole section's, not "Interest rate
    // contracts"'s, so those rows are no group under it
    const hedges = 'Unrealized gains (losses) on cash flow hedges';
    const net = t.rows.filter((r) => r.label === 'Net of income tax').at(-1);
    expect(net?.path).toEqual([hedges, 'Net of income tax']);
    expect(t.rows.find((r) => r.label.startsWith('Interest rate contracts'))?.path).toEqual([
      hedges,
      'Interest rate contracts Other income (expense), net',
    ]);
    // $699 = (1,007) + 1,706: both sections' nets, so the table's own total
    expect(t.rows.find((r) => r.label.startsWith('Total amount reclassified'))?.path).toEqual([
      'Total amount reclassified, net of income tax',
    ]);
  });

  it('Alphabet balance sheet: a subtotal added up again below closes only what it sums', () => {
    const doc = ingestFiling(dataPath('sec-more', 'googl-10-k-2025-02-05.html'));
    const t = findTable(doc, hasRow('Total cash, cash equivalents, and marketable securities'));
    const row = (label: string) => t.rows.find((r) => r.label === label)?.path.join(' > ');
    expect(row('Total cash, cash equivalents, and marketable securities')).toBe(
      'Assets > Current assets > Total cash, cash equivalents, and marketable securities',
    );
    expect(row('Accounts receivable, net')).toBe(
      'Assets > Current assets > Accounts receivable, net',
    );
    expect(row('Total current assets')).toBe('Assets > Current assets > Total current assets');
    expect(row('Goodwill')).toBe('Assets > Goodwill');
    expect(row('Total assets')).toBe('Assets > Total assets');
  });

  it('Tesla: "Total automotive revenues" is a subtotal inside Revenues', () => {
    const doc = ingestFiling(dataPath('sec', 'TSLA_10-Q_2025Q2', 'tsla-10-q-2025-07-24.html'));
    const t = findTable(doc, hasRow('Total automotive revenues'));
    const row = (label: string) => t.rows.find((r) => r.label === label)?.path.join(' > ');
    expect(row('Total automotive revenues')).toBe('Revenues > Total automotive revenues');
    expect(row('Total revenues')).toBe('Revenues > Total revenues');
    expect(pathOf(t, (t.rows.find((r) => r.label === 'Total revenues')?.sourceRow ?? 0) - 1)).toBe(
      'Revenues > Services and other',
    );
  });

  it('Johnson & Johnson: "Total current liabilities" still closes Current liabilities', () => {
    const doc = ingestFiling(dataPath('sec-more', 'jnj-10-q-2025-07-24.html'));
    const t = findTable(doc, hasRow('Total current liabilities'));
    const ltd = t.rows.find((r) => r.label.startsWith('Long-term debt'));
    expect(ltd?.path.at(-2)).toBe('Liabilities and shareholders’ equity');
  });

  it('TAT-QA: a block total adds up both sections of its date, which then ends', () => {
    const { documents } = readDatasetFile(
      'tatqa',
      dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'),
    );
    const t = documents[82]?.tables[0];
    expect(pathOf(t, 10)).toBe('June 30, 2019 > Total');
    expect(pathOf(t, 11)).toBe('June 30, 2018');
    expect(pathOf(t, 15)).toBe('June 30, 2018 > Finite-Lived Intangible Assets > Total');
    expect(pathOf(t, 19)).toBe('June 30, 2018 > Total');
  });
});
