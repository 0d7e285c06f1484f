import { describe, expect, it } from 'vitest';
import {
  factsFromCoverFacts,
  factsFromCoverText,
  findCoverFacts,
  htmlToCoverText,
  parseCoverDate,
} from '../../../shared/library/filing-facts';

describe('parseCoverDate', () => {
  it.each([
    ['June 29, 2025', '2025-06-29'],
    ['December\u00a031, 2024', '2024-12-31'],
    ['Sept. 30 2023', '2023-09-30'],
    ['2025-03-29', '2025-03-29'],
    ['29 June 2025', '2025-06-29'],
    ['06/29/2025', '2025-06-29'],
  ])('%s -> %s', (text, iso) => expect(parseCoverDate(text)).toBe(iso));

  it('refuses dates that do not exist', () => {
    expect(parseCoverDate('February 30, 2025')).toBeNull();
    expect(parseCoverDate('Smarch 3, 2025')).toBeNull();
    expect(parseCoverDate('fiscal 2025')).toBeNull();
  });
});

describe('inline XBRL cover facts', () => {
  // The shape EDGAR filings use: hidden facts in ix:header, visible ones on the cover, and a
  // period end date holding a nested fiscal-year-end fact.
  const ixbrl = `<div style="display:none"><ix:header><ix:hidden>
    <ix:nonNumeric contextRef="c-1" name="dei:DocumentFiscalYearFocus" id="f-33">2024</ix:nonNumeric>
    <ix:nonNumeric contextRef="c-1" name="dei:AmendmentFlag" id="f-32">false</ix:nonNumeric>
    <ix:nonNumeric contextRef="c-1" name="dei:DocumentFiscalPeriodFocus" id="f-34">FY</ix:nonNumeric>
    <ix:nonNumeric contextRef="c-1" name="dei:EntityCentralIndexKey" id="f-35">0000200406</ix:nonNumeric>
    </ix:hidden></ix:header></div>
    <span><ix:nonNumeric contextRef="c-1" name="dei:DocumentType" id="f-1">10-K</ix:nonNumeric></span>
    For the fiscal year ended <ix:nonNumeric contextRef="c-1" name="dei:DocumentPeriodEndDate"
      format="ixt:date-monthname-day-year-en" id="f-3"><ix:nonNumeric contextRef="c-1"
      name="dei:CurrentFiscalYearEndDate" id="f-4">December&#160;31</ix:nonNumeric>, 2024</ix:nonNumeric>
    <ix:nonNumeric contextRef="c-1" name="dei:EntityRegistrantName" id="f-7"><span>Johnson &amp; Johnson</span></ix:nonNumeric>`;

  it('reads company, form, period end and fiscal year, nested facts included', () => {
    const found = findCoverFacts(ixbrl);
    expect(found.DocumentPeriodEndDate).toBe('December 31, 2024');
    expect(factsFromCoverFacts(found)).toEqual({
      company: 'Johnson & Johnson',
      form: '10-K',
      periodEnd: '2024-12-31',
      fiscalYear: 2024,
      fiscalPeriod: 'FY',
      cik: '0000200406',
      source: 'xbrl',
    });
  });

  it('marks an amendment and falls back to the period year without DocumentFiscalYearFocus', () => {
    expect(
      factsFromCoverFacts({
        DocumentType: '10-Q',
        AmendmentFlag: 'true',
        DocumentPeriodEndDate: 'March 29, 2025',
      }),
    ).toMatchObject({ form: '10-Q/A', fiscalYear: 2025, company: null });
  });

  it('answers null without a company or a form, so the cover text is read instead', () => {
    expect(factsFromCoverFacts({ DocumentPeriodEndDate: 'June 30, 2025' })).toBeNull();
    expect(findCoverFacts('<p>no facts here</p>')).toEqual({});
  });
});

describe('cover page text', () => {
  it('reads a legacy HTML cover (2009, no inline XBRL)', () => {
    const html = `<P ALIGN="center">SECURITIES AND EXCHANGE COMMISSION</P><P ALIGN="center"><B>FORM 10-K</B></P>
      <P>Annual Report Pursuant to Section&nbsp;13 or 15 (d)&nbsp;of the Securities Exchange Act of 1934 For the fiscal
      year ended December&nbsp;31, 2009 Commission file number 1-9828</P>
      <P ALIGN="center"><B>GAINSCO, INC.</B></P><P ALIGN="center">(Exact name of registrant as
      specified in its charter)</P><P>Registrant&#146;s telephone number</P>`;
    const text = htmlToCoverText(html);
    expect(text).toContain('Registrant’s telephone');
    expect(factsFromCoverText(text)).toEqual({
      company: 'GAINSCO, INC.',
      form: '10-K',
      periodEnd: '2009-12-31',
      fiscalYear: 2009,
      fiscalPeriod: 'FY',
      cik: null,
      source: 'text',
    });
  });

  it('reads a two-column PDF cover where words sit between "ended" and the date', () => {
    const text = [
      'UNITED STATES',
      'FORM 10-Q',
      'For the quarterly period ended Commission file',
      'March 31, 2021 number 1-5805',
      'JPMorgan Chase & Co.',
      '(Exact name of registrant as specified in its charter)',
    ].join('\n');
    expect(factsFromCoverText(text)).toMatchObject({
      company: 'JPMorgan Chase & Co.',
      form: '10-Q',
      periodEnd: '2021-03-31',
    });
  });

  it('names the company on the line after the file number when the note is missing', () => {
    const text =
      'FORM 10-K\nFor the fiscal year ended December 31, 2018\nCommission file number 1-3285\n3M COMPANY\nState of Incorporation: Delaware';
    expect(factsFromCoverText(text).company).toBe('3M COMPANY');
  });

  it('reads an 8-K date of report', () => {
    const text =
      'FORM 8-K\nCURRENT REPORT\nDate of Report (Date of earliest event reported): May 26, 2023\nPepsiCo, Inc.\n(Exact name of registrant as specified in its charter)';
    expect(factsFromCoverText(text)).toMatchObject({
      company: 'PepsiCo, Inc.',
      form: '8-K',
      periodEnd: '2023-05-26',
      fiscalYear: 2023,
    });
  });

  it('does not take a form mentioned in a sentence for the document’s own', () => {
    const text =
      'PepsiCo Reports First-Quarter 2023 Results\nPURCHASE, N.Y. - April 25, 2023 - PepsiCo, Inc. (NASDAQ: PEP) today reported results.\nSee our Form 10-Q for the quarter for more.';
    // the release's headline names its fiscal year (issue 23); no period end is stated
    expect(factsFromCoverText(text)).toEqual({
      company: 'PepsiCo, Inc.',
      form: null,
      periodEnd: null,
      fiscalYear: 2023,
      fiscalPeriod: null,
      cik: null,
      source: 'text',
    });
  });

  it('finds nothing in text that is not a cover page', () => {
    expect(factsFromCoverText('Revenue grew 12% in the year.\nOperating income rose.').source).toBe(
      'none',
    );
  });
});
