import { hash } from 'node:crypto';
import type { AskAnswer, AskGrade } from '../../shared/ask/ask';
import type { StoredQuestion } from '../../shared/datasets';
import { defaultScorerId, runScorerIds } from '../../shared/grading/default-scorers';
import { getScorer } from '../../shared/grading/scorers';
import {
  showValue,
  type JsonValue,
  type PredictionKind,
  type ScoreInput,
  type Scorer,
} from '../../shared/grading/verdict';
import type { DatasetFormat } from '../../shared/document/dataset-format';
import { goldProblem } from './json-value';
import { compact } from '../../shared/util/compact';

// The grading service (docs/grading.md "One verdict everywhere"): every path that grades an
// answer to a stored question (the Ask panel, the run engine, imported prediction files,
// `workbench grade --dataset`, expert sessions, gold disputes, re-grades and the gap) calls it,
// so one answer to one question at one gold version gets one verdict whatever path it took.

/** Decimals a dataset rounds its numeric golds to, which JSON numbers cannot show ("1.9" may be 1.90). */
const GOLD_DECIMALS: Partial<Record<DatasetFormat, number>> = { docmath: 3, tatqa: 2, tathqa: 2 };
/**
 * Answer types the scorers read (TAT-QA's vocabulary, also MultiHiertt's and FinQA's); DocMath's
 * topics or TableQuest's difficulty say nothing about the answer.
 */
const SCORER_ANSWER_TYPES: ReadonlySet<string> = new Set([
  'span',
  'multi-span',
  'arithmetic',
  'count',
]);

/** What a scorer reads of the question: everything in its input but the answer. */
export type QuestionInput = Pick<
  ScoreInput,
  'gold' | 'goldScale' | 'goldDecimals' | 'answerType' | 'question'
>;

/**
 * The one place a scorer's input is built from a stored question: the gold the workspace holds
 * now (an accepted dispute's correction included), its scale label, the decimals the dataset
 * rounds to, the answer type when it is one scorers read, and the question text (the analyst
 * scorer reads the unit, scale and precision it asks for).
 */
export function questionInput(question: StoredQuestion, format: DatasetFormat): QuestionInput {
  const decimals = GOLD_DECIMALS[format];
  return {
    gold: question.gold.answer,
    ...(question.scale !== null ? { goldScale: question.scale } : {}),
    ...compact({ goldDecimals: decimals }),
    ...(SCORER_ANSWER_TYPES.has(question.type) ? { answerType: question.type } : {}),
    question: question.question,
  };
}

/**
 * The gold version a verdict was graded against: a hash of everything a scorer reads of the
 * question (`questionInput`: gold answer, scale, decimals, answer type, question text). Content,
 * not a counter: the same gold gives the same version in every workspace and every import of
 * the dataset, and a dispute that is later undone gives the old version back.
 */
export function goldVersion(question: StoredQuestion, format: DatasetFormat): string {
  return goldVersionOf(questionInput(question, format));
}

/** `goldVersion` of a question input already built (grading builds it once per answer). */
function goldVersionOf(q: QuestionInput): string {
  const canonical = JSON.stringify([
    q.gold,
    q.goldScale ?? null,
    q.goldDecimals ?? null,
    q.answerType ?? null,
    q.question ?? null,
  ]);
  // One-shot `hash` (no Hash object): the same digest as createHash's, cheaper per graded answer.
  return `g1-${hash('sha256', canonical, 'hex').slice(0, 16)}`;
}

/** An answer as every path hands it over: the value, how it arrived, and its separate scale. */
export interface GradableAnswer {
  /** A JSON value (a run item's stored answer is read back as one). */
  answer: unknown;
  answerKind: PredictionKind;
  /** A scale label given apart from the value (TAT-QA `scale`, a program's cells, an expert's selector). */
  answerScale: string | null;
}

/** A scale multiplier as a TAT-QA style label, so "44.1" from cells in millions reads right. */
export function scaleLabel(scale: number | null): string | undefined {
  if (scale === 1e3) return 'thousand';
  if (scale === 1e6) return 'million';
  if (scale === 1e9) return 'billion';
  if (scale === 0.01) return 'percent';
  return undefined;
}

/**
 * What grading reads of an answer the ask core produced (the Ask panel and the run engine
 * alike): the output in text modes; in program modes the program's value, with the scale of the
 * cells it came from as a label.
 */
export function answerOfAsk(core: {
  prediction: string | number | boolean | null;
  predictionKind: 'text' | 'executed';
  answer: Pick<AskAnswer, 'scale'>;
}): GradableAnswer {
  return core.predictionKind === 'executed'
    ? {
        answer: core.prediction,
        answerKind: 'executed',
        answerScale: scaleLabel(core.answer.scale) ?? null,
      }
    : { answer: core.prediction, answerKind: 'text', answerScale: null };
}

/** One scorer's verdict with its provenance: scorer id and version, and the gold version. */
export interface GradedVerdict {
  scorer: string;
  scorerVersion: string;
  /** `goldVersion` of the question graded against; null when there was no gold to read. */
  goldVersion: string | null;
  correct: boolean;
  score: number;
  outcome: 'correct' | 'incorrect' | 'refusal' | 'no-answer' | 'error';
  rule: string;
  extracted: string | null;
  predNormalized: string;
  goldNormalized: string;
  /** Span scorers (TAT-QA, MultiHiertt) also give exact match and F1; not stored. */
  em?: number;
  f1?: number;
}

