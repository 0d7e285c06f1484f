import type { StoredQuestion } from '../../shared/datasets';
import { getScorer } from '../../shared/grading';
import type { DatasetFormat } from '../../shared/model/dataset-format';
import { answerPrediction, answerText } from '../../shared/sessions/prediction';
import type { SessionAnswer, SessionVerdict } from '../../shared/sessions/session';
import { gradeAnswer } from '../runs/grade-item';

/**
 * The scorer an expert's answer is graded with: `strict` (the default for extracted answers:
 * the gold's precision, explicit scale, sign and ×10^k errors named), except for datasets whose
 * gold is a sentence (FinanceBench), where `analyst` reads the stated answer.
 */
export function sessionScorerId(format: DatasetFormat): string {
  return format === 'financebench' ? 'analyst' : 'strict';
}

/** Verdicts for every submitted answer, against the gold as the workspace holds it now. */
export function gradeSession(
  format: DatasetFormat,
  answers: readonly SessionAnswer[],
  question: (id: number) => StoredQuestion | undefined,
): SessionVerdict[] {
  const scorer = getScorer(sessionScorerId(format));
  if (!scorer) throw new Error(`scorer ${sessionScorerId(format)} is missing`);
  return answers
    .filter((a) => a.submitted)
    .map((a) => {
      const { prediction, predScale } = answerPrediction(a);
      const v = gradeAnswer(scorer, format, question(a.questionId), {
        answer: prediction === '' ? null : prediction,
        answerKind: 'extracted',
        answerScale: predScale ?? null,
      });
      return {
        questionId: a.questionId,
        scorer: v.scorer,
        scorerVersion: v.scorerVersion,
        correct: v.correct,
        score: v.score,
        outcome: v.outcome,
        rule: v.rule,
        prediction: answerText(a),
        predNormalized: v.predNormalized,
        goldNormalized: v.goldNormalized,
      };
    });
}
