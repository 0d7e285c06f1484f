import type { StoredQuestion } from '../../shared/datasets';
import type { Scorer } from '../../shared/grading/verdict';
import type { DatasetFormat } from '../../shared/document/dataset-format';
import { answerPrediction, answerText } from '../../shared/sessions/prediction';
import type { SessionAnswer, SessionVerdict } from '../../shared/sessions/session';
import { defaultScorer, gradeWith, isStale } from '../grading/grading-service';

/**
 * The scorer an expert's answers are graded with: the dataset format's default
 * (shared/grading/default-scorers.ts), the one runs on the same questions are reported and
 * compared by, so the gap view compares like with like.
 */
export function sessionScorerId(format: DatasetFormat): string {
  return defaultScorer(format).id;
}

/**
 * Verdicts for every submitted answer, against the gold as the workspace holds it now, through
 * the grading service: the typed value (with `%` when the unit says percent) as an extracted
 * answer and the scale selector as its scale label, as TAT-QA models report it. `scorer`: the
 * format's default unless another is asked for (the gap view grading with a run's other scorer).
 */
export function gradeSession(
  format: DatasetFormat,
  answers: readonly SessionAnswer[],
  question: (id: number) => StoredQuestion | undefined,
  scorer: Scorer = defaultScorer(format),
): SessionVerdict[] {
  return answers
    .filter((a) => a.submitted)
    .map((a) => {
      const { prediction, predScale } = answerPrediction(a);
      const v = gradeWith(scorer, format, question(a.questionId), {
        answer: prediction === '' ? null : prediction,
        answerKind: 'extracted',
        answerScale: predScale ?? null,
      });
      return {
        questionId: a.questionId,
        scorer: v.scorer,
        scorerVersion: v.scorerVersion,
        goldVersion: v.goldVersion,
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

/**
 * Whether a finished session's stored verdicts are out of date: graded by another scorer than
 * the format's default (the table changed), by an older version of it, or against another gold
 * than its questions have now; or a submitted answer has no verdict.
 */
export function sessionIsStale(
  format: DatasetFormat,
  answers: readonly SessionAnswer[],
  verdicts: readonly SessionVerdict[],
  question: (id: number) => StoredQuestion | undefined,
): boolean {
  const scorer = sessionScorerId(format);
  const graded = new Set(verdicts.map((v) => v.questionId));
  if (answers.some((a) => a.submitted && !graded.has(a.questionId))) return true;
  return verdicts.some((v) => v.scorer !== scorer || isStale(v, format, question(v.questionId)));
}
