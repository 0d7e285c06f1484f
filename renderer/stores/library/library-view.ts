import type { DocumentKind } from '../../../shared/library/document-kind';
import type { LibraryEntry } from '../../../shared/library/filing-facts';
import { fiscalPeriodLabel } from '../../../shared/library/filing-labels';

export const sortKeys = [
  'name',
  'company',
  'form',
  'period',
  'fiscalYear',
  'kind',
  'size',
  'imported',
] as const;
export type SortKey = (typeof sortKeys)[number];
export type SortDirection = 'asc' | 'desc';
export type KindFilter = 'all' | DocumentKind;

/** How the Library's document table is shown: searched, filtered by kind, sorted. */
export interface LibraryView {
  query: string;
  kind: KindFilter;
  sort: { key: SortKey; direction: SortDirection };
}

export const defaultLibraryView: LibraryView = {
  query: '',
  kind: 'all',
  sort: { key: 'imported', direction: 'desc' },
};

/** The values a column sorts by; null sorts last in either direction. */
function sortValue(d: LibraryEntry, key: SortKey): string | number | null {
  switch (key) {
    case 'name':
      return d.name;
    case 'company':
      return d.facts?.company ?? null;
    case 'form':
      return d.facts?.form ?? null;
    case 'period':
      return d.facts?.periodEnd ?? null;
    case 'fiscalYear':
      return d.facts?.fiscalYear ?? null;
    case 'kind':
      return d.kind;
    case 'size':
      return d.size;
    case 'imported':
      return d.importedAt;
  }
}

// Made at first use, not as the app's script runs: a window's first collator loads the locale's
// data (~10 ms under load), which a window opened on a document does not need.
let made: Intl.Collator | undefined;
const collator = () =>
  (made ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }));

function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator().compare(String(a), String(b));
}

/**
 * The words a search matches: name, company, form, fiscal year and period, period end, CIK,
 * kind; lower-cased once per entry (an entry object is replaced when the list is fetched
 * again), so a keystroke in the search over thousands of documents only runs `includes`.
 */
const haystacks = new WeakMap<LibraryEntry, string>();
function haystack(d: LibraryEntry): string {
  let text = haystacks.get(d);
  if (text === undefined) {
    const f = d.facts;
    // The fiscal period as the Library shows it ("Q2 2025"); the CIK with and without its zeros.
    const cik = f?.cik ? `${f.cik} ${f.cik.replace(/^0+/, '')}` : null;
    text = [
      d.name,
      f?.company,
      f?.form,
      f?.fiscalYear,
      fiscalPeriodLabel(f),
      f?.periodEnd,
      cik,
      d.kind,
    ]
      .filter((x) => x !== null && x !== undefined)
      .join(' ')
      .toLowerCase();
    haystacks.set(d, text);
  }
  return text;
}

/**
 * Sorted by the chosen column (ties by name, then newest first); unknown values go last
 * whichever the direction. The screen sorts once per list and sort, not per keystroke.
 */
export function sortDocuments(
  docs: readonly LibraryEntry[],
  sort: LibraryView['sort'],
): LibraryEntry[] {
  const { key, direction } = sort;
  const sign = direction === 'asc' ? 1 : -1;
  return docs
    .map((d) => ({ d, v: sortValue(d, key) }))
    .sort((a, b) => {
      if (a.v === null || b.v === null) {
        if (a.v !== b.v) return a.v === null ? 1 : -1;
      } else {
        const c = compare(a.v, b.v);
        if (c !== 0) return sign * c;
      }
      return collator().compare(a.d.name, b.d.name) || b.d.id - a.d.id;
    })
    .map((x) => x.d);
}

/**
 * Those of `docs` (order kept) whose name or facts hold every word of the query
 * (case-insensitive) and whose kind matches the filter.
 */
export function filterDocuments(
  docs: readonly LibraryEntry[],
  view: Pick<LibraryView, 'query' | 'kind'>,
): LibraryEntry[] {
  const words = view.query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0 && view.kind === 'all') return docs as LibraryEntry[];
  return docs.filter((d) => {
    if (view.kind !== 'all' && d.kind !== view.kind) return false;
    if (words.length === 0) return true;
    const text = haystack(d);
    return words.every((w) => text.includes(w));
  });
}

/** A search's answer, kept so the next keystroke can start from it (see `narrowDocuments`). */
export interface FilterResult {
  source: readonly LibraryEntry[];
  query: string;
  kind: KindFilter;
  result: LibraryEntry[];
}

/**
 * `filterDocuments`, starting from the previous answer when the query only grew (a word
 * typed on, or another word added) over the same list and kind: whatever matches the longer
 * query matched the shorter one, so only the earlier matches are searched. Typing a name
 * searches the whole library once, then ever fewer documents.
 */
export function narrowDocuments(
  previous: FilterResult | undefined,
  source: readonly LibraryEntry[],
  view: Pick<LibraryView, 'query' | 'kind'>,
): FilterResult {
  const query = view.query.toLowerCase();
  const same = previous?.source === source && previous.kind === view.kind;
  if (same && previous.query === query) return previous;
  const from = same && query.startsWith(previous.query) ? previous.result : source;
  return { source, query, kind: view.kind, result: filterDocuments(from, view) };
}

/**
 * Computes the search text of each document ahead of the first keystroke, a slice at a time
 * when the page is idle, so the first key only compares. Answers a function that stops it.
 */
export function warmSearch(docs: readonly LibraryEntry[]): () => void {
  let at = 0;
  let stopped = false;
  // Not in every runtime this module runs in (tests run it in Node): a timer instead.
  const ric = (
    globalThis as {
      requestIdleCallback?: (cb: () => void, options: { timeout: number }) => unknown;
    }
  ).requestIdleCallback;
  const idle: (cb: () => void) => void = ric
    ? (cb) => ric(cb, { timeout: 1000 })
    : (cb) => setTimeout(cb, 0);
  const step = () => {
    if (stopped) return;
    const end = Math.min(docs.length, at + 250);
    for (; at < end; at++) haystack(docs[at]!);
    if (at < docs.length) idle(step);
  };
  idle(step);
  return () => {
    stopped = true;
  };
}

/**
 * The documents to show: every word of the query must occur (case-insensitive) in the
 * document's name or facts, the kind must match the filter, then sorted by the chosen column
 * (ties by name, then newest first); unknown values go last whichever the direction.
 */
export function viewDocuments(docs: readonly LibraryEntry[], view: LibraryView): LibraryEntry[] {
  return sortDocuments(filterDocuments(docs, view), view.sort);
}

/** Clicking a column: the same column flips direction, a new one starts ascending (dates descending). */
export function nextSort(current: LibraryView['sort'], key: SortKey): LibraryView['sort'] {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  const newestFirst = key === 'imported' || key === 'period' || key === 'fiscalYear';
  return { key, direction: newestFirst ? 'desc' : 'asc' };
}

/** How many documents of each kind the library holds (for the filter's labels). */
export function kindCounts(docs: readonly LibraryEntry[]): Map<DocumentKind, number> {
  const counts = new Map<DocumentKind, number>();
  for (const d of docs) counts.set(d.kind, (counts.get(d.kind) ?? 0) + 1);
  return counts;
}
