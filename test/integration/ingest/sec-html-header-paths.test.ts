import { describe, expect, it } from 'vitest';
import { ingestSecHtml } from '../../../main/ingest/sec-html/ingest-sec-html';
import type { Document, Table } from '../../../shared/document';

// Column header paths for tables whose headers are not all in one band at the top, written the
// way the filings write them (rows taken from Apple's and Johnson & Johnson's 2025 10-Qs,
// ExxonMobil's 2025 10-Q and P&G's 2025 10-K), one rule each.

const td = (text: string, colspan = 1) => `<td colspan="${colspan}">${text}</td>`;
const tr = (...cells: string[]) => `<tr>${cells.join('')}</tr>`;
const table = (rows: string[]) => `<table>${rows.join('')}</table>`;

function ingest(body: string): Document {
  const html = `<html><body>${body}</body></html>`;
  return ingestSecHtml(html, { name: 'test.htm', bytes: html.length });
}

const colPathAt = (t: Table | undefined, row: number, col: number) =>
  t?.cells.find((c) => c.sourceRow === row && c.sourceCol === col)?.colPath;

describe('a table continued across a page break', () => {
  // Apple 10-Q Q2 2025: the gross-margin percentages are a second <table> on the next page.
  const margin = table([
    tr(td(''), td('Three Months Ended', 2), td('Six Months Ended', 2)),
    tr(
      td(''),
      td('March 29, 2025'),
      td('March 30, 2024'),
      td('March 29, 2025'),
      td('March 30, 2024'),
    ),
    tr(td('Gross margin:'), td(''), td(''), td(''), td('')),
    tr(td('Products'), td('$24,684'), td('$24,462'), td('$63,197'), td('$62,480')),
    tr(td('Services'), td('20,183'), td('17,809'), td('39,945'), td('34,646')),
  ]);
  const percentages = table([
    tr(td('Gross margin percentage:'), td(''), td(''), td(''), td('')),
    tr(td('Products'), td('35.9%'), td('36.6%'), td('37.9%'), td('38.3%')),
    tr(td('Services'), td('75.7%'), td('74.6%'), td('75.4%'), td('73.7%')),
  ]);
  const lead = '<p>Gross margin for the periods was as follows (dollars in millions):</p>';

  it('takes the column headers of the table right above it, and says so', () => {
    const doc = ingest(`${lead}${margin}<p>Apple Inc. | Q2 2025 Form 10-Q | 17</p>${percentages}`);
    const [first, second] = doc.tables;
    expect(colPathAt(first, 3, 3)).toEqual(['Six Months Ended', 'March 29, 2025']);
    expect(colPathAt(second, 1, 3)).toEqual(['Six Months Ended', 'March 29, 2025']);
    expect(colPathAt(second, 2, 2)).toEqual(['Three Months Ended', 'March 30, 2024']);
    expect(second?.columnHeaders).toEqual([]); // the headers drawn are still the first table's
    expect(doc.warnings).toEqual([
      "Table t1 has no column headers of its own: it continues table t0 right above it (same columns, only page furniture between), so its cells take t0's column headers.",
    ]);
  });

  it('looks past a page footer laid out as a table of its own (J&J "Form 10-Q | 17")', () => {
    const debt = table([
      tr(td('(Dollars in Millions)'), td('Carrying Amount'), td('Estimated Fair Value')),
      tr(td('Non-Current Debt'), td(''), td('')),
      tr(td('1.300% Notes due 2030'), td('1,000'), td('887')),
      tr(td('4.950% Debentures due 2033'), td('500'), td('515')),
    ]);
    const rest = table([
      tr(td('2.45% Notes due 2060'), td('1,102'), td('694')),
      tr(td('Total Non-Current Debt'), td('$39,235'), td('37,376')),
    ]);
    const footer = table([tr(td('Form 10-Q'), td('17'))]);
    const doc = ingest(`${debt}${footer}<p>Table of Contents</p>${rest}`);
    expect(doc.tables).toHaveLength(2); // the footer is no data table
    const last = doc.tables.at(-1);
    expect(colPathAt(last, 1, 2)).toEqual(['Estimated Fair Value']);
    expect(doc.warnings).toHaveLength(1);
  });

  it('does not when text stands between the tables or the columns differ', () => {
    const apart = ingest(
      `${lead}${margin}<p>Gross margin percentage was as follows:</p>${percentages}`,
    );
    expect(colPathAt(apart.tables[1], 1, 3)).toEqual([]);
    expect(apart.warnings).toEqual([]);
    const narrower = table([
      tr(td('Gross margin percentage:'), td(''), td('')),
      tr(td('Products'), td('35.9%'), td('36.6%')),
      tr(td('Services'), td('75.7%'), td('74.6%')),
    ]);
    const other = ingest(`${lead}${margin}<p>17</p>${narrower}`);
    expect(colPathAt(other.tables[1], 1, 1)).toEqual([]);
  });
});

