import { describe, expect, it } from 'vitest';
import { ingestSecHtml } from '../../../main/ingest/sec-html/ingest-sec-html';
import { cellAt, ingestBody, table, td, tr } from './support/fixture-table';
import type { Table } from '../../../shared/document';

// Tables written the way filings the reader was not tuned on write them (rows taken from
// Alphabet's, Boeing's, P&G's, Home Depot's and Amazon's 2025 10-Ks), one failure class each.

// The first table read: each fixture holds one.
function ingestTable(caption: string, rows: string[]): Table {
  const t = ingestBody(table(caption, rows)).tables[0];
  if (t === undefined) throw new Error('no data table');
  return t;
}

describe('percent columns whose "%" is printed on the first and last rows only', () => {
  it('reads a tax-rate reconciliation as percentages', () => {
    const t = ingestTable(
      'The reconciliation of federal statutory income tax rate to our effective income tax rate was as follows (in millions):',
      [
        tr(td(''), td('2023'), td('2024')),
        tr(td('U.S. federal statutory tax rate'), td('21.0%'), td('21.0%')),
        tr(td('Foreign income taxed at different rates'), td('0.3'), td('0.5')),
        tr(td('Federal research credit'), td('(1.8)'), td('(1.5)')),
        tr(td('Effective tax rate'), td('13.9%'), td('16.4%')),
      ],
    );
    expect(cellAt(t, 2, 1)).toMatchObject({ value: 0.3, unit: '%', scale: 0.01 });
    expect(cellAt(t, 3, 2)).toMatchObject({ value: -1.5, unit: '%', scale: 0.01 });
  });

  it('keeps a column of dollar amounts between two rate rows dollars', () => {
    const t = ingestTable('Selected data (in millions):', [
      tr(td(''), td('2023'), td('2024')),
      tr(td('Gross margin'), td('41.0%'), td('42.0%')),
      tr(td('Revenue'), td('1,250'), td('1,400')),
      tr(td('Operating margin'), td('12.0%'), td('13.0%')),
    ]);
    expect(cellAt(t, 2, 1)).toMatchObject({ value: 1250, unit: 'USD', scale: 1e6 });
  });
});

describe('a period written over the row labels', () => {
  it('heads every column (Boeing: "Years ended December 31," beside the years)', () => {
    const t = ingestTable('Consolidated Results of Operations', [
      tr(td('(Dollars in millions, except per share data)'), td(''), td('')),
      tr(td('Years ended December 31,'), td('2024'), td('2023')),
      tr(td('Revenues'), td('$66,517'), td('$77,794')),
    ]);
    expect(cellAt(t, 2, 1)?.colPath).toEqual(['Years ended December 31', '2024']);
    expect(t.columnHeaders.map((h) => [h.text, h.children.length])).toEqual([
      ['Years ended December 31', 2],
    ]);
  });

  it('takes the period out of a scale statement (Union Pacific, P&G)', () => {
    const t = ingestTable('Condensed Consolidated Statements of Income', [
      tr(
        td('Millions, except per share amounts, for the three months ended June 30,'),
        td('2025'),
        td('2024'),
      ),
      tr(td('Freight revenues'), td('$5,843'), td('$5,638')),
    ]);
    expect(cellAt(t, 1, 1)).toMatchObject({
      colPath: ['Three months ended June 30', '2025'],
      scale: 1e6,
      unit: 'USD',
    });
    const pg = ingestTable('Consolidated Balance Sheets', [
      tr(td('Amounts in millions except stated values; as of June 30'), td('2025'), td('2024')),
      tr(td('Cash and cash equivalents'), td('$9,556'), td('$9,482')),
    ]);
    expect(cellAt(pg, 1, 2)?.colPath).toEqual(['As of June 30', '2024']);
  });
});

describe('a range set over three cells', () => {
  it('gives the start the "%" of its end (P&G: "3.5 | - | 4.4%")', () => {
    const t = ingestTable('Assumptions utilized in the model were as follows:', [
      tr(td(''), td('2025', 3), td('2024')),
      tr(td('Interest rate'), td('3.5'), td('-'), td('4.4%'), td('5.5%')),
      tr(td('Expected life in years'), td('8.9'), td(''), td(''), td('8.8')),
    ]);
    expect(cellAt(t, 1, 1)).toMatchObject({ value: 3.5, unit: '%', scale: 0.01 });
    expect(cellAt(t, 1, 3)).toMatchObject({ value: 4.4, unit: '%', scale: 0.01 });
    // the dash between the ends is no value, and the ends have paths of their own
    expect(cellAt(t, 1, 2)).toBeUndefined();
    expect(cellAt(t, 1, 1)?.colPath).toEqual(['2025', 'low']);
    expect(cellAt(t, 1, 3)?.colPath).toEqual(['2025', 'high']);
    expect(cellAt(t, 2, 1)?.unit).not.toBe('%');
  });
});

