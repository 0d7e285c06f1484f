import { describe, expect, it } from 'vitest';
import { cellAt, lastTable as lastTableOf, table, td, tr } from './support/fixture-table';

// Issue 23, done-when 1: the visible-text reader reads presentation conventions filers use
// generally, not only those of the filings it was tuned on. Each table below is a FIXTURE
// WRITTEN FROM THE CONVENTION (as Regulation S-X statements and MD&A tables commonly print it),
// not copied from any filing; each failed before the rule it pins.

const lastTable = (caption: string, rows: string[]) => lastTableOf(table(caption, rows));

const years = tr(td(''), td('2024', 2), td('2023', 2));

describe('a "$" printed on a column\'s first row only', () => {
  it("keeps a two-row table's amounts out of its row labels", () => {
    // "$" in a cell of its own on the first row, none on the second: no grid column has two
    // rows whose amounts start there, yet both rows' numbers stand in the same columns
    const t = lastTable('(In millions)', [
      tr(td(''), td('2024', 2), td('2023', 2), td('% Change', 2)),
      tr(td('Revenue'), td('$'), td('1,234'), td('$'), td('1,100'), td(''), td('12')),
      tr(td('Cost of revenue'), td(''), td('1,000'), td(''), td('900'), td(''), td('(11)')),
    ]);
    expect(cellAt(t, 1, 2)).toMatchObject({ value: 1234, unit: 'USD', scale: 1e6 });
    expect(cellAt(t, 1, 2)?.rowPath).toEqual(['Revenue']);
    expect(cellAt(t, 2, 2)).toMatchObject({ value: 1000, unit: 'USD', scale: 1e6 });
    expect(cellAt(t, 2, 4)?.colPath).toEqual(['2023']);
    expect(cellAt(t, 2, 6)).toMatchObject({ value: -11, unit: '%', scale: 0.01 });
  });
});

describe('footnote references printed in line after an amount', () => {
  it('reads "1,100 (2)" and "900 (a)" as the amounts, and "(2)" alone still as minus two', () => {
    const t = lastTable('(In millions)', [
      years,
      tr(td('Revenue'), td('$'), td('1,234'), td('$'), td('1,100 (2)')),
      tr(td('Cost of revenue'), td(''), td('1,000'), td(''), td('900 (a)')),
      tr(td('Other expense'), td(''), td('(3)(b)'), td(''), td('(2)')),
    ]);
    expect(cellAt(t, 1, 4)).toMatchObject({ kind: 'number', value: 1100, scale: 1e6 });
    expect(cellAt(t, 2, 4)).toMatchObject({ kind: 'number', value: 900, scale: 1e6 });
    expect(cellAt(t, 3, 2)).toMatchObject({ kind: 'number', value: -3 });
    expect(cellAt(t, 3, 4)).toMatchObject({ kind: 'number', value: -2 });
  });
});

describe('basis points and percentage points', () => {
  it('reads "110 bps" and a "(bps)" row as hundredths of a percent, not dollars', () => {
    const t = lastTable('(Dollars in millions)', [
      years,
      tr(td('Net revenue'), td('$'), td('1,234'), td('$'), td('1,100')),
      tr(td('Change in operating margin'), td(''), td('110 bps'), td(''), td('(20) bps')),
      tr(td('Net interest margin change (bps)'), td(''), td('15'), td(''), td('25')),
    ]);
    expect(cellAt(t, 2, 2)).toMatchObject({ value: 110, unit: 'bps', scale: 1e-4 });
    expect(cellAt(t, 2, 4)).toMatchObject({ value: -20, unit: 'bps', scale: 1e-4 });
    expect(cellAt(t, 3, 2)).toMatchObject({ value: 15, unit: 'bps', scale: 1e-4 });
    expect(cellAt(t, 3, 2)?.scaleBasis).toEqual({
      source: 'row-label',
      phrase: 'Net interest margin change (bps)',
    });
  });

  it('reads "1.2 pts" as percentage points', () => {
    const t = lastTable('(Dollars in millions)', [
      years,
      tr(td('Net revenue'), td('$'), td('1,234'), td('$'), td('1,100')),
      tr(td('Gross margin change'), td(''), td('1.2 pts'), td(''), td('(0.5) pts')),
    ]);
    expect(cellAt(t, 2, 2)).toMatchObject({ value: 1.2, unit: '%', scale: 0.01 });
    expect(cellAt(t, 2, 4)).toMatchObject({ value: -0.5, unit: '%', scale: 0.01 });
  });
});

describe('a multiple named in the row label', () => {
  it('reads "Interest coverage (times)" as a multiple, not millions of dollars', () => {
    const t = lastTable('(Dollars in millions)', [
      years,
      tr(td('Operating income'), td('$'), td('1,234'), td('$'), td('1,100')),
      tr(td('Interest coverage (times)'), td(''), td('12.5'), td(''), td('10.1')),
      tr(td('Net debt to EBITDA (x)'), td(''), td('1.8'), td(''), td('2.1')),
    ]);
    expect(cellAt(t, 2, 2)).toMatchObject({ value: 12.5, unit: 'x', scale: 1 });
    expect(cellAt(t, 3, 4)).toMatchObject({ value: 2.1, unit: 'x', scale: 1 });
  });
});