describe('a header band restated inside the body', () => {
  it('keeps the rows of the band above that the restated row does not replace (J&J)', () => {
    const doc = ingest(
      table([
        tr(td(''), td('Fiscal Second Quarter Ended', 4)),
        tr(td(''), td('June 29, 2025', 2), td('June 30, 2024', 2)),
        tr(
          td(''),
          td('Innovative Medicine'),
          td('MedTech'),
          td('Innovative Medicine'),
          td('MedTech'),
        ),
        tr(td('Sales to customers'), td('$15,202'), td('8,541'), td('14,490'), td('7,957')),
        tr(td(''), td('Fiscal Six Months Ended', 4)),
        tr(td('Sales to customers'), td('$29,075'), td('16,561'), td('28,052'), td('15,778')),
      ]),
    );
    const t = doc.tables[0];
    expect(colPathAt(t, 3, 3)).toEqual([
      'Fiscal Second Quarter Ended',
      'June 30, 2024',
      'Innovative Medicine',
    ]);
    expect(colPathAt(t, 5, 3)).toEqual([
      'Fiscal Six Months Ended',
      'June 30, 2024',
      'Innovative Medicine',
    ]);
    expect(colPathAt(t, 5, 2)).toEqual(['Fiscal Six Months Ended', 'June 29, 2025', 'MedTech']);
  });

  it('keeps the header above a column the restated band leaves blank (P&G "Core EPS")', () => {
    const doc = ingest(
      table([
        tr(
          td('Amounts in millions except per share amounts'),
          td('Fiscal Year Ended June 30, 2025', 3),
        ),
        tr(
          td(''),
          td('As Reported (GAAP)'),
          td('Incremental Restructuring'),
          td('Core (Non-GAAP)'),
        ),
        tr(td('Net earnings attributable to P&G'), td('15,974'), td('801'), td('16,775')),
        tr(td(''), td(''), td(''), td('Core EPS')),
        tr(td('Diluted net earnings per common share'), td('$6.51'), td('$0.33'), td('$6.83')),
      ]),
    );
    const t = doc.tables[0];
    expect(colPathAt(t, 4, 1)).toEqual(['Fiscal Year Ended June 30, 2025', 'As Reported (GAAP)']);
    expect(colPathAt(t, 4, 3)).toEqual(['Core EPS']);
  });

  it('reads a labelled row of segment names above a label-less band as its first row (ExxonMobil)', () => {
    const doc = ingest(
      table([
        tr(td(''), td('Three Months Ended June 30, 2025', 4)),
        tr(td('(millions of dollars)'), td('Upstream', 2), td('Energy Products', 2)),
        tr(td(''), td('U.S.'), td('Non-U.S.'), td('U.S.'), td('Non-U.S.')),
        tr(td('Earnings (loss) (U.S. GAAP)'), td('1,212'), td('4,190'), td('825'), td('541')),
        tr(td('Three Months Ended June 30, 2024'), td('Upstream', 2), td('Energy Products', 2)),
        tr(td('(millions of dollars)'), td('U.S.'), td('Non-U.S.'), td('U.S.'), td('Non-U.S.')),
        tr(td('Earnings (loss) (U.S. GAAP)'), td('2,430'), td('4,644'), td('450'), td('496')),
      ]),
    );
    const t = doc.tables[0];
    expect(colPathAt(t, 3, 3)).toEqual([
      'Three Months Ended June 30, 2025',
      'Energy Products',
      'U.S.',
    ]);
    expect(colPathAt(t, 6, 3)).toEqual([
      'Three Months Ended June 30, 2024',
      'Energy Products',
      'U.S.',
    ]);
    expect(t?.rows.find((r) => r.sourceRow === 6)?.path).toEqual(['Earnings (loss) (U.S. GAAP)']);
  });

  it('reads a labelled row of names heading a block of sections as a band (ExxonMobil)', () => {
    const doc = ingest(
      table([
        tr(td('(millions of dollars)'), td('Upstream'), td('Energy Products'), td('Segment Total')),
        tr(td('Additions to property, plant and equipment'), td('5,069'), td('403'), td('5,823')),
        tr(
          td('Reconciliation to Corporate Total'),
          td('Segment Total'),
          td('Corporate and Financing'),
          td('Corporate Total'),
        ),
        tr(td('Three Months Ended June 30, 2025'), td(''), td(''), td('')),
        tr(td('Additions to property, plant and equipment'), td('5,823'), td('532'), td('6,355')),
      ]),
    );
    const t = doc.tables[0];
    expect(colPathAt(t, 4, 2)).toEqual([
      'Reconciliation to Corporate Total',
      'Corporate and Financing',
    ]);
    expect(colPathAt(t, 1, 2)).toEqual(['Energy Products']);
  });
});

