import { z } from 'zod';

/**
 * Asking across several filings (issue 27): which filings an ask covered, and how their tables
 * and paragraphs are told apart. With one document nothing changes (table ids stay "t21"); with
 * several, every table and block id of document #12 is qualified as "d12:t21", in the prompt,
 * in cell() and in the trace, so a program can read a cell of any chosen filing and each read
 * names the filing it came from.
 */

/** Most documents one ask may cover: each adds its evidence and its facts to one prompt. */
export const MAX_ASK_DOCUMENTS = 8;

/** A filing an ask covered, as the Library knows it (any field may be unknown). */
export const AskFiling = z.object({
  documentId: z.number().int(),
  /** The prefix of its qualified ids ("d12"); absent in a one-document ask. */
  prefix: z.string().optional(),
  name: z.string(),
  company: z.string().nullable(),
  form: z.string().nullable(),
  periodEnd: z.string().nullable(),
  fiscalYear: z.number().int().nullable(),
  /** The Library's name of its period: "FY2024", "Q2 2025" (absent in asks stored before). */
  period: z.string().nullable().optional(),
  /** Whether it carries inline XBRL facts that fact() reads. */
  tagged: z.boolean(),
});
export type AskFiling = z.infer<typeof AskFiling>;

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
export const filingPeriod = (f: Pick<AskFiling, 'fiscalYear' | 'period'>): string | null =>
  f.period ?? (f.fiscalYear !== null ? `FY${f.fiscalYear}` : null);

/** "10-Q Q2 2025 (period ended 2025-06-29)": a filing as a prompt and a report name it. */
export function filingLabel(
  f: Pick<AskFiling, 'form' | 'fiscalYear' | 'periodEnd' | 'name' | 'period'>,
) {
  const parts = [f.form ?? f.name];
  const period = filingPeriod(f);
  if (period !== null) parts.push(period);
  if (f.periodEnd !== null) parts.push(`(period ended ${f.periodEnd})`);
  return parts.join(' ');
}

/** A filing with its company: "Johnson & Johnson 10-K FY2024 (period ended 2024-12-29)". */
export const filingTitle = (f: AskFiling): string =>
  `${f.company ? `${f.company} ` : ''}${filingLabel(f)}`;

/**
 * What a program-mode prompt adds when an ask covers several filings (docs/sandbox-helpers.md
 * quotes it): how table ids name their filing, and whose facts fact() answers.
 */
export const ACROSS_FILINGS_HELP = `This question covers several filings; the context shows each under its own "=== Filing dN: …" heading. Table ids name their filing: cell("d12:t21", row, col) reads table t21 of filing d12, with the rows and columns shown under it. fact() and facts() read the facts of every tagged filing listed; a fact two filings both report is taken from the newest one, and every fact names its filing in .filing ({documentId, label}).`;

/** The same for Python programs, which read facts only. */
export const ACROSS_FILINGS_HELP_PYTHON = `This question covers several filings; the context shows each under its own "=== Filing dN: …" heading. fact() and facts() read the facts of every tagged filing listed; a fact two filings both report is taken from the newest one.`;