describe('"except percentages" in the scale statement', () => {
  it('leaves a rate row unscaled and a percentage, as "except rates" does', () => {
    const t = lastTable('(Dollars in millions, except percentages)', [
      years,
      tr(td('Income before income taxes'), td('$'), td('1,234'), td('$'), td('1,100')),
      tr(td('Provision for income taxes'), td(''), td('259'), td(''), td('215')),
      tr(td('Effective tax rate'), td(''), td('21.0'), td(''), td('19.5')),
    ]);
    expect(cellAt(t, 2, 2)).toMatchObject({ value: 259, unit: 'USD', scale: 1e6 });
    expect(cellAt(t, 3, 2)).toMatchObject({ value: 21, unit: '%', scale: 0.01 });
    expect(cellAt(t, 3, 2)?.scaleBasis).toEqual({
      source: 'table-exception',
      phrase: 'except percentages',
    });
  });
});

describe('scale statements written with "$" or figures', () => {
  const rows = [
    years,
    tr(td('Revenue'), td('$'), td('1,234'), td('$'), td('1,100')),
    tr(td('Cost of revenue'), td(''), td('1,000'), td(''), td('900')),
  ];
  it.each([
    ['(in $ millions)', 1e6],
    ['(In US$ millions)', 1e6],
    ["(000's)", 1e3],
    ['(in $000s)', 1e3],
    ['($MM)', 1e6],
    ['($K)', 1e3],
    ['($ in bn)', 1e9],
  ])('reads %s as a scale of %d', (caption, scale) => {
    const t = lastTable(caption, rows);
    expect(cellAt(t, 1, 2)).toMatchObject({ value: 1234, unit: 'USD', scale });
    expect(cellAt(t, 2, 4)).toMatchObject({ value: 900, scale });
    expect(cellAt(t, 2, 4)?.scaleBasis).toEqual({ source: 'caption', phrase: caption });
  });

  it('leaves "($M)" unread: "M" is a thousand to some accountants and a million to others', () => {
    const t = lastTable('($M)', rows);
    expect(cellAt(t, 1, 2)).toMatchObject({ value: 1234, scale: 1 });
  });
});

describe('a partnership\'s "per unit" amounts', () => {
  it('reads "Net income per limited partner unit" as per unit, unscaled by "in millions"', () => {
    const t = lastTable('(In millions, except per unit amounts)', [
      years,
      tr(td('Net income'), td('$'), td('1,234'), td('$'), td('1,100')),
      tr(td('Net income per limited partner unit'), td('$'), td('2.31'), td('$'), td('1.90')),
      tr(td('Distributions declared per common unit'), td('$'), td('1.40'), td('$'), td('1.35')),
    ]);
    expect(cellAt(t, 1, 2)).toMatchObject({ value: 1234, unit: 'USD', scale: 1e6 });
    expect(cellAt(t, 2, 2)).toMatchObject({ value: 2.31, unit: 'USD/share', scale: 1 });
    expect(cellAt(t, 2, 2)?.scaleBasis).toEqual({
      source: 'table-exception',
      phrase: 'except per unit amounts',
    });
    expect(cellAt(t, 3, 4)).toMatchObject({ value: 1.35, unit: 'USD/share', scale: 1 });
  });
});

describe('a column header over an amount and its empty "$" column', () => {
  it('names the first column of a table where no number shows "$"', () => {
    // Workiva lays each column out as "$ | amount" under one header spanning both; a table of
    // counts leaves the "$" cells empty, and the first header then starts left of the amounts
    const t = lastTable('(Shares in Thousands)', [
      tr(td(''), td('Outstanding Shares', 2), td('Weighted Average Exercise Price', 2)),
      tr(td('Shares at December 31, 2023'), td(''), td('90,000'), td(''), td('125.50')),
      tr(td('Options granted'), td(''), td('8,000'), td(''), td('160.10')),
      tr(td('Options exercised'), td(''), td('(12,000'), td(')'), td('98.30')),
    ]);
    expect(cellAt(t, 1, 2)?.colPath).toEqual(['Outstanding Shares']);
    expect(cellAt(t, 1, 2)).toMatchObject({ value: 90000, unit: 'shares', scale: 1e3 });
    expect(cellAt(t, 3, 2)).toMatchObject({ value: -12000, unit: 'shares', scale: 1e3 });
    expect(cellAt(t, 2, 4)).toMatchObject({ value: 160.1, unit: 'USD/share', scale: 1 });
  });

  it('keeps the years over a table of counts', () => {
    const t = lastTable('Employees by region', [
      years,
      tr(td('United States'), td(''), td('45,000'), td(''), td('44,000')),
      tr(td('International'), td(''), td('90,000'), td(''), td('88,000')),
    ]);
    expect(cellAt(t, 1, 2)?.colPath).toEqual(['2024']);
    expect(cellAt(t, 2, 4)?.colPath).toEqual(['2023']);
  });
});

describe('a value of shares is money', () => {
  it('reads "Approximate Dollar Value of Shares that May Yet Be Purchased" as dollars', () => {
    // Item 5's table of repurchases: counts in full, a price per share, the value left
    const t = lastTable('Issuer purchases of equity securities', [
      tr(
        td('Period'),
        td('Total Number of Shares Purchased', 2),
        td('Average Price Paid per Share', 2),
        td('Approximate Dollar Value of Shares that May Yet Be Purchased', 2),
      ),
      tr(
        td('October 1 - 31, 2024'),
        td(''),
        td('1,234,567'),
        td('$'),
        td('155.12'),
        td('$'),
        td('4,500'),
      ),
      tr(
        td('November 1 - 30, 2024'),
        td(''),
        td('987,654'),
        td(''),
        td('158.40'),
        td(''),
        td('4,350'),
      ),
    ]);
    expect(cellAt(t, 2, 2)).toMatchObject({ value: 987654, unit: 'shares', scale: 1 });
    expect(cellAt(t, 2, 4)).toMatchObject({ value: 158.4, unit: 'USD/share', scale: 1 });
    expect(cellAt(t, 2, 6)).toMatchObject({ value: 4350, unit: 'USD' });
  });
});
