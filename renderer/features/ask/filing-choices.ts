import { byPeriodNewestFirst, companyKey } from '../../../shared/library/company-groups';
import type { LibraryEntry } from '../../../shared/library/filing-facts';

/** The filings the Ask panel offers to add, the open document's company's first (issue 27). */
export interface FilingChoices {
  /** The company's name, when the open document's is known. */
  company: string | null;
  sameCompany: LibraryEntry[];
  others: LibraryEntry[];
}

const keyOf = (d: LibraryEntry | undefined): string | null =>
  d?.facts?.company ? companyKey(d.facts.company) : null;

/**
 * Library documents that can join an ask about `currentId`: not dataset files, not the open
 * one, not those already chosen; the same company's (by name as the Library groups them)
 * first, each part newest period first.
 */
export function filingChoices(
  documents: readonly LibraryEntry[],
  currentId: number,
  chosen: readonly number[],
): FilingChoices {
  const current = documents.find((d) => d.id === currentId);
  const key = keyOf(current);
  const open = documents.filter(
    (d) => d.kind !== 'dataset' && d.id !== currentId && !chosen.includes(d.id),
  );
  const same = open.filter((d) => key !== null && keyOf(d) === key).sort(byPeriodNewestFirst);
  const others = open.filter((d) => !same.includes(d)).sort(byPeriodNewestFirst);
  return { company: current?.facts?.company ?? null, sameCompany: same, others };
}

/** "10-Q · 2025-06-29 · jnj-10-q.htm": a document as the picker lists it. */
export function entryLabel(d: LibraryEntry): string {
  const f = d.facts;
  const parts = [f?.form, f?.periodEnd ? `period ended ${f.periodEnd}` : null, d.name];
  return parts.filter((p): p is string => !!p).join(' · ');
}
