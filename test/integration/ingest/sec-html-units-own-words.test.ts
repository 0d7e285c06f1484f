import { describe, expect, it } from 'vitest';
import type { Table } from '../../../shared/document';
import { cellAt, ingestBody as ingest, lastTable, table, td, tr } from './support/fixture-table';

// Issue 23, "the visible-text reader generalizes": scale and unit misses a user found on
// filings this project has not seen (Meta, AbbVie, Visa, HubSpot, Walmart). Those filings are
// not in our data, so each table below is a FIXTURE WRITTEN FROM THE ISSUE'S DESCRIPTION of the
// pattern (labels and numbers as the issue quotes them, the rest of the table made up in the
// way filings lay such tables out), not a copy of the filing. Each failed before the rules it
// pins: per-share and share rows recognised from their own words, a note stating different
// scales for different quantities, plain numbers (rates) with no currency scale, and the
// filing's usual scale kept off what one unit costs.

describe('per-share rows are recognised from their own words', () => {
  it('reads "Net income for diluted EPS" as dollars in millions (fixture after Meta)', () => {
    const t = lastTable(
      table('CONSOLIDATED STATEMENTS OF INCOME (In millions, except per share amounts)', [
        tr(td(''), td('2024', 2), td('2023', 2)),
        tr(td('Net income'), td('$'), td('62,360'), td('$'), td('39,098')),
        tr(td('Earnings per share:')),
        tr(td('Basic'), td('$'), td('24.61'), td('$'), td('15.19')),
        tr(td('Diluted'), td('$'), td('23.86'), td('$'), td('14.87')),
        tr(td('Net income for diluted EPS'), td('$'), td('62,360'), td('$'), td('39,098')),
      ]),
    );
    expect(cellAt(t, 5, 2)).toMatchObject({ value: 62360, unit: 'USD', scale: 1e6 });
    expect(cellAt(t, 3, 2)).toMatchObject({ value: 24.61, unit: 'USD/share', scale: 1 });
    expect(cellAt(t, 3, 2)?.scaleBasis).toEqual({
      source: 'table-exception',
      phrase: 'except per share amounts',
    });
  });

  it("gives share-count rows the caption's share scale, not the exception's", () => {
    const rows = [
      tr(td(''), td('2024', 2), td('2023', 2)),
      tr(td('Net income'), td('$'), td('62,360'), td('$'), td('39,098')),
      tr(td('Diluted earnings per share'), td('$'), td('23.86'), td('$'), td('14.87')),
      tr(
        td('Shares used to compute diluted earnings per share'),
        td(''),
        td('2,614'),
        td(''),
        td('2,629'),
      ),
      tr(td('Weighted-average shares used to compute earnings per share:')),
      tr(td('Basic'), td(''), td('2,534'), td(''), td('2,574')),
    ];
    const millions = lastTable(table('(In millions, except per share amounts)', rows));
    expect(cellAt(millions, 3, 2)).toMatchObject({ value: 2614, unit: 'shares', scale: 1e6 });
    expect(cellAt(millions, 5, 2)).toMatchObject({ value: 2534, unit: 'shares', scale: 1e6 });
    const thousands = lastTable(
      table('(In millions, except per share amounts; shares in thousands)', rows),
    );
    expect(cellAt(thousands, 1, 2)).toMatchObject({ value: 62360, unit: 'USD', scale: 1e6 });
    expect(cellAt(thousands, 2, 2)).toMatchObject({ value: 23.86, unit: 'USD/share', scale: 1 });
    expect(cellAt(thousands, 3, 2)).toMatchObject({ value: 2614, unit: 'shares', scale: 1e3 });
    expect(cellAt(thousands, 5, 2)).toMatchObject({ value: 2534, unit: 'shares', scale: 1e3 });
  });

  it('keeps a treasury stock amount an amount: the shares in its label describe it (AbbVie)', () => {
    const t = lastTable(
      table('CONSOLIDATED BALANCE SHEETS (Dollars and shares in millions, except per share data)', [
        tr(td(''), td('2024'), td('2023')),
        tr(
          td(
            'Common stock held in treasury, at cost, 143,308,017 shares in 2024 and 137,983,144 shares in 2023',
          ),
          td('(8,201'),
          td(')'),
          td('(7,430'),
          td(')'),
        ),
        tr(td("Total stockholders' equity"), td('3,325'), td('10,360')),
      ]),
    );
    expect(cellAt(t, 1, 1)).toMatchObject({ value: -8201, unit: 'USD', scale: 1e6 });
    // the counts in the label are shares, written in full
    const numbers = t.rows.find((r) => r.sourceRow === 1)?.numbers ?? [];
    expect(numbers.map((n) => [n.text, n.unit, n.scale])).toEqual([
      ['143,308,017', 'shares', 1],
      ['137,983,144', 'shares', 1],
    ]);
  });

  it('reads an income allocation under a per-share group as dollars (fixture after Visa)', () => {
    const t = lastTable(
      table('Earnings per share (in millions, except per share data)', [
        tr(td(''), td('Basic Earnings Per Share', 5)),
        tr(
          td(''),
          td('Income Allocation', 2),
          td('Weighted-Average Shares Outstanding'),
          td('Earnings per Share', 2),
        ),
        tr(td('Class A common stock'), td('$'), td('15,488'), td('1,573'), td('$'), td('9.84')),
        tr(td('Class B-1 common stock'), td(''), td('1,522'), td('85'), td('$'), td('15.18')),
        tr(td('Net income'), td('$'), td('19,743'), td(''), td(''), td('')),
      ]),
    );
    expect(cellAt(t, 2, 2)).toMatchObject({ value: 15488, unit: 'USD', scale: 1e6 });
    expect(cellAt(t, 3, 2)).toMatchObject({ value: 1522, unit: 'USD', scale: 1e6 });
    expect(cellAt(t, 2, 3)).toMatchObject({ value: 1573, unit: 'shares', scale: 1e6 });
    expect(cellAt(t, 2, 5)).toMatchObject({ value: 9.84, unit: 'USD/share', scale: 1 });
  });
});

