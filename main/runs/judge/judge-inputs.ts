import type { StoredQuestion } from '../../../shared/datasets';
import type { JudgeQuestion } from '../../../shared/runs/judge-prompt';
import type { RunItem } from '../../../shared/runs/run';
import { sha256 } from './rubric-of';

/**
 * What the judge is shown of a question: its text and the gold the workspace holds now (an
 * accepted dispute's correction included). null when the dataset hides the gold.
 */
export function judgeQuestion(q: StoredQuestion): JudgeQuestion | null {
  const a = q.gold.answer;
  if (a === null) return null;
  const gold = Array.isArray(a) ? a.join('; ') : String(a);
  return {
    question: q.question,
    gold: q.scale ? `${gold} (${q.scale})` : gold,
    ...(q.gold.explanation ? { explanation: q.gold.explanation } : {}),
  };
}

/**
 * The answer as the judge sees it: the model's whole output (an analytic answer is its text),
 * else the answer as graded. null for an item with no answer (a failed model call).
 */
export function answerText(item: RunItem): string | null {
  if (item.error !== null) return null;
  if (item.output !== null && item.output.trim() !== '') return item.output;
  const a = item.answer;
  if (a === null || a === undefined) return null;
  const s = typeof a === 'string' ? a : JSON.stringify(a);
  return item.answerScale ? `${s} ${item.answerScale}` : s;
}

/** The key of what was judged: a changed answer or gold is asked again, an unchanged one is not. */
export const contentHash = (q: JudgeQuestion, ...answers: string[]) =>
  sha256(JSON.stringify([q, ...answers]));
