import type { JsonValue } from './python/py-repr';

export type { JsonValue };

/** What happened to one item, before asking whether it was right. */
export type Outcome = 'correct' | 'incorrect' | 'refusal' | 'no-answer' | 'error';

export const OUTCOMES: readonly Outcome[] = [
  'correct',
  'incorrect',
  'refusal',
  'no-answer',
  'error',
];

/** One scorer's judgement of one answer, with the reason spelled out. */
export interface Verdict {
  correct: boolean;
  /** 1/0 for accuracy scorers; F1 for span scorers (TAT-QA, MultiHiertt). */
  score: number;
  scorer: string;
  version: string;
  /** The answer text taken from the model output (null when none was found). */
  extracted: string | null;
  /** The prediction and gold as the scorer compared them (human readable). */
  predNormalized: string;
  goldNormalized: string;
  /** Human reason naming what decided it, e.g. "within 0.15% relative", "sign flipped". */
  rule: string;
  outcome: Outcome;
  /** Span scorers report both numbers. */
  em?: number;
  f1?: number;
}

/**
 * How the prediction arrives:
 * - `text`: the raw generation; the scorer extracts the answer itself;
 * - `extracted`: already the final answer (an extractor's string, a parsed answer list);
 * - `executed`: the value a generated program returned (null when it failed to run).
 */
export type PredictionKind = 'text' | 'extracted' | 'executed';

export interface ScoreInput {
  gold: JsonValue;
  /** Scale label of the gold answer ("", thousand, million, billion, percent). */
  goldScale?: string;
  /**
   * Decimals the dataset rounds numeric golds to (TAT-QA 2, FinanceMath 3), which JSON
   * numbers cannot show ("1.9" may be 1.90). Used by the strict scorer only.
   */
  goldDecimals?: number;
  /** Benchmark answer type (TAT-QA: span, multi-span, arithmetic, count). */
  answerType?: string;
  prediction: JsonValue | undefined;
  predictionKind: PredictionKind;
  /** Scale label the model gave separately (TAT-QA PoT `units`). */
  predScale?: string;
  /**
   * The question as asked. Read by the analyst scorer for the unit, scale and precision it
   * requests ("in USD millions", "in units of percents", "round to two decimal places").
   */
  question?: string;
}

export interface Scorer {
  id: string;
  version: string;
  /** One line for --help and reports. */
  description: string;
  score(input: ScoreInput): Verdict;
}

/** Fills the bookkeeping fields every verdict carries. */
export function makeVerdict(
  scorer: Pick<Scorer, 'id' | 'version'>,
  fields: Omit<Verdict, 'scorer' | 'version' | 'score' | 'correct'> & {
    correct?: boolean;
    score?: number;
  },
): Verdict {
  const correct = fields.correct ?? fields.outcome === 'correct';
  return {
    ...fields,
    correct,
    score: fields.score ?? (correct ? 1 : 0),
    scorer: scorer.id,
    version: scorer.version,
  };
}

/** Shown for values in verdicts; long model outputs are cut so reports stay readable. */
export function showValue(v: JsonValue | undefined, max = 200): string {
  const s = v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > max ? `${s.slice(0, max)}…` : s;
}
