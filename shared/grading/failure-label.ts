import type { Outcome } from './verdict';

// What a wrong verdict says went wrong, in one of a few words an analyst uses, read from the
// verdict's outcome and rule. The scorers write their rules so that this reading is exact:
// a rule names a slip (sign, scale, percent, rounding) only when the numbers show it. Checked
// against 110 hand-labelled real wrong answers (test/fixtures/grading/failure-causes.json).

export const VERDICT_CAUSES = [
  'different value',
  'sign flipped',
  'scale',
  'percent vs fraction',
  'rounding',
  'wrong span',
  'partial list',
  'refusal',
  'no answer',
  'not graded',
] as const;
export type VerdictCause = (typeof VERDICT_CAUSES)[number];

/** The cause of a verdict that is not correct (a correct one gives undefined). */
export function verdictCause(v: {
  outcome: Outcome;
  rule: string;
  correct?: boolean;
}): VerdictCause | undefined {
  if (v.correct === true || v.outcome === 'correct') return undefined;
  if (v.outcome === 'refusal') return 'refusal';
  if (v.outcome === 'no-answer') return 'no answer';
  if (v.outcome === 'error') return 'not graded';
  const rule = v.rule.toLowerCase();
  if (
    /failed to execute|eval failed|not convertible|raised|no answer|no prediction|empty prediction|returned "none"|answer has no (?:single )?number|no value/.test(
      rule,
    )
  )
    return 'no answer';
  if (/partial list|different number of (?:values|items)|missing item|extra item/.test(rule))
    return 'partial list';
  if (/^values differ: /.test(rule))
    return verdictCause({ outcome: v.outcome, rule: rule.slice(15) });
  if (/^sign flipped/.test(rule)) return 'sign flipped';
  if (/percent vs fraction/.test(rule)) return 'percent vs fraction';
  if (/^off by ×|\(scale\)/.test(rule)) return 'scale';
  if (/^rounding|last decimal/.test(rule)) return 'rounding';
  if (/different words|wrong span|partial span|no exact match|other words/.test(rule))
    return 'wrong span';
  return 'different value';
}
