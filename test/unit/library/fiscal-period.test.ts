import { describe, expect, it } from 'vitest';
import {
  factsFromCoverFacts,
  factsFromCoverText,
  fiscalYearFromText,
  fiscalYearOfEnd,
  monthDay,
} from '../../../shared/library/filing-facts';

/* The fiscal year of a filing's own period (issue 23), not the first "fiscal 2023" on its cover. */

describe('fiscal year from the cover text', () => {
  it('reads the year the period ended in, not an earlier "fiscal 2023" (Adobe-like 10-K)', () => {
    const text = [
      'FORM 10-K',
      'Portions of the Proxy Statement for the Annual Meeting to be held in fiscal 2023 are incorporated by reference.',
      'For the fiscal year ended December 2, 2022',
      'ADOBE INC.',
      '(Exact name of registrant as specified in its charter)',
    ].join('\n');
    expect(factsFromCoverText(text)).toMatchObject({
      company: 'ADOBE INC.',
      form: '10-K',
      periodEnd: '2022-12-02',
      fiscalYear: 2022,
    });
  });

  it('takes a fiscal year the cover ties to its period end', () => {
    const flat =
      'Annual report for fiscal year 2024 ended February 2, 2025; fiscal 2025 began February 3, 2025.';
    expect(fiscalYearFromText(flat, '2025-02-02')).toBe(2024);
    expect(fiscalYearFromText('the year ended February 2, 2025 (fiscal 2024)', '2025-02-02')).toBe(
      2024,
    );
    // a tie to another date, or a year far from the period, is not this period's
    expect(fiscalYearFromText('fiscal year 2023 ended January 28, 2024', '2025-02-02')).toBeNull();
    expect(fiscalYearFromText('fiscal 2031 ended February 2, 2025', '2025-02-02')).toBeNull();
  });

  it('reads "the first quarter of fiscal 2026" on a quarterly cover only', () => {
    const text = [
      'FORM 10-Q',
      'For the quarterly period ended April 27, 2025',
      'This report covers the first quarter of fiscal 2026.',
    ].join('\n');
    expect(factsFromCoverText(text)).toMatchObject({ periodEnd: '2025-04-27', fiscalYear: 2026 });
    const annual = text
      .replace('FORM 10-Q', 'FORM 10-K')
      .replace('quarterly period', 'fiscal year');
    expect(factsFromCoverText(annual).fiscalYear).toBe(2025);
  });

  it('names a 52/53-week year ending in the first week of January by the year before', () => {
    expect(
      factsFromCoverText('FORM 10-K\nFor the fiscal year ended January 1, 2022').fiscalYear,
    ).toBe(2021);
    expect(
      factsFromCoverText('FORM 10-K\nFor the fiscal year ended January 31, 2020').fiscalYear,
    ).toBe(2020);
  });
});

describe('fiscal year of a period end', () => {
  it('is the calendar year the fiscal year ends in, given the fiscal year end', () => {
    expect(fiscalYearOfEnd('2025-04-27', [1, 26])).toBe(2026); // NVIDIA's Q1 of fiscal 2026
    expect(fiscalYearOfEnd('2025-01-26', [1, 26])).toBe(2025);
    expect(fiscalYearOfEnd('2025-03-29', [9, 27])).toBe(2025); // Apple's Q2 of fiscal 2025
    expect(fiscalYearOfEnd('2025-06-29', [12, 28])).toBe(2025); // J&J's Q2
    expect(fiscalYearOfEnd('2022-01-01', [12, 31])).toBe(2021); // a 53-week year
    expect(fiscalYearOfEnd('2022-12-02', null)).toBe(2022);
  });

  it('reads dei:CurrentFiscalYearEndDate as filers write it', () => {
    expect(monthDay('--01-26')).toEqual([1, 26]);
    expect(monthDay('12-31')).toEqual([12, 31]);
    expect(monthDay('12/28')).toEqual([12, 28]);
    expect(monthDay('January 26')).toEqual([1, 26]);
    expect(monthDay('--13-01')).toBeNull();
  });

  it('takes DocumentFiscalYearFocus, else derives the year from the fiscal year end', () => {
    const dei = { DocumentType: '10-Q', DocumentPeriodEndDate: 'April 27, 2025' };
    expect(factsFromCoverFacts({ ...dei, DocumentFiscalYearFocus: '2026' })?.fiscalYear).toBe(2026);
    expect(factsFromCoverFacts({ ...dei, CurrentFiscalYearEndDate: '--01-26' })?.fiscalYear).toBe(
      2026,
    );
    // Home Depot names fiscal 2024 by the year it starts in: only the dei fact says so
    const hd = { DocumentType: '10-K', DocumentPeriodEndDate: 'February 2, 2025' };
    expect(factsFromCoverFacts({ ...hd, DocumentFiscalYearFocus: '2024' })?.fiscalYear).toBe(2024);
  });
});

describe('earnings releases', () => {
  it('read the fiscal year (and period end, when stated) from the headline', () => {
    const ulta = [
      'March 9, 2023',
      'Ulta Beauty Announces Fourth Quarter',
      'Fiscal 2022 Results',
      'Ulta Beauty, Inc. (NASDAQ: ULTA) today announced financial results for the thirteen-week period (“fourth quarter”) and fifty-two-week',
      'period (“fiscal year”) ended January 28, 2023 compared to the same periods ended January 29, 2022.',
    ].join('\n');
    expect(factsFromCoverText(ulta)).toMatchObject({ fiscalYear: 2022, periodEnd: '2023-01-28' });
    const jnj =
      '• 2022 Fourth-Quarter reported sales decline of 4.4% to $23.7 Billion\nJohnson & Johnson (NYSE: JNJ) today announced results for fourth-quarter and full year 2022.';
    expect(factsFromCoverText(jnj)).toMatchObject({ fiscalYear: 2022, periodEnd: null });
    const amcor =
      'Amcor reports fiscal 2023 results and provides outlook for fiscal 2024\nJune 2023 quarter:';
    expect(factsFromCoverText(amcor).fiscalYear).toBe(2023);
  });
});
