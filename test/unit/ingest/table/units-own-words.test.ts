import { describe, expect, it } from 'vitest';
import { resolveUnit } from '../../../../main/ingest/table/cell-unit';
import { parseCellValue } from '../../../../main/ingest/table/cell-value';
import { findScaleNote } from '../../../../main/ingest/table/scale-note';
import { prevailingScale } from '../../../../main/ingest/sec-html/prevailing-scale';

// Issue 23: a row's unit comes from its own words, the nearest statement and the table's
// columns, not from a word the caption's exception clause happens to share with it. Rows and
// notes as the tuned filings (sec/, sec-more/: Alphabet, Boeing, Home Depot, J&J, Netflix,
// Tesla, NVIDIA, ExxonMobil) and the FinanceBench PDFs write them.

const cell = (
  text: string,
  rowPath: string[],
  colPath: string[],
  noteText: string | null = '(in millions, except per share amounts)',
  sharesColumn = false,
) => {
  const { unit, scale } = resolveUnit(parseCellValue(text), rowPath, colPath, {
    note: noteText === null ? null : findScaleNote(noteText),
    monetary: true,
    percentTable: false,
    sharesColumn,
    shown: text,
  });
  return { unit, scale };
};

describe('share counts named by the row', () => {
  it('counts dilutive and participating securities as shares, not what is allocated to them', () => {
    expect(cell('3', ['Effect of potentially dilutive securities'], ['Fiscal 2024'])).toEqual({
      unit: 'shares',
      scale: 1e6,
    });
    expect(cell('0.3', ['Basic', 'Less: participating securities'], ['2024'])).toEqual({
      unit: 'shares',
      scale: 1e6,
    });
    expect(cell('12', ['Less: earnings allocated to participating securities'], ['2024'])).toEqual({
      unit: 'USD',
      scale: 1e6,
    });
  });

  it('reads past an operator before a colon ("Less: shares which could be repurchased …")', () => {
    expect(
      cell(
        '(51.8)',
        ['Less: shares which could be repurchased under treasury stock method'],
        ['June 29, 2025'],
        '(Shares in Millions)',
      ),
    ).toEqual({ unit: 'shares', scale: 1e6 });
  });

  it('does not count an amount "excluded from" hedge effectiveness as shares (Alphabet, J&J)', () => {
    expect(
      cell(
        '(188)',
        ['Amounts excluded from the assessment of hedge effectiveness recorded in AOCI'],
        ['Unrealized Gains (Losses) on Cash Flow Hedges'],
        '(in millions)',
      ),
    ).toEqual({ unit: 'USD', scale: 1e6 });
    expect(
      cell('14', ['Anti-dilutive shares excluded from the computation of diluted EPS'], ['2024']),
    ).toEqual({ unit: 'shares', scale: 1e6 });
  });

  it('counts awards granted and awards in a table whose only statement is about shares', () => {
    expect(
      cell('89', ['RSUs, PSUs and Market-based PSUs', 'Awards granted'], ['Jan 26, 2025']),
    ).toEqual({ unit: 'shares', scale: 1e6 });
    expect(cell('0.8', ['Stock options'], ['2024'], '(Shares in millions)')).toEqual({
      unit: 'shares',
      scale: 1e6,
    });
    // the fair value of what vested is money
    expect(cell('1,250', ['Fair value of RSUs vested'], ['2024'])).toEqual({
      unit: 'USD',
      scale: 1e6,
    });
  });

  it('reads a table whose only statement is about shares and that shows no "$" as shares (P&G)', () => {
    const ctx = {
      note: findScaleNote('Shares in thousands'),
      monetary: true,
      percentTable: false,
      shown: '20,648',
    };
    const esop = (showsCurrency: boolean) =>
      resolveUnit(parseCellValue('20,648'), ['Allocated'], ['2025'], { ...ctx, showsCurrency });
    expect(esop(false)).toMatchObject({ unit: 'shares', scale: 1e3 });
    // beside dollar amounts, a row naming nothing stays an amount
    expect(esop(true)).toMatchObject({ unit: 'USD' });
  });

  it('reads share counts under a sentence that says the table holds shares (Tesla)', () => {
    const note =
      'The following table presents the reconciliation of basic to diluted weighted average shares used in computing net income per share of common stock attributable to common stockholders (in millions):';
    expect(cell('296', ['Add', 'Stock-based awards'], ['2025'], note)).toEqual({
      unit: 'shares',
      scale: 1e6,
    });
    const excluded =
      '…dilutive shares that were excluded from the computation of diluted net income per share of common stock attributable to common stockholders, because their effect was anti-dilutive (in millions):';
    expect(cell('15', ['Stock-based awards'], ['2025'], excluded)).toEqual({
      unit: 'shares',
      scale: 1e6,
    });
    // a sentence about income as well is not about shares alone
    expect(
      cell(
        '4,634',
        ['Net income'],
        ['2024'],
        'The following table presents weighted average shares and net income used in computing EPS (in millions):',
      ),
    ).toEqual({ unit: 'USD', scale: 1e6 });
  });
});

describe('share counts written in full', () => {
  it("reads a count that would pass a trillion shares at the note's scale as written in full", () => {
    const note = '(Dollars in millions except per share amounts)';
    const full = resolveUnit(
      parseCellValue('931,478,843'),
      ['Weighted-average number of shares on which earnings per share is calculated'],
      ['2025'],
      { note: findScaleNote(note), monetary: true, percentTable: false, shown: '931,478,843' },
    );
    expect(full).toMatchObject({ unit: 'shares', scale: 1 });
    expect(full.scaleBasis).toEqual({ source: 'default', phrase: 'share count written in full' });
    // the same row in millions keeps the note's scale
    expect(
      cell('931.5', ['Weighted-average number of shares outstanding'], ['2025'], note),
    ).toEqual({ unit: 'shares', scale: 1e6 });
  });
});

