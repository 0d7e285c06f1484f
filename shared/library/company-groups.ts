import type { LibraryEntry } from './filing-facts';
import { normalizeCik } from './filing-labels';

/** One filer's filings in the Library, newest period first. */
export interface CompanyGroup {
  /**
   * Who the group is: "cik:0000200406" when a filing names the filer's Central Index Key, else
   * the normalized name the filings share (`companyKey`); null for "Other documents".
   */
  key: string | null;
  /** The filer's CIK (ten digits) when one of its filings names it. */
  cik: string | null;
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

// Made at first use, not as the module loads: a window's first collator loads the locale's
// data (~10 ms under load), which a window opened on a document does not need.
let made: Intl.Collator | undefined;
const collator = () =>
  (made ??= new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }));

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
  return collator().compare(a.name, b.name) || b.id - a.id;
}

/** The group key of a filer known by its CIK. */
export const cikKey = (cik: string): string => `cik:${cik}`;

/**
 * The company a filing belongs to, as a key: "cik:" and its CIK when its cover names one, else
 * its normalized name; null when the filer is unknown. A filing without a CIK (a PDF) whose name
 * matches a filer known by CIK is grouped under that CIK by `groupByCompany`, so resolve a
 * user's reference with `findCompany`, not by comparing this key.
 */
export function companyKeyOf(entry: LibraryEntry): string | null {
  const f = entry.facts;
  if (f?.cik) return cikKey(f.cik);
  return f?.company ? companyKey(f.company) : null;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The Library grouped by filer: one group per CIK (filings whose cover names none join the CIK
 * group whose filings carry the same name, see `companyKey`), else one per company name; groups
 * in the order of their names, each group's filings newest period first; documents without a
 * known company (facts not read yet, datasets, pages without a cover) in a last group with key
 * null. The heading is the name of the group's newest inline XBRL filing, else of its newest.
 */
export function groupByCompany(docs: readonly LibraryEntry[]): CompanyGroup[] {
  const byCik = new Map<string, LibraryEntry[]>();
  const byName = new Map<string, LibraryEntry[]>();
  const other: LibraryEntry[] = [];
  for (const d of docs) {
    const cik = d.facts?.cik ?? null;
    const name = d.facts?.company ? companyKey(d.facts.company) : null;
    if (cik !== null) push(byCik, cik, d);
    else if (name !== null) push(byName, name, d);
    else other.push(d);
  }
  // Which CIK each name belongs to; a name two CIKs share (a renamed or reused name) joins none.
  const cikOfName = new Map<string, string | null>();
  for (const [cik, list] of byCik)
    for (const d of list) {
      const name = d.facts?.company ? companyKey(d.facts.company) : null;
      if (name === null) continue;
      const known = cikOfName.get(name);
      cikOfName.set(name, known === undefined || known === cik ? cik : null);
    }
  for (const [name, list] of byName) {
    const cik = cikOfName.get(name);
    if (!cik) continue;
    byCik.get(cik)!.push(...list);
    byName.delete(name);
  }
  const group = (key: string, cik: string | null, list: LibraryEntry[]): CompanyGroup => {
    const documents = list.sort(byPeriodNewestFirst);
    const heading =
      documents.find((d) => d.facts?.source === 'xbrl' && d.facts.company) ??
      documents.find((d) => d.facts?.company) ??
      documents[0]!;
    return { key, cik, company: heading.facts?.company ?? null, documents };
  };
  const named: CompanyGroup[] = [
    ...[...byCik].map(([cik, list]) => group(cikKey(cik), cik, list)),
    ...[...byName].map(([name, list]) => group(name, null, list)),
  ];
  const sortName = (g: CompanyGroup) => (g.company ? companyKey(g.company) : null) ?? g.key!;
  named.sort(
    (a, b) => collator().compare(sortName(a), sortName(b)) || collator().compare(a.key!, b.key!),
  );
  if (other.length)
    named.push({ key: null, cik: null, company: null, documents: other.sort(byPeriodNewestFirst) });
  return named;
}

/**
 * The filer a user names, among the Library's filings: a group key ("cik:0000200406",
 * "netflix"), a CIK with or without its leading zeros ("200406"), or a company name as filed
 * ("Johnson & Johnson", "NETFLIX, INC."). Null when none matches.
 */
export function findCompany(docs: readonly LibraryEntry[], ref: string): CompanyGroup | null {
  const groups = groupByCompany(docs).filter((g) => g.key !== null);
  const t = ref.trim();
  const exact = groups.find((g) => g.key === t);
  if (exact) return exact;
  const cik = normalizeCik(t.replace(/^cik:/i, ''));
  if (cik) {
    const byCik = groups.find((g) => g.cik === cik);
    if (byCik) return byCik;
  }
  const name = companyKey(t);
  if (name === null) return null;
  return (
    groups.find((g) => g.key === name) ??
    groups.find((g) =>
      g.documents.some((d) => d.facts?.company && companyKey(d.facts.company) === name),
    ) ??
    null
  );
}
