import type { DatasetFormat } from '../document/dataset-format';

/**
 * The one table of default scorers (docs/grading.md "Default scorers"). Every path that grades
 * a stored question reads it: the Ask panel, the run engine, imported prediction files,
 * `workbench grade --dataset`, expert sessions, gold disputes, re-grades, the gap view and the
 * Method list of every report. So a question is graded by the same scorer wherever its answer
 * comes from, and a session and a run on the same questions always compare like with like.
 *
 * One scorer per format covers every question type of it: a run's items, a session's answers
 * and a report's headline are each one rule, and no format has question types whose golds need
 * another (the `questionTypes` column says how the scorer meets each).
 */
export interface DefaultScorerRow {
  format: DatasetFormat;
  /** The dataset's name for it, as reports print it. */
  label: string;
  /** The question types the dataset stores (`questions.type`) and how the scorer reads them. */
  questionTypes: string;
  /**
   * The default scorer: the verdict Ask shows, the one sessions are graded by, the report's
   * headline and the gap's rule.
   */
  scorer: 'strict' | 'analyst';
  /**
   * The port of the benchmark's official scorer, graded beside the default by runs and imports
   * (for the published number); null when the benchmark has none we port.
   */
  parity: 'tatqa' | 'finqa' | 'multihiertt' | 'docmath' | null;
  /** Why this scorer, in one line. */
  why: string;
}

export const DEFAULT_SCORERS: readonly DefaultScorerRow[] = [
  {
    format: 'tatqa',
    label: 'TAT-QA',
    questionTypes: 'span, multi-span (as words), arithmetic, count (as numbers with the scale)',
    scorer: 'strict',
    parity: 'tatqa',
    why: 'numeric and span golds with a scale: exact reading at the gold’s 2 decimals, sign and ×10^k errors named',
  },
  {
    format: 'tathqa',
    label: 'TAT-HQA',
    questionTypes: 'TAT-QA’s types and counterfactual (read as its answer’s type)',
    scorer: 'strict',
    parity: 'tatqa',
    why: 'TAT-QA’s golds and rules',
  },
  {
    format: 'finqa',
    label: 'FinQA',
    questionTypes: 'arithmetic (a number), comparison (yes/no)',
    scorer: 'strict',
    parity: 'finqa',
    why: 'numeric golds: exact reading at the gold’s precision',
  },
  {
    format: 'multihiertt',
    label: 'MultiHiertt',
    questionTypes: 'arithmetic (a number), span (words)',
    scorer: 'strict',
    parity: 'multihiertt',
    why: 'numeric and span golds: exact reading, spans as words',
  },
  {
    format: 'docmath',
    label: 'DocMath-Eval / FinanceMath',
    questionTypes: 'every topic and subset (a number, rounded to 3 decimals)',
    scorer: 'strict',
    parity: 'docmath',
    why: 'numeric golds at 3 decimals: exact reading; the official scorer’s sign and ×10^k leniency stays in its parity port',
  },
  {
    format: 'financebench',
    label: 'FinanceBench',
    questionTypes:
      'metrics-generated, domain-relevant, novel-generated (golds written as sentences)',
    scorer: 'analyst',
    parity: null,
    why: 'free-text golds and answers: the stated answer, refusals apart, the question’s unit/scale/precision (checked against the benchmark’s human graders)',
  },
  {
    format: 'tablequest',
    label: 'TableQuest',
    questionTypes: 'easy, medium (a figure as printed, "$1,458"), hard (an analytic sentence)',
    scorer: 'analyst',
    parity: null,
    why: 'golds written as text: figures as printed and analytic sentences (the LLM judge is the second opinion on hard ones)',
  },
];

/**
 * Prediction files graded without a dataset (`workbench grade --gold FILE`): the default for
 * the file's format. With `--dataset` the dataset's row above decides.
 */
export const FILE_DEFAULT_SCORERS: Readonly<Record<string, 'strict' | 'analyst'>> = {
  'docmath-processed': 'strict',
  'tatqa-pot': 'strict',
  'tatqa-pred': 'strict',
  'lm-eval': 'strict',
  jsonl: 'analyst',
  'financebench-graded': 'analyst',
};

/** The default for a prediction file graded without a dataset (`strict` for a format not listed). */
export function fileDefaultScorerId(predictionFormat: string): 'strict' | 'analyst' {
  return Object.prototype.hasOwnProperty.call(FILE_DEFAULT_SCORERS, predictionFormat)
    ? FILE_DEFAULT_SCORERS[predictionFormat]!
    : 'strict';
}

/** The row of a dataset format (every format has one; a test checks it). */
export function defaultScorerRow(format: DatasetFormat): DefaultScorerRow {
  const row = DEFAULT_SCORERS.find((r) => r.format === format);
  if (!row) throw new Error(`no default scorer for dataset format ${format}`);
  return row;
}

/** The default scorer of a dataset format: Ask, sessions, the gap, a report's headline. */
export function defaultScorerId(format: DatasetFormat): string {
  return defaultScorerRow(format).scorer;
}

/**
 * The scorers a run on a dataset format is graded with unless the caller names others (engine
 * runs and imported files alike): the official port (for the published number), then the
 * default.
 */
export function runScorerIds(format: DatasetFormat): string[] {
  const row = defaultScorerRow(format);
  return row.parity ? [row.parity, row.scorer] : [row.scorer];
}
