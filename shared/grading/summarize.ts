import { wilson } from '../stats';
import { OUTCOMES, type Outcome, type Verdict } from './verdict';
import { compact } from '../util/compact';

/** One graded item as reports and the CLI show it. */
export interface GradedItem {
  id: string;
  outcome: Outcome;
  correct: boolean;
  score: number;
  em?: number;
  f1?: number;
  rule: string;
  extracted: string | null;
}

export interface GradeSummary {
  n: number;
  correct: number;
  /** correct / n; items that could not be graded (outcome error) count as not correct. */
  accuracy: number;
  /** 95% Wilson score interval on accuracy. */
  accuracyCi95: { low: number; high: number };
  /** Mean of verdict scores (= accuracy, or mean F1 for span scorers). */
  meanScore: number;
  /** Mean EM / F1 when the scorer reports them (TAT-QA, MultiHiertt). */
  em?: number;
  f1?: number;
  outcomes: Record<Outcome, number>;
  /** Items per rule, with item-specific details in parentheses dropped ("off by 3%" → "different value"). */
  rules: Record<string, number>;
}

/** The rule without its item-specific parenthetical, so equal reasons count together. */
export function ruleKey(rule: string): string {
  return rule.replace(/\s*\([^)]*\)/g, '').trim();
}

export function toGradedItem(id: string, v: Verdict): GradedItem {
  return {
    id,
    outcome: v.outcome,
    correct: v.correct,
    score: v.score,
    ...compact({ em: v.em, f1: v.f1 }),
    rule: v.rule,
    extracted: v.extracted,
  };
}

export function summarize(items: readonly GradedItem[]): GradeSummary {
  const n = items.length;
  const outcomes = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
  const rules: Record<string, number> = {};
  let correct = 0;
  let scoreSum = 0;
  let emSum = 0;
  let f1Sum = 0;
  let withEm = 0;
  for (const it of items) {
    outcomes[it.outcome]++;
    const key = ruleKey(it.rule);
    rules[key] = (rules[key] ?? 0) + 1;
    if (it.correct) correct++;
    scoreSum += it.score;
    if (it.em !== undefined) {
      withEm++;
      emSum += it.em;
      f1Sum += it.f1 ?? 0;
    }
  }
  return {
    n,
    correct,
    accuracy: n === 0 ? 0 : correct / n,
    accuracyCi95: wilson(correct, n),
    meanScore: n === 0 ? 0 : scoreSum / n,
    ...(withEm > 0 ? { em: emSum / n, f1: f1Sum / n } : {}),
    outcomes,
    rules: Object.fromEntries(Object.entries(rules).sort((a, b) => b[1] - a[1])),
  };
}
