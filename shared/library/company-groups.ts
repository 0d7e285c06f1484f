import type { LibraryEntry } from './filing-facts';

/** One filer's filings in the Library, newest period first. */
export interface CompanyGroup {
  /** The normalized name the filings share; null for the "Other documents" group. */
  key: string | null;
  /** The name shown as the heading: the one the filer's tagged (inline XBRL) filings use. */
  company: string | null;
  documents: LibraryEntry[];
}

const suffix =
  /\s+(?:inc|incorporated|corp|corporation|co|company|plc|ltd|limited|llc|l\.?p|n\.?v|s\.?a|ag|se)$/;

/**
 * The name a filer is grouped by: case, punctuation, "The" and a trailing corporate suffix do not
 * count ("NETFLIX, INC." on a 2017 PDF cover, "Netflix, Inc." in a 2025 filing's dei: facts;
 * "UNION PACIFIC CORP" and "Union Pacific Corporation"). Null for a blank name.
 */
export function companyKey(name: string): string | null {
  let k = name
    .toLowerCase()
    .replace(/&amp;/g, '&')
    .replace(/[.,’'"()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^the\s+/, '');
  for (let prev = ''; prev !== k;) {
    prev = k;
    k = k.replace(suffix, '').trim();
  }
  return k === '' ? null : k;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Filings newest first: by period end, then fiscal year (an earnings release knows only its
 * year), then name; filings without either go last.
 */
export function byPeriodNewestFirst(a: LibraryEntry, b: LibraryEntry): number {
  const pa = a.facts?.periodEnd ?? null;
  const pb = b.facts?.periodEnd ?? null;
  if (pa !== pb) {
    if (pa === null) return 1;
    if (pb === null) return -1;
    return pa < pb ? 1 : -1;
  }
  const ya = a.facts?.fiscalYear ?? null;
  const yb = b.facts?.fiscalYear ?? null;
  if (ya !== yb) {
    if (ya === null) return 1;
    if (yb === null) return -1;
    return yb - ya;
  }
  return collator.compare(a.name, b.name) || b.id - a.id;
}

/**
 * The Library grouped by filer: one group per company name (see `companyKey`), groups in the
 * order of their names, each group's filings newest period first; documents without a known
 * company (facts not read yet, datasets, pages without a cover) in a last group with key null.
 * The heading is the name of the group's newest inline XBRL filing, else of its newest filing.
 */
export function groupByCompany(docs: readonly LibraryEntry[]): CompanyGroup[] {
  const groups = new Map<string, LibraryEntry[]>();
  const other: LibraryEntry[] = [];
  for (const d of docs) {
    const key = d.facts?.company ? companyKey(d.facts.company) : null;
    if (key === null) other.push(d);
    else groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  const named: CompanyGroup[] = [...groups].map(([key, list]) => {
    const documents = list.sort(byPeriodNewestFirst);
    const heading = documents.find((d) => d.facts?.source === 'xbrl') ?? documents[0]!;
    return { key, company: heading.facts!.company, documents };
  });
  named.sort((a, b) => collator.compare(a.key!, b.key!));
  if (other.length)
    named.push({ key: null, company: null, documents: other.sort(byPeriodNewestFirst) });
  return named;
}