describe('numbers written in row labels', () => {
  const balanceSheet = (label: string) =>
    ingestTable('CONSOLIDATED BALANCE SHEETS (in millions, except par value per share amounts)', [
      tr(td(''), td('2023'), td('2024')),
      tr(td(label), td('76,534'), td('84,800')),
    ]);

  it('reads bare numbers in a clause about shares as share counts (Alphabet)', () => {
    const t = balanceSheet(
      'Class A, Class B, and Class C stock and additional paid-in capital, $0.001 par value per share: 300,000 shares authorized (Class A 180,000, Class B 60,000, Class C 60,000); 12,460 (Class A 5,899) and 12,211 (Class A 5,835) shares issued and outstanding',
    );
    const numbers = t.rows.find((r) => r.sourceRow === 1)?.numbers ?? [];
    expect(numbers.map((n) => [n.text, n.unit, n.scale])).toEqual([
      ['$0.001', 'USD/share', 1],
      ['300,000', 'shares', 1e6],
      ['180,000', 'shares', 1e6],
      ['60,000', 'shares', 1e6],
      ['60,000', 'shares', 1e6],
      ['12,460', 'shares', 1e6],
      ['5,899', 'shares', 1e6],
      ['12,211', 'shares', 1e6],
      ['5,835', 'shares', 1e6],
    ]);
    // the row's own amounts are dollars
    expect(cellAt(t, 1, 1)).toMatchObject({ unit: 'USD', scale: 1e6 });
  });

  it('reads a par value written before its number and share counts written in full (Boeing)', () => {
    const t = balanceSheet(
      'Common stock, par value $5.00 – 1,200,000,000 shares authorized; 1,012,261,159 shares issued',
    );
    const numbers = t.rows.find((r) => r.sourceRow === 1)?.numbers ?? [];
    expect(numbers.map((n) => [n.text, n.unit, n.scale])).toEqual([
      ['$5.00', 'USD/share', 1],
      ['1,200,000,000', 'shares', 1],
      ['1,012,261,159', 'shares', 1],
    ]);
    expect(cellAt(t, 1, 1)).toMatchObject({ unit: 'USD', scale: 1e6 });
  });

  it('skips the days of dates and reads "$(55)" as a negative amount (Home Depot, Amazon)', () => {
    const t = balanceSheet(
      'Common stock, par value $0.05; issued: 1,800 shares at February 2, 2025 and 1,796 shares at January 28, 2024, net of tax of $100, $(55), and $226',
    );
    const numbers = t.rows.find((r) => r.sourceRow === 1)?.numbers ?? [];
    expect(numbers.map((n) => [n.text, n.value, n.unit])).toEqual([
      ['$0.05', 0.05, 'USD/share'],
      ['1,800', 1800, 'shares'],
      ['1,796', 1796, 'shares'],
      ['$100', 100, 'USD'],
      ['$(55)', -55, 'USD'],
      ['$226', 226, 'USD'],
    ]);
  });

  it('reads a stated value per share in the label as the row description, not its unit (P&G)', () => {
    const t = balanceSheet(
      'Common stock, stated value $1 per share (10,000 shares authorized; shares issued: 2025 - 4,009.2, 2024 - 4,009.2)',
    );
    expect(cellAt(t, 1, 1)).toMatchObject({ unit: 'USD', scale: 1e6 });
    const numbers = t.rows.find((r) => r.sourceRow === 1)?.numbers ?? [];
    expect(numbers.filter((n) => n.text === '4,009.2').map((n) => [n.unit, n.scale])).toEqual([
      ['shares', 1e6],
      ['shares', 1e6],
    ]);
  });

  it('does not read rates written in a label as the unit of its amounts (Amazon)', () => {
    const t = ingestTable('Our total long-term debt obligations are as follows (in millions):', [
      tr(td(''), td('2023'), td('2024')),
      tr(
        td('2020 Notes issuance of $10.0 billion 2025 - 2060 0.80% - 2.70%'),
        td('9,000'),
        td('9,000'),
      ),
    ]);
    expect(cellAt(t, 1, 1)).toMatchObject({ unit: 'USD', scale: 1e6 });
  });

  it('reads a scale word or letter after a number (Netflix "$(29) million", J&J "750MM Euro")', () => {
    const t = ingestTable('Consolidated Statements of Comprehensive Income (in thousands)', [
      tr(td(''), td('2024'), td('2025')),
      tr(
        td('Net change, net of income tax benefit (expense) of $272 million, $(29) million'),
        td('98,011'),
        td('(913,035)'),
      ),
      tr(td('1.150% Notes due 2028 (750MM Euro 1.1704)'), td('881'), td('843')),
    ]);
    const numbers = (row: number) => t.rows.find((r) => r.sourceRow === row)?.numbers ?? [];
    expect(numbers(1).map((n) => [n.value, n.scale, n.unit])).toEqual([
      [272, 1e6, 'USD'],
      [-29, 1e6, 'USD'],
    ]);
    expect(numbers(2).find((n) => n.value === 750)?.scale).toBe(1e6);
  });
});

