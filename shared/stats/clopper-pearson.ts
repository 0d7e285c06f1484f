/** Clopper–Pearson ("exact") interval for a binomial proportion. */

import { inverseRegularizedBeta } from './special';
import { assertConfidence, assertNonNegativeInteger } from './validate';

/**
 * Exact (Clopper–Pearson) two-sided interval for `successes` out of `n` trials, from beta
 * quantiles: low = B⁻¹(α/2; x, n − x + 1), high = B⁻¹(1 − α/2; x + 1, n − x), with α = 1 − confidence.
 * At x = 0 the lower bound is 0 and at x = n the upper bound is 1 (α/2 is still used for the
 * other side, so 0/10 at 95% gives [0, 0.3085]).
 *
 * Both counts must be integers. Like `wilson`, n = 0 returns { low: 0, high: 1 }.
 */
export function clopperPearson(
  successes: number,
  n: number,
  confidence = 0.95,
): { low: number; high: number } {
  assertNonNegativeInteger('successes', successes);
  assertNonNegativeInteger('n', n);
  assertConfidence(confidence);
  if (successes > n) throw new RangeError(`successes (${successes}) must not exceed n (${n})`);
  if (n === 0) return { low: 0, high: 1 };
  const alpha = 1 - confidence;
  const low = successes === 0 ? 0 : inverseRegularizedBeta(alpha / 2, successes, n - successes + 1);
  const high =
    successes === n ? 1 : inverseRegularizedBeta(1 - alpha / 2, successes + 1, n - successes);
  return { low, high };
}