describe('rates are plain numbers', () => {
  it('reads a conversion rate as a plain number and as-converted stock as shares (Visa)', () => {
    const t = lastTable(
      table('As-converted class A common stock (in millions, except per share data)', [
        tr(
          td(''),
          td('Shares Outstanding'),
          td('Conversion Rate Into Class A Common Stock'),
          td('As-converted Class A Common Stock'),
        ),
        tr(td('Class B-1 common stock'), td('125'), td('1.5430'), td('193')),
        tr(td('Class C common stock'), td('9'), td('4.0000'), td('38')),
      ]),
    );
    expect(cellAt(t, 1, 2)).toMatchObject({ value: 1.543, unit: null, scale: 1 });
    expect(cellAt(t, 1, 2)?.scaleBasis).toEqual({
      source: 'column-header',
      phrase: 'Conversion Rate Into Class A Common Stock',
    });
    expect(cellAt(t, 2, 3)).toMatchObject({ value: 38, unit: 'shares', scale: 1e6 });
  });
});

describe('a note stating different scales for different quantities', () => {
  it('scales the intrinsic value in millions and the options in thousands (AbbVie)', () => {
    const t = lastTable(
      table(
        'The following table summarizes AbbVie stock option activity in 2024. (options in thousands, aggregate intrinsic value in millions)',
        [
          tr(
            td(''),
            td('Options'),
            td('Weighted-average exercise price', 2),
            td('Weighted-average remaining life (in years)'),
            td('Aggregate intrinsic value', 2),
          ),
          tr(
            td('Outstanding at December 31, 2024'),
            td('3,420'),
            td('$'),
            td('95.02'),
            td('2.9'),
            td('$'),
            td('390'),
          ),
          tr(
            td('Exercisable at December 31, 2024'),
            td('3,402'),
            td('$'),
            td('94.88'),
            td('2.9'),
            td('$'),
            td('388'),
          ),
        ],
      ),
    );
    expect(cellAt(t, 1, 6)).toMatchObject({ value: 390, unit: 'USD', scale: 1e6 });
    expect(cellAt(t, 1, 6)?.scaleBasis).toEqual({
      source: 'caption',
      phrase: 'aggregate intrinsic value in millions',
    });
    expect(cellAt(t, 1, 1)).toMatchObject({ value: 3420, unit: 'shares', scale: 1e3 });
    expect(cellAt(t, 1, 3)).toMatchObject({ value: 95.02, unit: 'USD/share', scale: 1 });
    expect(cellAt(t, 1, 4)).toMatchObject({ value: 2.9, unit: 'years', scale: 1 });
  });

  it('leaves unscaled what the exception names ("except number of stores")', () => {
    const t = lastTable(
      table('Segment data (in millions, except number of stores)', [
        tr(td(''), td('2024'), td('2023')),
        tr(td('Net sales'), td('$ 9,120'), td('$ 8,870')),
        tr(td('Stores'), td('2,335'), td('2,322')),
      ]),
    );
    expect(cellAt(t, 1, 1)).toMatchObject({ value: 9120, unit: 'USD', scale: 1e6 });
    expect(cellAt(t, 2, 1)).toMatchObject({ value: 2335, unit: null, scale: 1 });
    expect(cellAt(t, 2, 1)?.scaleBasis).toEqual({
      source: 'table-exception',
      phrase: 'except number of stores',
    });
  });
});

