import type { GradedItem } from '../../shared/grading/summarize';
import type { Outcome } from '../../shared/grading/verdict';
import type { ExpertLabel } from './readers/financebench-graded';

// Agreement of a scorer with human experts' labels (FinanceBench: Correct Answer / Incorrect
// Answer / Refusal). Our outcomes map onto the experts' three: `no-answer` (no value stated)
// counts as a refusal, `error` (an item we could not grade) agrees with nothing.

export const EXPERT_LABELS: readonly ExpertLabel[] = ['correct', 'incorrect', 'refusal'];

export function asExpertLabel(o: Outcome): ExpertLabel | undefined {
  if (o === 'correct' || o === 'incorrect' || o === 'refusal') return o;
  if (o === 'no-answer') return 'refusal';
  return undefined;
}

export interface LabelledItem {
  graded: GradedItem;
  label: ExpertLabel;
}

export interface Agreement {
  n: number;
  agree: number;
  /** agree / n (0 when n is 0). */
  rate: number;
  /** confusion[expert][ours], ours one of our outcomes. */
  confusion: Record<ExpertLabel, Record<Outcome, number>>;
  /** Disagreements counted by our rule (parentheticals dropped), "expert→ours: rule". */
  disagreements: Record<string, number>;
}

export function agreement(
  items: readonly LabelledItem[],
  ruleKey: (r: string) => string,
): Agreement {
  const empty = (): Record<Outcome, number> => ({
    correct: 0,
    incorrect: 0,
    refusal: 0,
    'no-answer': 0,
    error: 0,
  });
  const confusion: Record<ExpertLabel, Record<Outcome, number>> = {
    correct: empty(),
    incorrect: empty(),
    refusal: empty(),
  };
  const disagreements: Record<string, number> = {};
  let agree = 0;
  for (const { graded, label } of items) {
    confusion[label][graded.outcome]++;
    if (asExpertLabel(graded.outcome) === label) agree++;
    else {
      const key = `expert ${label} → ${graded.outcome}: ${ruleKey(graded.rule)}`;
      disagreements[key] = (disagreements[key] ?? 0) + 1;
    }
  }
  return {
    n: items.length,
    agree,
    rate: items.length === 0 ? 0 : agree / items.length,
    confusion,
    disagreements: Object.fromEntries(
      Object.entries(disagreements).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
    ),
  };
}
