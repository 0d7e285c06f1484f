/**
 * The ids, names and limit of an ask across filings (issue 27), apart from `filings.ts`'s zod
 * schema: the document view's Ask panel uses them as it opens, and importing `filings.ts` would
 * load zod and build `AskFiling` first (issue 26). `filings.ts` re-exports all of them. The
 * fields read are written out here, not imported, so this file depends on nothing; an
 * `AskFiling` fits `FilingNames`.
 */

/** Most documents one ask may cover: each adds its evidence and its facts to one prompt. */
export const MAX_ASK_DOCUMENTS = 8;

/** What naming a filing reads of it (the fields of `AskFiling` it uses). */
export interface FilingNames {
  name: string;
  company: string | null;
  form: string | null;
  periodEnd: string | null;
  fiscalYear: number | null;
  period?: string | null | undefined;
}

const QUALIFIED = /^d(\d+):(.+)$/;

/** "d12:t21" for table t21 of document #12. */
export const qualifiedId = (documentId: number, localId: string): string =>
  `d${documentId}:${localId}`;

/** The document and local id of a qualified id; null for a plain one ("t21"). */
export function splitQualifiedId(id: string): { documentId: number; localId: string } | null {
  const m = QUALIFIED.exec(id);
  return m ? { documentId: Number(m[1]), localId: m[2]! } : null;
}

/**
 * Where an id of an ask's result lies: the qualified id's document, else the ask's own
 * document (a one-document ask, or an old stored one).
 */
export function locateId(
  id: string,
  fallbackDocumentId: number | null,
): { documentId: number | null; localId: string } {
  return splitQualifiedId(id) ?? { documentId: fallbackDocumentId, localId: id };
}

/** "FY2024", "Q2 2025": the filing's period as the Library names it, else its fiscal year. */
export const filingPeriod = (f: Pick<FilingNames, 'fiscalYear' | 'period'>): string | null =>
  f.period ?? (f.fiscalYear !== null ? `FY${f.fiscalYear}` : null);

/** "10-Q Q2 2025 (period ended 2025-06-29)": a filing as a prompt and a report name it. */
export function filingLabel(
  f: Pick<FilingNames, 'form' | 'fiscalYear' | 'periodEnd' | 'name' | 'period'>,
) {
  const parts = [f.form ?? f.name];
  const period = filingPeriod(f);
  if (period !== null) parts.push(period);
  if (f.periodEnd !== null) parts.push(`(period ended ${f.periodEnd})`);
  return parts.join(' ');
}

/** A filing with its company: "Johnson & Johnson 10-K FY2024 (period ended 2024-12-29)". */
export const filingTitle = (f: FilingNames): string =>
  `${f.company ? `${f.company} ` : ''}${filingLabel(f)}`;
