import { cohenKappa, fleissKappa, percentAgreement } from '../stats/kappa';
import type { SessionAgreement } from './session';

export interface RaterSession {
  sessionId: number;
  expert: string;
  /** questionId → graded correct, for the questions this session submitted and graded. */
  correct: ReadonlyMap<number, boolean>;
}

/**
 * Agreement of several experts on the same questions, on whether each answer was right:
 * only questions every session submitted count (an unanswered question is not a rating).
 * Percent = share of those on which all agree; Cohen's kappa for two sessions, Fleiss' for
 * any number, and Cohen's kappa for every pair.
 */
export function sessionAgreement(
  raters: readonly RaterSession[],
  externalIds: ReadonlyMap<number, string>,
): Omit<SessionAgreement, 'raters' | 'excluded'> {
  const first = raters[0];
  const shared = first
    ? [...first.correct.keys()]
        .filter((q) => raters.every((r) => r.correct.has(q)))
        .sort((a, b) => a - b)
    : [];
  const labels = (r: RaterSession) => shared.map((q) => r.correct.get(q) as boolean);
  const items = shared.map((questionId) => {
    const correct = raters.map((r) => r.correct.get(questionId) as boolean);
    return {
      questionId,
      externalId: externalIds.get(questionId) ?? '',
      correct,
      agree: correct.every((c) => c === correct[0]),
    };
  });
  const pairs = [];
  for (let i = 0; i < raters.length; i++)
    for (let j = i + 1; j < raters.length; j++) {
      const a = raters[i] as RaterSession;
      const b = raters[j] as RaterSession;
      const both = [...a.correct.keys()].filter((q) => b.correct.has(q));
      const la = both.map((q) => a.correct.get(q) as boolean);
      const lb = both.map((q) => b.correct.get(q) as boolean);
      pairs.push({
        a: a.sessionId,
        b: b.sessionId,
        n: both.length,
        percent: percentAgreement(la, lb),
        cohenKappa: cohenKappa(la, lb),
      });
    }
  return {
    sessionIds: raters.map((r) => r.sessionId),
    experts: raters.map((r) => r.expert),
    n: shared.length,
    percent: shared.length === 0 ? 0 : items.filter((i) => i.agree).length / shared.length,
    cohenKappa:
      raters.length === 2 && shared.length > 0
        ? cohenKappa(labels(raters[0] as RaterSession), labels(raters[1] as RaterSession))
        : null,
    fleissKappa:
      raters.length >= 2 && shared.length > 0 ? fleissKappa(items.map((i) => i.correct)) : null,
    pairs,
    items,
  };
}
