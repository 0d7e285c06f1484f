/** Wilson score interval for a binomial proportion. */

import { zForConfidence } from './normal';
import { assertConfidence, assertFinite } from './validate';

/**
 * Wilson score interval for `successes` out of `n` at the given two-sided confidence.
 *
 * `successes` may be fractional (e.g. summed partial credit) but must satisfy 0 ≤ successes ≤ n.
 * Edge case, by design: n = 0 carries no information, so the interval is the whole range
 * { low: 0, high: 1 } rather than an error. Invalid arguments throw RangeError.
 */
export function wilson(
  successes: number,
  n: number,
  confidence = 0.95,
): { low: number; high: number } {
  assertFinite('successes', successes);
  assertFinite('n', n);
  assertConfidence(confidence);
  if (n < 0) throw new RangeError(`n must be ≥ 0, got ${n}`);
  if (successes < 0 || successes > n) {
    throw new RangeError(`successes must be between 0 and n (${n}), got ${successes}`);
  }
  if (n === 0) return { low: 0, high: 1 };
  const z = zForConfidence(confidence);
  const z2 = z * z;
  const p = successes / n;
  const denominator = 1 + z2 / n;
  const center = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // Exact bounds at the extremes (the formula gives them up to rounding).
  const low = successes === 0 ? 0 : Math.max(0, center - half);
  const high = successes === n ? 1 : Math.min(1, center + half);
  return { low, high };
}
