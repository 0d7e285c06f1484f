import { describe, expect, it } from 'vitest';
import type { LibraryEntry } from '../../../shared/library/filing-facts';
import {
  defaultLibraryView,
  kindCounts,
  nextSort,
  viewDocuments,
  type LibraryView,
} from '../../../renderer/stores/library/library-view';

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
    size: id * 100,
    sha256: String(id).padStart(64, '0'),
    importedAt: `2026-01-${String(id).padStart(2, '0')}T00:00:00.000Z`,
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

const docs = [
  entry('nflx-10-q.html', {
    company: 'Netflix, Inc.',
    form: '10-Q',
    periodEnd: '2025-06-30',
    fiscalYear: 2025,
    fiscalPeriod: 'Q2',
    cik: '0001065280',
  }),
  entry('hd-10-k.html', {
    company: 'HOME DEPOT, INC.',
    form: '10-K',
    periodEnd: '2025-02-02',
    fiscalYear: 2024,
  }),
  entry(
    '3M_2018_10K.pdf',
    { company: '3M COMPANY', form: '10-K', periodEnd: '2018-12-31', fiscalYear: 2018 },
    'pdf',
  ),
  entry('earnings.pdf', { company: null }, 'pdf'),
  entry('tatqa.json', null, 'dataset'),
];
const names = (view: Partial<LibraryView>) =>
  viewDocuments(docs, { ...defaultLibraryView, ...view }).map((d) => d.name);

describe('the Library table view', () => {
  it('lists newest imports first by default', () => {
    expect(names({})).toEqual([
      'tatqa.json',
      'earnings.pdf',
      '3M_2018_10K.pdf',
      'hd-10-k.html',
      'nflx-10-q.html',
    ]);
  });

  it('sorts by company case-insensitively, unknown companies last in both directions', () => {
    const asc = names({ sort: { key: 'company', direction: 'asc' } });
    expect(asc).toEqual([
      '3M_2018_10K.pdf',
      'hd-10-k.html',
      'nflx-10-q.html',
      'earnings.pdf',
      'tatqa.json',
    ]);
    const desc = names({ sort: { key: 'company', direction: 'desc' } });
    expect(desc.slice(0, 3)).toEqual(['nflx-10-q.html', 'hd-10-k.html', '3M_2018_10K.pdf']);
    expect(desc.slice(3)).toEqual(['earnings.pdf', 'tatqa.json']);
  });

  it('sorts by period and by fiscal year as numbers', () => {
    expect(names({ sort: { key: 'period', direction: 'desc' } }).slice(0, 3)).toEqual([
      'nflx-10-q.html',
      'hd-10-k.html',
      '3M_2018_10K.pdf',
    ]);
    expect(names({ sort: { key: 'fiscalYear', direction: 'asc' } }).slice(0, 3)).toEqual([
      '3M_2018_10K.pdf',
      'hd-10-k.html',
      'nflx-10-q.html',
    ]);
  });

  it('searches every word in name and facts, and filters by kind', () => {
    expect(names({ query: '10-k' })).toEqual(['3M_2018_10K.pdf', 'hd-10-k.html']);
    expect(names({ query: 'home 2024' })).toEqual(['hd-10-k.html']);
    expect(names({ query: 'NETFLIX' })).toEqual(['nflx-10-q.html']);
    expect(names({ query: 'netflix 2018' })).toEqual([]);
    // the fiscal period as the Library shows it, and the CIK with or without its zeros
    expect(names({ query: 'q2 2025' })).toEqual(['nflx-10-q.html']);
    expect(names({ query: '1065280' })).toEqual(['nflx-10-q.html']);
    expect(names({ query: '0001065280' })).toEqual(['nflx-10-q.html']);
    expect(names({ kind: 'pdf' })).toEqual(['earnings.pdf', '3M_2018_10K.pdf']);
    expect(names({ kind: 'pdf', query: '3m' })).toEqual(['3M_2018_10K.pdf']);
  });

  it('flips the direction on the same column; a new column starts in its natural order', () => {
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({
      key: 'name',
      direction: 'desc',
    });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'company')).toEqual({
      key: 'company',
      direction: 'asc',
    });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'period')).toEqual({
      key: 'period',
      direction: 'desc',
    });
  });

  it('counts documents per kind', () => {
    expect(Object.fromEntries(kindCounts(docs))).toEqual({ 'sec-html': 2, pdf: 2, dataset: 1 });
  });
});
