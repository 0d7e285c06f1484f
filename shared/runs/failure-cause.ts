import { verdictCause } from '../grading/failure-label';
import type { RunItem, RunVerdict } from './run';

/**
 * Why a wrong answer was wrong, read from what the run stored and the verdict's rule. Causes
 * that need more than a verdict (retrieval missed the gold evidence, a wrong cell read, suspect
 * gold) come with the engine's traces; imported runs cannot say them.
 */
export const FAILURE_CAUSES = [
  'run error',
  'execution error',
  'no answer extracted',
  'refusal',
  'sign slip',
  'percent slip',
  'scale slip',
  'wrong value',
  'not graded',
] as const;
export type FailureCause = (typeof FAILURE_CAUSES)[number];

/** The cause of one wrong item (the verdict is not correct). */
export function failureCause(item: RunItem, v: RunVerdict): FailureCause {
  if (item.error !== null) return 'run error';
  if (item.execution !== null && !item.execution.ok) return 'execution error';
  if (v.outcome === 'refusal') return 'refusal';
  if (v.outcome === 'no-answer') return 'no answer extracted';
  if (v.outcome === 'error') return 'not graded';
  const rule = v.rule.toLowerCase();
  // DocMath evaluates CoT answers as Python too: there a failed eval means no number was given.
  if (/failed to execute|eval failed|not convertible|raised/.test(rule))
    return item.program !== null ? 'execution error' : 'no answer extracted';
  // The scorer's rule names what differs (shared/grading/failure-label.ts); a slip is named
  // only when the numbers show it, so "different value (… given in no scale, gold in million)"
  // is a wrong value, not a scale slip.
  switch (verdictCause(v)) {
    case 'no answer':
      return 'no answer extracted';
    case 'refusal':
      return 'refusal';
    case 'not graded':
      return 'not graded';
    case 'sign flipped':
      return 'sign slip';
    case 'percent vs fraction':
      return 'percent slip';
    case 'scale':
      return 'scale slip';
    default:
      return 'wrong value';
  }
}
