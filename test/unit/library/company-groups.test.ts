import { describe, expect, it } from 'vitest';
import type { LibraryEntry } from '../../../shared/library/filing-facts';
import {
  byPeriodNewestFirst,
  companyKey,
  companyKeyOf,
  findCompany,
  groupByCompany,
} from '../../../shared/library/company-groups';
import { fiscalPeriodLabel } from '../../../shared/library/filing-facts';

let nextId = 1;
function entry(
  name: string,
  facts: Partial<NonNullable<LibraryEntry['facts']>> | null,
  kind: LibraryEntry['kind'] = 'sec-html',
): LibraryEntry {
  const id = nextId++;
  return {
    id,
    name,
    kind,
    size: 100,
    sha256: String(id).padStart(64, '0'),
    importedAt: '2026-01-01T00:00:00.000Z',
    dataset: null,
    facts: facts && {
      company: null,
      form: null,
      periodEnd: null,
      fiscalYear: null,
      fiscalPeriod: null,
      cik: null,
      source: 'xbrl',
      ...facts,
    },
  };
}

describe('companyKey', () => {
  it('ignores case, punctuation, "The" and corporate suffixes', () => {
    expect(companyKey('NETFLIX, INC.')).toBe('netflix');
    expect(companyKey('Netflix, Inc.')).toBe('netflix');
    expect(companyKey('UNION PACIFIC CORP')).toBe(companyKey('Union Pacific Corporation'));
    expect(companyKey('The Boeing Company')).toBe('boeing');
    expect(companyKey('Johnson & Johnson')).toBe('johnson & johnson');
    expect(companyKey('  ,. ')).toBeNull();
  });
  it('keeps different companies apart', () => {
    expect(companyKey('Home Depot, Inc.')).not.toBe(companyKey('Depot Inc'));
    expect(companyKey('Alphabet Inc.')).not.toBe(companyKey('Amazon.com, Inc.'));
  });
});

describe('groupByCompany', () => {
  const nflx10q = entry('nflx-10-q-2025-07-18.html', {
    company: 'Netflix, Inc.',
    form: '10-Q',
    periodEnd: '2025-06-30',
    fiscalYear: 2025,
  });
  const nflx10k = entry(
    'NETFLIX_2017_10K.pdf',
    {
      company: 'NETFLIX, INC.',
      form: '10-K',
      periodEnd: '2017-12-31',
      fiscalYear: 2017,
      source: 'text',
    },
    'pdf',
  );
  const nflx10k2024 = entry('nflx-10-k-2025-01-27.html', {
    company: 'Netflix, Inc.',
    form: '10-K',
    periodEnd: '2024-12-31',
    fiscalYear: 2024,
  });
  const jnjRelease = entry(
    'JOHNSON_JOHNSON_2022Q4_EARNINGS.pdf',
    { company: 'Johnson & Johnson', fiscalYear: 2022, source: 'text' },
    'pdf',
  );
  const jnj8k = entry(
    'JOHNSON_JOHNSON_2023_8K.pdf',
    {
      company: 'Johnson & Johnson',
      form: '8-K',
      periodEnd: '2023-08-30',
      fiscalYear: 2023,
      source: 'text',
    },
    'pdf',
  );
  const jnj10q = entry('jnj-10-q-2025-07-24.html', {
    company: 'Johnson & Johnson',
    form: '10-Q',
    periodEnd: '2025-06-29',
    fiscalYear: 2025,
  });
  const unread = entry('still-reading.html', null);
  const dataset = entry('questions.jsonl', null, 'dataset');
  const noCover = entry('notes.html', { source: 'none' });

  const groups = groupByCompany([
    nflx10k,
    unread,
    jnjRelease,
    nflx10q,
    dataset,
    jnj8k,
    nflx10k2024,
    noCover,
    jnj10q,
  ]);

  it('makes one group per filer, in name order, with the unknown ones last', () => {
    expect(groups.map((g) => g.key)).toEqual(['johnson & johnson', 'netflix', null]);
    expect(groups.map((g) => g.company)).toEqual(['Johnson & Johnson', 'Netflix, Inc.', null]);
  });

  it('sorts each group newest period first; a year without an end after dated ones of later years', () => {
    expect(groups[0]!.documents).toEqual([jnj10q, jnj8k, jnjRelease]);
    expect(groups[1]!.documents).toEqual([nflx10q, nflx10k2024, nflx10k]);
  });

  it('keeps every document exactly once', () => {
    expect(groups.flatMap((g) => g.documents)).toHaveLength(9);
    expect(groups[2]!.documents.map((d) => d.name).sort()).toEqual([
      'notes.html',
      'questions.jsonl',
      'still-reading.html',
    ]);
  });

  it("heads a group with the tagged filing's name, not a PDF cover's capitals", () => {
    expect(groupByCompany([nflx10k, nflx10q])[0]!.company).toBe('Netflix, Inc.');
    expect(groupByCompany([nflx10k])[0]!.company).toBe('NETFLIX, INC.');
  });

  it('answers no groups for an empty library', () => {
    expect(groupByCompany([])).toEqual([]);
  });
});

