import { describe, expect, it } from 'vitest';
import type { LibraryEntry } from '../../../shared/library/filing-facts';
import {
  filterDocuments,
  sortDocuments,
  viewDocuments,
  type LibraryView,
} from '../../../renderer/stores/library/library-view';

function entry(id: number, name: string, company: string | null): LibraryEntry {
  return {
    id,
    name,
    kind: id % 3 === 0 ? 'pdf' : 'sec-html',
    size: (id * 7919) % 1000,
    sha256: String(id).padStart(64, '0'),
    importedAt: `2026-01-01T00:00:${String(id % 60).padStart(2, '0')}.000Z`,
    dataset: null,
    facts: company
      ? {
          company,
          form: id % 2 ? '10-K' : '10-Q',
          periodEnd: `20${10 + (id % 15)}-12-31`,
          fiscalYear: 2010 + (id % 15),
          fiscalPeriod: null,
          cik: null,
          source: 'xbrl',
        }
      : null,
  };
}

const companies = ['NVIDIA Corp', 'Apple Inc.', 'Boeing Co', null];
const library = Array.from({ length: 2000 }, (_, i) =>
  entry(i + 1, `filing-${(i * 37) % 2000}.html`, companies[i % companies.length]!),
);

describe('Library search over a sorted list (what the screen does per keystroke)', () => {
  const views: LibraryView[] = [
    { query: 'nvidia 10-k', kind: 'all', sort: { key: 'name', direction: 'asc' } },
    { query: '', kind: 'pdf', sort: { key: 'size', direction: 'desc' } },
    { query: 'boeing 2018', kind: 'sec-html', sort: { key: 'period', direction: 'desc' } },
    { query: 'FILING-1', kind: 'all', sort: { key: 'company', direction: 'asc' } },
    { query: '', kind: 'all', sort: { key: 'imported', direction: 'desc' } },
  ];

  it('filtering the sorted list gives what filter-then-sort gives', () => {
    for (const view of views) {
      const once = filterDocuments(sortDocuments(library, view.sort), view);
      expect(once.map((d) => d.id)).toEqual(viewDocuments(library, view).map((d) => d.id));
      expect(once.length).toBeGreaterThan(0);
    }
  });

  it('an entry fetched again with new facts is searched by its new facts', () => {
    const before = entry(1, 'a.html', 'Old Name Inc');
    expect(filterDocuments([before], { query: 'old', kind: 'all' })).toHaveLength(1);
    const after = { ...before, facts: { ...before.facts!, company: 'New Name Inc' } };
    expect(filterDocuments([after], { query: 'old', kind: 'all' })).toHaveLength(0);
    expect(filterDocuments([after], { query: 'new', kind: 'all' })).toHaveLength(1);
  });

  it('no query and every kind: the sorted list itself, nothing copied', () => {
    const sorted = sortDocuments(library, { key: 'name', direction: 'asc' });
    expect(filterDocuments(sorted, { query: '  ', kind: 'all' })).toBe(sorted);
  });
});