/** A verdict no scorer reached: the question is gone, its gold unreadable, the model silent. */
export function errorVerdict(
  scorer: Pick<Scorer, 'id' | 'version'>,
  rule: string,
  goldVersionOf: string | null = null,
): GradedVerdict {
  return {
    scorer: scorer.id,
    scorerVersion: scorer.version,
    goldVersion: goldVersionOf,
    correct: false,
    score: 0,
    outcome: 'error',
    rule,
    extracted: null,
    predNormalized: '',
    goldNormalized: '',
  };
}

/**
 * One scorer's verdict on one answer, against the question's gold as the workspace holds it
 * now (so a re-grade after a revised gold uses the new gold). A question that is gone, an
 * unusable gold or a scorer that throws gives an `error` verdict naming why, never a crash.
 */
export function gradeWith(
  scorer: Scorer,
  format: DatasetFormat,
  question: StoredQuestion | undefined,
  answer: GradableAnswer,
): GradedVerdict {
  return verdictOf(scorer, gradingInput(format, question, answer));
}

/**
 * What every scorer of one answer reads, built once for all of them: the gold version (a
 * sha256), the gold's problem and the scorer input are the same for each.
 */
type GradingInput =
  | { error: string; version: string | null }
  | { version: string; input: ScoreInput; error?: undefined };

function gradingInput(
  format: DatasetFormat,
  question: StoredQuestion | undefined,
  answer: GradableAnswer,
): GradingInput {
  if (!question) return { error: 'question no longer in the dataset', version: null };
  const asked = questionInput(question, format);
  const version = goldVersionOf(asked);
  const problem = goldProblem(question.gold.answer);
  if (problem) return { error: `cannot grade: ${problem}`, version };
  const input: ScoreInput = {
    ...asked,
    prediction: (answer.answer ?? null) as JsonValue,
    predictionKind: answer.answerKind,
    ...(answer.answerScale !== null ? { predScale: answer.answerScale } : {}),
  };
  return { version, input };
}

function verdictOf(scorer: Scorer, graded: GradingInput): GradedVerdict {
  if (graded.error !== undefined) return errorVerdict(scorer, graded.error, graded.version);
  const { version } = graded;
  // Each scorer gets its own copy: one cannot change what the next one reads.
  const input: ScoreInput = { ...graded.input };
  try {
    const v = scorer.score(input);
    return {
      scorer: scorer.id,
      scorerVersion: scorer.version,
      goldVersion: version,
      correct: v.correct,
      score: v.score,
      outcome: v.outcome,
      rule: v.rule,
      extracted: v.extracted,
      predNormalized: v.predNormalized,
      goldNormalized: v.goldNormalized,
      ...compact({ em: v.em, f1: v.f1 }),
    };
  } catch (e) {
    return errorVerdict(scorer, `scorer failed: ${(e as Error).message}`, version);
  }
}

/** A scorer by id from the registry; a missing one is a programming error here. */
export function scorerById(id: string): Scorer {
  const s = getScorer(id);
  if (!s) throw new Error(`scorer ${id} is not in the registry`);
  return s;
}

/** The default scorer of a dataset format (shared/grading/default-scorers.ts). */
export function defaultScorer(format: DatasetFormat): Scorer {
  return scorerById(defaultScorerId(format));
}

/** The scorers a run on this format grades with unless told otherwise (the table's). */
export function runScorers(format: DatasetFormat): Scorer[] {
  return runScorerIds(format).map(scorerById);
}

/**
 * The grading service's one entry: `(question, answer, context) → verdicts`, one per scorer,
 * the format's default scorer unless the caller names scorers (a run's, a re-grade's).
 */
export function gradeAnswer(
  format: DatasetFormat,
  question: StoredQuestion | undefined,
  answer: GradableAnswer,
  scorers: readonly Scorer[] = [defaultScorer(format)],
): GradedVerdict[] {
  const graded = gradingInput(format, question, answer);
  return scorers.map((s) => verdictOf(s, graded));
}

/**
 * Whether a stored verdict is out of date: graded by an older version of its scorer, or against
 * another gold than the question has now (a null gold version: graded before versions were
 * recorded). Verdicts of scorers the registry does not have (the file's `imported`) never are.
 */
export function isStale(
  verdict: { scorer: string; scorerVersion: string; goldVersion?: string | null | undefined },
  format: DatasetFormat,
  question: StoredQuestion | undefined,
): boolean {
  const scorer = getScorer(verdict.scorer);
  if (!scorer) return false;
  if (verdict.scorerVersion !== scorer.version) return true;
  const now = question ? goldVersion(question, format) : null;
  return (verdict.goldVersion ?? null) !== now;
}

/**
 * The Ask panel's grade of an answer to a stored question: the format's default verdict, as a
 * run or a session would get for the same answer. null when the dataset hides the gold
 * (DocMath test splits): there is nothing to grade against.
 */
export function gradeAsk(
  format: DatasetFormat,
  question: StoredQuestion,
  answer: GradableAnswer,
): AskGrade | null {
  if (question.gold.answer === null) return null;
  const [v] = gradeAnswer(format, question, answer);
  return {
    correct: v!.correct,
    scorer: v!.scorer,
    scorerVersion: v!.scorerVersion,
    goldVersion: v!.goldVersion,
    rule: v!.rule,
    outcome: v!.outcome,
    gold: showValue(question.gold.answer),
  };
}
