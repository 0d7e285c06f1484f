import { z } from 'zod';

/**
 * Asking across several filings (issue 27): which filings an ask covered, and how their tables
 * and paragraphs are told apart. With one document nothing changes (table ids stay "t21"); with
 * several, every table and block id of document #12 is qualified as "d12:t21", in the prompt,
 * in cell() and in the trace, so a program can read a cell of any chosen filing and each read
 * names the filing it came from.
 */

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

// The ids, names and limit the document view uses are in a zod-free file, so it can import them
// without loading zod and building AskFiling (issue 26).
export {
  MAX_ASK_DOCUMENTS,
  filingLabel,
  filingPeriod,
  filingTitle,
  locateId,
  qualifiedId,
  splitQualifiedId,
} from './filing-id';

/**
 * What a program-mode prompt adds when an ask covers several filings (docs/sandbox-helpers.md
 * quotes it): how table ids name their filing, and whose facts fact() answers.
 */
export const ACROSS_FILINGS_HELP = `This question covers several filings; the context shows each under its own "=== Filing dN: …" heading. Table ids name their filing: cell("d12:t21", row, col) reads table t21 of filing d12, with the rows and columns shown under it. fact() and facts() read the facts of every tagged filing listed; a fact two filings both report is taken from the newest one, and every fact names its filing in .filing ({documentId, label}).`;

/** The same for Python programs, which read facts only. */
export const ACROSS_FILINGS_HELP_PYTHON = `This question covers several filings; the context shows each under its own "=== Filing dN: …" heading. fact() and facts() read the facts of every tagged filing listed; a fact two filings both report is taken from the newest one.`;
