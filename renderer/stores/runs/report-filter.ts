import type { RunComparison, RunReport } from '../../../shared/runs/report';
import type { FailureCause } from '../../../shared/runs/failure-cause';

export type ReportRow = RunReport['items'][number];
export type Flip = RunComparison['flips'][number];

/** Which items the report's table shows. */
export interface ItemFilter {
  /** A failure cause chip: only the wrong items of that cause. */
  cause?: FailureCause | undefined;
  /** 'wrong' = every item not correct. */
  outcome: 'all' | 'correct' | 'wrong';
  /** Case-insensitive, in the question, id, subset, answer and rule. */
  text: string;
}

export const emptyItemFilter = (): ItemFilter => ({ outcome: 'all', text: '' });

const contains = (hay: (string | null)[], needle: string) =>
  needle === '' || hay.some((h) => h !== null && h.toLowerCase().includes(needle));

export function filterItems(items: readonly ReportRow[], f: ItemFilter): ReportRow[] {
  const text = f.text.trim().toLowerCase();
  return items.filter(
    (i) =>
      (f.cause === undefined || i.cause === f.cause) &&
      (f.outcome === 'all' || (f.outcome === 'correct') === (i.correct === true)) &&
      contains([i.question, i.externalId, i.subset, i.answer, i.rule], text),
  );
}

/** Which flips the comparison lists. */
export interface FlipFilter {
  /** 'a': right in run A only (A→B lost it), 'b': right in run B only. */
  rightIn: 'all' | 'a' | 'b';
  /** A subset (Table 2 column) of run A's report; '' = any. */
  subset: string;
  text: string;
}

export const emptyFlipFilter = (): FlipFilter => ({ rightIn: 'all', subset: '', text: '' });

/**
 * `subsetOf` maps a question's external id to its subset, `questionOf` to its text (from run
 * A's report); the text filter looks in the question too.
 */
export function filterFlips(
  flips: readonly Flip[],
  f: FlipFilter,
  subsetOf: ReadonlyMap<string, string>,
  questionOf: ReadonlyMap<string, string | null> = new Map(),
): Flip[] {
  const text = f.text.trim().toLowerCase();
  return flips.filter(
    (x) =>
      (f.rightIn === 'all' || x.rightIn === f.rightIn) &&
      (f.subset === '' || subsetOf.get(x.externalId) === f.subset) &&
      contains(
        [
          questionOf.get(x.externalId) ?? null,
          x.externalId,
          x.a.answer,
          x.a.rule,
          x.b.answer,
          x.b.rule,
        ],
        text,
      ),
  );
}
