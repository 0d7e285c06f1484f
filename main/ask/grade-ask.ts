import type { AskAnswer, AskGrade } from '../../shared/ask/ask';
import type { StoredQuestion } from '../../shared/datasets/stored-question';
import { getScorer } from '../../shared/grading/scorers';
import { showValue, type JsonValue, type PredictionKind } from '../../shared/grading/verdict';
import type { DatasetFormat } from '../../shared/model/dataset-format';

/** Free-text golds (FinanceBench, TableQuest) are graded the way human experts do. */
const ANALYST_FORMATS: ReadonlySet<DatasetFormat> = new Set(['financebench', 'tablequest']);
/** Answer types the scorers read (as main/grading/stored-gold.ts passes them). */
const SCORER_ANSWER_TYPES = new Set(['span', 'multi-span', 'arithmetic', 'count']);

/** The answer's scale as a TAT-QA style label, so "44.1" from cells in millions reads right. */
export function scaleLabel(scale: number | null): string | undefined {
  if (scale === 1e3) return 'thousand';
  if (scale === 1e6) return 'million';
  if (scale === 1e9) return 'billion';
  if (scale === 0.01) return 'percent';
  return undefined;
}

export interface GradeInput {
  question: StoredQuestion;
  format: DatasetFormat;
  /** The model's output (direct, CoT) or the program's result (program modes). */
  prediction: JsonValue | undefined;
  predictionKind: PredictionKind;
  answer: AskAnswer;
}

/**
 * Grades an ask against a stored question's gold with the default scorer for its dataset:
 * `analyst` for free-text golds, `strict` otherwise (the defaults `workbench grade` uses).
 * null when the dataset hides the gold (DocMath test splits).
 */
export function gradeAsk(input: GradeInput): AskGrade | null {
  const { question } = input;
  if (question.gold.answer === null) return null;
  const scorerId = ANALYST_FORMATS.has(input.format) ? 'analyst' : 'strict';
  const scorer = getScorer(scorerId);
  if (!scorer) throw new Error(`scorer ${scorerId} missing`);
  const predScale =
    input.predictionKind === 'executed' ? scaleLabel(input.answer.scale) : undefined;
  const verdict = scorer.score({
    gold: question.gold.answer,
    ...(question.scale !== null ? { goldScale: question.scale } : {}),
    ...(SCORER_ANSWER_TYPES.has(question.type) ? { answerType: question.type } : {}),
    prediction: input.prediction,
    predictionKind: input.predictionKind,
    ...(predScale !== undefined ? { predScale } : {}),
    question: question.question,
  });
  return {
    correct: verdict.correct,
    scorer: verdict.scorer,
    rule: verdict.rule,
    outcome: verdict.outcome,
    gold: showValue(question.gold.answer),
  };
}
