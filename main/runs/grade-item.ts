import type { StoredQuestion } from '../../shared/datasets';
import type { DatasetFormat } from '../../shared/model/dataset-format';
import type { JsonValue, ScoreInput, Scorer } from '../../shared/grading/verdict';
import type { RunItem, RunVerdict } from '../../shared/runs/run';
import { goldProblem } from '../grading/json-value';

/** Decimals a dataset rounds its numeric golds to (read by the strict scorer only). */
const GOLD_DECIMALS: Partial<Record<DatasetFormat, number>> = { docmath: 3, tatqa: 2, tathqa: 2 };
/** Answer types the scorers read (TAT-QA's vocabulary, also MultiHiertt's and FinQA's). */
const SCORER_ANSWER_TYPES = new Set(['span', 'multi-span', 'arithmetic', 'count']);

/** The answer part of an item: what any scorer needs besides the question. */
export type GradableAnswer = Pick<RunItem, 'answer' | 'answerKind' | 'answerScale'>;

function errorVerdict(scorer: Scorer, rule: string): Omit<RunVerdict, 'itemId'> {
  return {
    scorer: scorer.id,
    scorerVersion: scorer.version,
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
 * One scorer's verdict on one stored answer, against the question's gold as the workspace holds
 * it now (so a re-grade after a revised gold uses the new gold). A question that is gone, a
 * hidden gold or a scorer that throws gives an `error` verdict naming why, never a crash.
 */
export function gradeAnswer(
  scorer: Scorer,
  format: DatasetFormat,
  question: StoredQuestion | undefined,
  item: GradableAnswer,
): Omit<RunVerdict, 'itemId'> {
  if (!question) return errorVerdict(scorer, 'question no longer in the dataset');
  const problem = goldProblem(question.gold.answer);
  if (problem) return errorVerdict(scorer, `cannot grade: ${problem}`);
  const decimals = GOLD_DECIMALS[format];
  const input: ScoreInput = {
    gold: question.gold.answer,
    ...(question.scale !== null ? { goldScale: question.scale } : {}),
    ...(decimals !== undefined ? { goldDecimals: decimals } : {}),
    ...(SCORER_ANSWER_TYPES.has(question.type) ? { answerType: question.type } : {}),
    question: question.question,
    prediction: (item.answer ?? null) as JsonValue,
    predictionKind: item.answerKind,
    ...(item.answerScale !== null ? { predScale: item.answerScale } : {}),
  };
  try {
    const v = scorer.score(input);
    return {
      scorer: scorer.id,
      scorerVersion: scorer.version,
      correct: v.correct,
      score: v.score,
      outcome: v.outcome,
      rule: v.rule,
      extracted: v.extracted,
      predNormalized: v.predNormalized,
      goldNormalized: v.goldNormalized,
    };
  } catch (e) {
    return errorVerdict(scorer, `scorer failed: ${(e as Error).message}`);
  }
}