describe('a table printed as side-by-side panels', () => {
  it("gives each panel's numbers the name that starts the panel (Home Depot's stores by state)", () => {
    const doc = ingest(
      table([
        tr(td('U.S.'), td('Stores'), td('U.S.'), td('Stores'), td('U.S.'), td('Stores')),
        tr(td('Alabama'), td('28'), td('Kentucky'), td('14'), td('Ohio'), td('70')),
        tr(td('Alaska'), td('7'), td('Louisiana'), td('28'), td('Oklahoma'), td('16')),
        tr(td('Arizona'), td('59'), td('Maine'), td('11'), td('Oregon'), td('27')),
        tr(td(''), td(''), td(''), td(''), td('Total U.S.'), td('2,025')),
      ]),
    );
    const t = doc.tables[0];
    const at = (row: number, col: number) =>
      t?.cells.find((c) => c.sourceRow === row && c.sourceCol === col);
    expect(at(1, 1)?.rowPath).toEqual(['Alabama']);
    expect(at(1, 3)).toMatchObject({ value: 14, rowPath: ['Kentucky'], colPath: ['Stores'] });
    expect(at(3, 5)).toMatchObject({ value: 27, rowPath: ['Oregon'] });
    expect(at(4, 5)).toMatchObject({ value: 2025, rowPath: ['Total U.S.'] });
  });

  it('leaves a table with a column of words between numbers alone when no panel repeats', () => {
    const doc = ingest(
      table([
        tr(td('Name'), td('Age'), td('Position'), td('Director since')),
        tr(td('Jen-Hsun Huang'), td('61'), td('President and Chief Executive Officer'), td('1993')),
        tr(td('Colette Kress'), td('57'), td('Executive Vice President'), td('2013')),
        tr(td('Ajay Puri'), td('69'), td('Executive Vice President'), td('2005')),
      ]),
    );
    const t = doc.tables[0];
    expect(t?.cells.filter((c) => c.value === 57)).toHaveLength(1);
    for (const c of t?.cells ?? [])
      expect(c.rowPath).toEqual(t?.rows.find((r) => r.sourceRow === c.sourceRow)?.path);
  });
});