describe('amounts the row names as amounts', () => {
  it('keeps a treasury stock row "at cost" an amount, except in a table of share counts', () => {
    expect(cell('(95,971)', ['Treasury stock, at cost'], ['2024'])).toEqual({
      unit: 'USD',
      scale: 1e6,
    });
    expect(
      cell('(47)', ['Share repurchases, at cost'], ['Held in Treasury'], '(millions of shares)'),
    ).toEqual({ unit: 'shares', scale: 1e6 });
  });

  it('reads rows mentioning shares in a "Dollars in millions" table as dollars (Boeing)', () => {
    const note = '(Dollars in millions, except per share data)';
    expect(
      cell(
        '(267)',
        ['Subsidiary shares purchased from noncontrolling interests'],
        ['Boeing shareholders', 'Additional paid-in capital'],
        note,
      ),
    ).toEqual({ unit: 'USD', scale: 1e6 });
    expect(cell('647.2', ['Basic weighted average shares outstanding'], ['2024'], note)).toEqual({
      unit: 'shares',
      scale: 1e6,
    });
  });

  it('reads "(millions of dollars)" in a row label as dollars (ExxonMobil)', () => {
    expect(
      cell(
        '7,082',
        ['Net income (loss) attributable to ExxonMobil (millions of dollars)'],
        ['2025'],
        '(millions of dollars)',
      ),
    ).toEqual({ unit: 'USD', scale: 1e6 });
  });

  it('reads the denominator of a return on investment as money (Walmart)', () => {
    expect(
      cell(
        '85,107',
        [
          'CALCULATION OF RETURN ON INVESTMENT',
          'Denominator',
          '+ Average accumulated depreciation and amortization',
        ],
        ['2019'],
      ),
    ).toEqual({ unit: 'USD', scale: 1e6 });
    expect(cell('887', ['Denominator', 'Class B conversion'], ['Class A'])).toEqual({
      unit: 'shares',
      scale: 1e6,
    });
  });
});

describe('a column headed "Amount"', () => {
  it('leaves the unit to a row naming a per-share figure or a share count (J&J)', () => {
    expect(
      cell('$0.16', ['Net Earnings (loss) per Share (Diluted)'], ['2023', 'Q1', 'Amount']),
    ).toEqual({ unit: 'USD/share', scale: 1 });
    expect(cell('2,674.0', ['Average shares outstanding (Diluted)'], ['2021', 'Amount'])).toEqual({
      unit: 'shares',
      scale: 1e6,
    });
    // beside a "Shares" column, "Amount" holds the event's dollars; a row only mentioning
    // shares is an amount anyway
    expect(
      cell('(29)', ['Share buyback/cancellations'], ['Treasury Shares', 'Amount'], null, true),
    ).toMatchObject({ unit: 'USD' });
    expect(
      cell(
        '(29)',
        ['Impact of subsidiary shares purchased from noncontrolling interests'],
        ['2023', 'Amount'],
      ),
    ).toEqual({ unit: 'USD', scale: 1e6 });
  });
});

describe('scale statements with subjects and exceptions', () => {
  it('reads a scale per quantity, leaving dollars and shares to the note itself', () => {
    const abbvie = findScaleNote('(options in thousands, aggregate intrinsic value in millions)');
    expect(abbvie?.subjects?.map((s) => [s.words, s.note.scale, s.note.phrase])).toEqual([
      [['option'], 1e3, 'options in thousands'],
      [['aggregate', 'intrinsic', 'value'], 1e6, 'aggregate intrinsic value in millions'],
    ]);
    expect(
      findScaleNote('(Dollars and shares in millions, except per share data)')?.subjects,
    ).toBeUndefined();
    expect(findScaleNote('(net income in millions and shares in thousands)')).toMatchObject({
      scale: 1e6,
      sharesScale: 1e3,
    });
  });

  it('reads what an exception names, leaving per-share, share and rate exceptions alone', () => {
    expect(
      findScaleNote(
        '(In thousands, except weighted average exercise price and remaining contractual term)',
      )?.exceptItems,
    ).toEqual([
      ['weighted', 'average', 'exercise', 'price'],
      ['remaining', 'contractual', 'term'],
    ]);
    expect(
      findScaleNote('(in thousands, except share and per share amounts)')?.exceptItems,
    ).toBeUndefined();
    expect(
      findScaleNote('Amounts in millions except stated values; as of June 30')?.exceptItems,
    ).toEqual([['stated', 'value']]);
    // "stated value $1 per share" in a label's tail is no header naming the exception
    expect(
      cell(
        '4,009',
        ['Common stock, stated value $1 per share (10,000 shares authorized)'],
        ['2025'],
        'Amounts in millions except stated values; as of June 30',
      ),
    ).toEqual({ unit: 'USD', scale: 1e6 });
  });

  it('assumes the share scale the filing implies only when its statements imply one', () => {
    const thousands = findScaleNote('(in thousands, except per share amounts)');
    const dollars = findScaleNote('(Dollars in millions)');
    if (thousands === null || dollars === null) throw new Error('no note');
    expect(prevailingScale([thousands, thousands, thousands])?.sharesScale).toBe(1e3);
    expect(prevailingScale([dollars, dollars, dollars])?.sharesScale).toBe(1);
    expect(prevailingScale([dollars, dollars, dollars, thousands])?.sharesScale).toBe(1);
  });
});