describe('tables of percentages, rates, people and index values', () => {
  it('reads a table captioned "(in percentages)" as percentages', () => {
    const t = ingestTable('Effective tax rate reconciliation (in percentages)', [
      tr(td(''), td('2024'), td('2023')),
      tr(td('Statutory rate'), td('21.0'), td('21.0')),
      tr(td('State taxes'), td('1.8'), td('3.7')),
    ]);
    expect(cellAt(t, 2, 1)).toMatchObject({ value: 1.8, unit: '%', scale: 0.01 });
  });

  it('does not scale the rows a note excepts as rates ("except average rate data")', () => {
    const t = ingestTable('Net interest income (in millions, except average rate data)', [
      tr(td(''), td('2024'), td('2023')),
      tr(td('Interest income'), td('$1,250'), td('$1,100')),
      tr(td('Average rate'), td('4.52'), td('4.10')),
      tr(td('Foreign income taxed at different rates'), td('120'), td('95')),
    ]);
    expect(cellAt(t, 1, 1)).toMatchObject({ unit: 'USD', scale: 1e6 });
    expect(cellAt(t, 2, 1)).toMatchObject({ value: 4.52, unit: '%', scale: 0.01 });
    // a row that mentions rates is not a rate
    expect(cellAt(t, 3, 1)).toMatchObject({ unit: 'USD', scale: 1e6 });
  });

  it('counts employees in people, never in millions', () => {
    const t = ingestTable('Selected data (in millions)', [
      tr(td(''), td('2024'), td('2023')),
      tr(td('Revenue'), td('$1,250'), td('$1,100')),
      tr(td('Number of employees'), td('1,525'), td('1,480')),
    ]);
    expect(cellAt(t, 2, 1)).toMatchObject({ value: 1525, unit: null, scale: 1 });
  });

  it('reads a performance graph as the value of $100, not millions (no usual scale assumed)', () => {
    const html = `<html><body>${[1, 2, 3]
      .map(
        (i) =>
          `<p>Statement ${i} (in millions)</p><table><tr><td></td><td>2024</td></tr><tr><td>Revenue</td><td>$${i}00</td></tr></table>`,
      )
      .join(
        '',
      )}<p>The graph assumes $100 was invested on December 31, 2019 in our common stock and each index.</p><table>
        <tr><td></td><td>2019</td><td>2024</td></tr>
        <tr><td>Our common stock</td><td>$100</td><td>$182</td></tr>
      </table></body></html>`;
    const doc = ingestSecHtml(html, { name: 'graph.htm', bytes: html.length });
    const graph = doc.tables.at(-1);
    expect(graph?.scaleNote).toBeNull();
    expect(graph?.cells.find((c) => c.text === '$182')).toMatchObject({ unit: 'USD', scale: 1 });
    // the statements before it still read in millions
    expect(doc.tables[0]?.cells[0]).toMatchObject({ scale: 1e6 });
  });

  it('reads "Treasury stock, at cost — 2,738 shares" as a dollar amount', () => {
    const t = ingestTable('Consolidated Balance Sheets (in millions)', [
      tr(td(''), td('2024'), td('2023')),
      tr(td('Treasury stock, at cost — 2,738 shares'), td('(1,234)'), td('(1,100)')),
    ]);
    expect(cellAt(t, 1, 1)).toMatchObject({ value: -1234, unit: 'USD', scale: 1e6 });
  });
});