describe('footnote marks printed in a cell of their own', () => {
  // NVIDIA 10-K FY2025, Schedule II: "$151 | (2)" under Additions, "$(178) | (4)" under Deductions.
  const schedule = (mark: string) =>
    ingest(
      table([
        tr(
          td('Description'),
          td('Balance at Beginning of Period', 2),
          td('Additions', 2),
          td('Deductions', 2),
        ),
        tr(
          td('Sales return allowance'),
          td('$109'),
          td(''),
          td('$151'),
          td(mark),
          td('$(178)'),
          td('(4)'),
        ),
        tr(
          td('Deferred tax valuation allowance'),
          td('$1,671'),
          td(''),
          td('$58'),
          td('(3)'),
          td('$—'),
          td(''),
        ),
      ]),
    ).tables[0];

  it('joins the mark to the amount it follows, which keeps its header path alone', () => {
    const t = schedule('(2)');
    const additions = t?.cells.filter((c) => c.colPath.join() === 'Additions' && c.sourceRow === 1);
    expect(additions).toEqual([expect.objectContaining({ text: '$151 (2)', value: 151 })]);
    expect(t?.cells.find((c) => c.sourceRow === 1 && c.sourceCol === 5)?.text).toBe('$(178) (4)');
    expect(t?.cells.some((c) => c.value === -2 || c.value === -3 || c.value === -4)).toBe(false);
  });

  it('keeps a column that also holds amounts a column of numbers', () => {
    const t = schedule('(12,345)');
    expect(t?.cells.find((c) => c.sourceRow === 1 && c.sourceCol === 4)?.value).toBe(-12345);
    expect(t?.cells.find((c) => c.sourceRow === 2 && c.sourceCol === 4)?.value).toBe(-3);
  });
});

describe('columns named by numbers', () => {
  it("reads Boeing's label-less row of programs as the column header", () => {
    const doc = ingest(
      table([
        tr(td(''), td('737'), td('*'), td('747'), td('767'), td('*'), td('Total')),
        tr(td('2024'), td(''), td(''), td(''), td(''), td(''), td('')),
        tr(
          td('Cumulative deliveries'),
          td('8,793'),
          td(''),
          td('1,573'),
          td('1,321'),
          td(''),
          td(''),
        ),
        tr(td('Deliveries'), td('265'), td('(5)'), td(''), td('18'), td('(8)'), td('348')),
      ]),
    );
    const t = doc.tables[0];
    expect(t?.rows.find((r) => r.sourceRow === 0)?.kind).toBe('header');
    expect(colPathAt(t, 3, 1)).toEqual(['737']);
    expect(colPathAt(t, 3, 2)).toEqual(['737', '*']);
    expect(colPathAt(t, 3, 5)).toEqual(['767', '*']);
    expect(colPathAt(t, 3, 6)).toEqual(['Total']);
    expect(t?.cells.some((c) => c.value === 737)).toBe(false);
  });

  it('keeps a label-less first row of amounts a row of values', () => {
    const doc = ingest(
      table([
        tr(td(''), td('2024'), td('2023')),
        tr(td(''), td('1,250'), td('1,400')),
        tr(td('Revenue'), td('812'), td('790')),
      ]),
    );
    expect(doc.tables[0]?.cells.find((c) => c.value === 1250)?.colPath).toEqual(['2024']);
  });
});

describe('rows told apart by a column of words', () => {
  it('names each row by its location too (Amazon properties)', () => {
    const doc = ingest(
      table([
        tr(
          td('Description of Use'),
          td('Leased Square Footage (1)'),
          td('Owned Square Footage'),
          td('Location'),
        ),
        tr(td('Office space'), td('29,551'), td('9,104'), td('North America')),
        tr(td('Office space'), td('23,771'), td('1,802'), td('International')),
        tr(td('Physical stores (2)'), td('23,975'), td('707'), td('North America')),
        tr(td('Physical stores (2)'), td('222'), td('—'), td('International')),
        tr(td('Total'), td('701,974'), td('67,440'), td('')),
      ]),
    );
    const t = doc.tables[0];
    expect(t?.rows.find((r) => r.sourceRow === 2)?.path).toEqual(['Office space', 'International']);
    expect(t?.cells.find((c) => c.value === 23771)?.rowPath).toEqual([
      'Office space',
      'International',
    ]);
    expect(t?.cells.find((c) => c.value === 701974)?.rowPath).toEqual(['Total']);
  });
});
