import { describe, expect, it } from 'vitest';
import type { LibraryEntry } from '../../../shared/library/filing-facts';
import {
  filterDocuments,
  narrowDocuments,
  sortDocuments,
  viewDocuments,
  warmSearch,
  type FilterResult,
  type KindFilter,
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

describe('Library search narrowing as the query grows (what the screen does per keystroke)', () => {
  const sorted = sortDocuments(library, { key: 'name', direction: 'asc' });
  /** Each prefix of `typed`, in turn, through narrowDocuments: its answers. */
  const typing = (typed: string, kind: KindFilter = 'all') => {
    let last: FilterResult | undefined;
    return [...typed].map((_, i) => {
      last = narrowDocuments(last, sorted, { query: typed.slice(0, i + 1), kind });
      return last;
    });
  };

  it('every key answers what a search of the whole list answers', () => {
    for (const typed of ['nvidia 10-k', 'Boeing 2018', 'filing-1 ', 'apple  inc 20']) {
      for (const step of typing(typed)) {
        expect(step.result.map((d) => d.id)).toEqual(
          filterDocuments(sorted, { query: step.query, kind: 'all' }).map((d) => d.id),
        );
      }
    }
  });

  it('a longer query searches only the previous matches', () => {
    const [n, nv] = typing('nv');
    // An entry that is not among the matches of "n" is never looked at again for "nv".
    const outsider = entry(99_999, 'nv-outsider.html', null);
    const source = [...sorted];
    const first = narrowDocuments(undefined, source, { query: 'n', kind: 'all' });
    source.push(outsider); // the same array: a list fetched again is a new one
    const second = narrowDocuments(first, source, { query: 'nv', kind: 'all' });
    expect(second.result).not.toContain(outsider);
    expect(second.result.map((d) => d.id)).toEqual(nv!.result.map((d) => d.id));
    expect(n!.result.length).toBeGreaterThan(nv!.result.length);
  });

  it('a shorter query, another kind or a new list searches the whole list again', () => {
    const [, , nvi] = typing('nvi');
    const back = narrowDocuments(nvi, sorted, { query: 'nv', kind: 'all' });
    expect(back.result.map((d) => d.id)).toEqual(
      filterDocuments(sorted, { query: 'nv', kind: 'all' }).map((d) => d.id),
    );
    const pdfs = narrowDocuments(nvi, sorted, { query: 'nvid', kind: 'pdf' });
    expect(pdfs.result.length).toBeGreaterThan(0);
    expect(pdfs.result.every((d) => d.kind === 'pdf')).toBe(true);
    const refetched = sorted.map((d) => ({ ...d }));
    const again = narrowDocuments(nvi, refetched, { query: 'nvid', kind: 'all' });
    expect(again.result[0]).toBe(refetched.find((d) => d.id === again.result[0]!.id));
  });

  it('another kind with the query empty answers that kind (the unfiltered list is the source)', () => {
    const all = narrowDocuments(undefined, sorted, { query: '', kind: 'all' });
    expect(all.result).toBe(sorted);
    const pdfs = narrowDocuments(all, sorted, { query: '', kind: 'pdf' });
    expect(pdfs.kind).toBe('pdf');
    expect(pdfs.result.length).toBeGreaterThan(0);
    expect(pdfs.result.every((d) => d.kind === 'pdf')).toBe(true);
    // What the screen checks before asking again: the answer is for the view asked about.
    expect(narrowDocuments(pdfs, sorted, { query: '', kind: 'pdf' })).toBe(pdfs);
  });

  it('the same query over the same list answers the same result object', () => {
    const [a] = typing('b');
    expect(narrowDocuments(a, sorted, { query: 'B', kind: 'all' })).toBe(a);
  });
});

describe('warmSearch', () => {
  it('makes the search text of every entry when idle, and stops when asked', async () => {
    const stop = warmSearch(library);
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop();
    // Warm or not, the search answers the same.
    expect(filterDocuments(library, { query: 'nvidia', kind: 'all' }).length).toBe(500);
  });
});
