import { describe, expect, it } from 'vitest';
import { resolveUnit } from '../../../../main/ingest/table/cell-unit';
import { parseCellValue } from '../../../../main/ingest/table/cell-value';
import { findScaleNote } from '../../../../main/ingest/table/scale-note';

// Rows and headers as real filings write them (Alphabet, Netflix, Union Pacific, Procter &
// Gamble, Amazon and ExxonMobil 10-K/10-Q, 2025): the table's "except per share" exception
// belongs to the rows and columns it names, not to every row under a per-share heading.

const cell = (
  text: string,
  rowPath: string[],
  colPath: string[],
  noteText: string | null = '(in millions, except per share amounts)',
) => {
  const { unit, scale } = resolveUnit(parseCellValue(text), rowPath, colPath, {
    note: noteText === null ? null : findScaleNote(noteText),
    monetary: true,
    percentTable: false,
    shown: text,
  });
  return { unit, scale };
};

describe('scale statements written as a header word or about shares', () => {
  it('reads "Millions, except per share amounts, for the three months ended June 30,"', () => {
    const note = findScaleNote('Millions, except per share amounts, for the three months ended');
    expect(note?.scale).toBe(1e6);
    expect(findScaleNote('Millions of dollars')?.scale).toBe(1e6);
    // a word inside a sentence is not a header's scale word
    expect(findScaleNote('Revenue grew by several millions last year')).toBeNull();
  });

  it('reads "(thous.)" over a column and "(millions of shares)" as a table of share counts', () => {
    expect(findScaleNote('Options (thous.)')?.scale).toBe(1e3);
    const shares = findScaleNote('Common Stock Share Activity (millions of shares)');
    expect(shares).toMatchObject({ scale: 1e6, sharesScale: 1e6, sharesOnly: true });
    expect(cell('8,019', ['Balance as of March 31'], ['Issued'], shares?.phrase ?? null)).toEqual({
      unit: 'shares',
      scale: 1e6,
    });
  });
});

describe('an earnings-per-share computation', () => {
  it('reads the numerator as dollars and the denominator as shares (Alphabet)', () => {
    const section = ['Basic net income per share', 'Numerator'];
    expect(
      cell('27,518', [...section, 'Allocation of undistributed earnings'], ['Class A']),
    ).toEqual({ unit: 'USD', scale: 1e6 });
    expect(
      cell('887', ['Basic net income per share', 'Denominator', 'Class B conversion'], ['Class A']),
    ).toEqual({ unit: 'shares', scale: 1e6 });
    expect(cell('$4.59', ['Basic net income per share'], ['Class A'])).toEqual({
      unit: 'USD/share',
      scale: 1,
    });
  });

  it('reads earnings named before "shares" as dollars', () => {
    const label =
      'Reallocation of total earnings as a result of conversion of Class B to Class A shares';
    expect(
      cell('4,072', ['Diluted net income per share', 'Numerator', label], ['Class A']),
    ).toEqual({ unit: 'USD', scale: 1e6 });
  });

  it('reads a whole number under a per-share heading as the input, not the figure (Netflix)', () => {
    const note = '(in thousands, except per share data)';
    expect(
      cell('$3,125,413', ['Basic earnings per share', 'Net income'], ['June 30, 2025'], note),
    ).toEqual({ unit: 'USD', scale: 1e3 });
    expect(cell('$7.35', ['Basic earnings per share'], ['June 30, 2025'], note)).toEqual({
      unit: 'USD/share',
      scale: 1,
    });
    // a per-share row of its own stays per share even without cents
    expect(cell('$3', ['Dividends declared per share'], ['2025'], note)).toEqual({
      unit: 'USD/share',
      scale: 1,
    });
  });
});

describe('award activity tables', () => {
  it('reads a weighted average grant-date fair value as a price per unit (P&G, Amazon)', () => {
    const note = 'Amounts in millions of dollars except per share amounts';
    expect(
      cell(
        '$139.65',
        ['Non-vested at July 1, 2024'],
        ['RSUs', 'Weighted Average Grant Date Fair Value'],
        note,
      ),
    ).toEqual({ unit: 'USD/share', scale: 1 });
    // a total fair value stays a dollar amount
    expect(cell('299', ['Grant-date fair value of options that vested'], ['2025'], note)).toEqual({
      unit: 'USD',
      scale: 1e6,
    });
  });

  it('reads a column headed by what it counts as a count at its own scale (Union Pacific)', () => {
    expect(
      cell('1,981', ['Outstanding at January 1, 2025'], ['Options (thous.)'], '(thous.)'),
    ).toEqual({ unit: 'shares', scale: 1e3 });
    expect(
      cell('5.8', ['Outstanding'], ['Weighted-average remaining contractual term (in yrs.)']),
    ).toEqual({ unit: 'years', scale: 1 });
  });
});

describe('notes and headers with more than one subject', () => {
  it('reads "shares in thousands, dollars in millions" as amounts in millions (Home Depot)', () => {
    const note = findScaleNote('shares in thousands, dollars in millions, except for per share');
    expect(note).toMatchObject({ scale: 1e6, sharesScale: 1e3 });
  });

  it('reads a header wrapped at its hyphen ("Weighted- Average Grant-Date Fair Value")', () => {
    expect(
      cell(
        '$104.93',
        ['Unvested as of December 31, 2023'],
        ['Weighted- Average Grant-Date Fair Value'],
      ),
    ).toEqual({ unit: 'USD/share', scale: 1 });
  });

  it('reads a total price as an amount (Alphabet: "Total sale price" of securities sold)', () => {
    expect(cell('$1,981', ['Total sale price'], ['2023'])).toEqual({ unit: 'USD', scale: 1e6 });
    expect(cell('$14.10', ['Closing stock price'], ['2023'])).toEqual({
      unit: 'USD/share',
      scale: 1,
    });
  });
});