// Three statements in thousands make "thousands" the filing's usual scale
const statements = (words: string) =>
  [1, 2, 3]
    .map((n) =>
      table(`Statement ${n} (${words})`, [
        tr(td(''), td('2024'), td('2023')),
        tr(td('Revenue'), td('$ 2,627,953'), td('$ 2,170,230')),
        tr(td('Operating expenses'), td('2,610,202'), td('2,313,271')),
      ]),
    )
    .join('');

describe('a table stating no scale in a filing whose statements state one', () => {
  it('reads its share counts in the share scale the statements imply (fixture after HubSpot)', () => {
    const t = lastTable(
      statements('in thousands, except per share amounts') +
        table('The computation of basic net income per share was as follows:', [
          tr(td(''), td('2024'), td('2023')),
          tr(td('Net income (loss)'), td('$ 4,634'), td('$ (176,297)')),
          tr(
            td(
              'Weighted average common shares used in computing basic net income (loss) per share',
            ),
            td('52,696'),
            td('49,957'),
          ),
          tr(td('Net income (loss) per share, basic'), td('$ 0.09'), td('$ (3.53)')),
        ]),
    );
    expect(t.scaleNote).toBe(
      "in thousands (assumed: the filing's usual scale, shares in thousands; this table states none)",
    );
    expect(cellAt(t, 1, 1)).toMatchObject({ value: 4634, unit: 'USD', scale: 1e3 });
    expect(cellAt(t, 2, 1)).toMatchObject({ value: 52696, unit: 'shares', scale: 1e3 });
    expect(cellAt(t, 3, 1)).toMatchObject({ value: 0.09, unit: 'USD/share', scale: 1 });
  });

  it('keeps whole shares when the statements are about dollars only', () => {
    const t = lastTable(
      statements('Dollars in millions') +
        table('Stock option activity for the year was as follows:', [
          tr(td(''), td('Shares'), td('Weighted Average Exercise Price')),
          tr(td('Outstanding at beginning of year'), td('792,662'), td('$ 150.81')),
          tr(td('Granted'), td('124,374'), td('$ 175.00')),
        ]),
    );
    expect(cellAt(t, 1, 1)).toMatchObject({ value: 792662, unit: 'shares', scale: 1 });
  });

  it('does not put an annual membership fee in millions (fixture after Walmart)', () => {
    const doc = ingest(
      statements('Amounts in millions') +
        table('Membership', [
          tr(td(''), td('Club Membership'), td('Plus Membership')),
          tr(td('Annual membership fee'), td('$ 50'), td('$ 110')),
        ]) +
        table('', [
          tr(td('Plus members pay an annual membership fee of'), td('$ 110')),
          tr(td('Club members pay an annual membership fee of'), td('$ 50')),
        ]),
    );
    const [fees, sentence] = doc.tables.slice(-2) as [Table, Table];
    expect(cellAt(fees, 1, 2)).toMatchObject({ value: 110, unit: 'USD', scale: 1 });
    expect(fees.scaleNote).toBeNull();
    expect(cellAt(sentence, 0, 1)).toMatchObject({ value: 110, unit: 'USD', scale: 1 });
    // a table of amounts stating no scale still takes the usual one
    const amounts = lastTable(
      statements('Amounts in millions') +
        table('Membership and other income was as follows:', [
          tr(td(''), td('2024'), td('2023')),
          tr(td('Membership and other income'), td('$ 6,122'), td('$ 5,488')),
        ]),
    );
    expect(cellAt(amounts, 1, 1)).toMatchObject({ value: 6122, unit: 'USD', scale: 1e6 });
  });
});