describe('groupByCompany with CIKs', () => {
  const ba10k = entry('ba-10-k-2025-02-03.html', {
    company: 'BOEING CO',
    form: '10-K',
    periodEnd: '2024-12-31',
    fiscalYear: 2024,
    fiscalPeriod: 'FY',
    cik: '0000012927',
  });
  const ba10q = entry('ba-10-q-2025-07-29.html', {
    company: 'The Boeing Company',
    form: '10-Q',
    periodEnd: '2025-06-30',
    fiscalYear: 2025,
    fiscalPeriod: 'Q2',
    cik: '0000012927',
  });
  const baPdf = entry(
    'BOEING_2022_10K.pdf',
    { company: 'THE BOEING COMPANY', form: '10-K', periodEnd: '2022-12-31', source: 'text' },
    'pdf',
  );
  // Two filers whose names read alike: their CIKs keep them apart.
  const acme1 = entry('acme-a.html', { company: 'Acme Inc.', cik: '0000000001' });
  const acme2 = entry('acme-b.html', { company: 'ACME CORP', cik: '0000000002' });
  const acmePdf = entry('acme.pdf', { company: 'Acme', source: 'text' }, 'pdf');

  it('keys a filer by its CIK though its filings spell the name differently', () => {
    const groups = groupByCompany([ba10k, ba10q]);
    expect(groups.map((g) => [g.key, g.cik, g.company])).toEqual([
      ['cik:0000012927', '0000012927', 'The Boeing Company'],
    ]);
    expect(groups[0]!.documents).toEqual([ba10q, ba10k]);
    expect(companyKeyOf(ba10q)).toBe('cik:0000012927');
    expect(companyKeyOf(baPdf)).toBe('boeing');
  });

  it('puts a filing without a CIK under the CIK whose filings carry its name, sorted by period', () => {
    const [boeing] = groupByCompany([baPdf, ba10k, ba10q]);
    expect(boeing!.key).toBe('cik:0000012927');
    expect(boeing!.documents).toEqual([ba10q, ba10k, baPdf]);
  });

  it('keeps two CIKs apart and a name both carry under neither', () => {
    const groups = groupByCompany([acme1, acme2, acmePdf]);
    expect(groups.map((g) => g.key).sort()).toEqual(['acme', 'cik:0000000001', 'cik:0000000002']);
  });

  it('finds a company by key, by CIK with or without zeros, and by name', () => {
    const docs = [baPdf, ba10k, ba10q, acme1];
    for (const ref of ['cik:0000012927', '12927', '0000012927', 'Boeing Co.', 'THE BOEING COMPANY'])
      expect(findCompany(docs, ref)?.key, ref).toBe('cik:0000012927');
    expect(findCompany(docs, 'Netflix')).toBeNull();
    expect(findCompany(docs, '99')).toBeNull();
  });
});

describe('fiscalPeriodLabel', () => {
  it('names years, quarters and halves, and says "fiscal" when the period is unknown', () => {
    expect(fiscalPeriodLabel({ fiscalPeriod: 'FY', fiscalYear: 2024 })).toBe('FY2024');
    expect(fiscalPeriodLabel({ fiscalPeriod: 'Q2', fiscalYear: 2025 })).toBe('Q2 2025');
    expect(fiscalPeriodLabel({ fiscalPeriod: 'H1', fiscalYear: 2025 })).toBe('H1 2025');
    expect(fiscalPeriodLabel({ fiscalPeriod: null, fiscalYear: 2022 })).toBe('fiscal 2022');
    expect(fiscalPeriodLabel({ fiscalPeriod: 'Q1', fiscalYear: null })).toBeNull();
    expect(fiscalPeriodLabel(null)).toBeNull();
  });
});

describe('byPeriodNewestFirst', () => {
  it('puts unknown periods and years last, ties by name', () => {
    const a = entry('a', { periodEnd: '2024-12-31' });
    const b = entry('b', { periodEnd: '2024-12-31' });
    const c = entry('c', { fiscalYear: 2030 });
    const d = entry('d', null);
    expect([d, c, b, a].sort(byPeriodNewestFirst)).toEqual([a, b, c, d]);
  });
});
