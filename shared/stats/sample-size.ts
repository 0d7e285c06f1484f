/** Sample size planning for estimating a proportion. */

import { zForConfidence } from './normal';
import { assertConfidence } from './validate';

export interface SampleSizeOptions {
  /** Desired half-width of the interval, as a proportion (0.05 for ±5 points). */
  marginOfError: number;
  /** Two-sided confidence (default 0.95). */
  confidence?: number;
  /** Anticipated proportion (default 0.5, the worst case). */
  p?: number;
  /** Finite population size; when given, applies the finite-population correction. */
  population?: number;
}

/**
 * Minimum n so a normal-approximation interval for a proportion has the requested margin:
 * n₀ = z² p (1 − p) / E² (Cochran), and with a population N, n = n₀ / (1 + (n₀ − 1) / N).
 * Rounded up (±5% at 95% → 385; with N = 1000 → 278). Always at least 1.
 */
export function minSampleSize(options: SampleSizeOptions): number {
  const { marginOfError, confidence = 0.95, p = 0.5, population } = options;
  if (!(marginOfError > 0 && marginOfError < 1)) {
    throw new RangeError(`marginOfError must be strictly between 0 and 1, got ${marginOfError}`);
  }
  assertConfidence(confidence);
  if (!(p >= 0 && p <= 1)) throw new RangeError(`p must be in [0, 1], got ${p}`);
  if (population !== undefined && !(Number.isInteger(population) && population >= 1)) {
    throw new RangeError(`population must be a positive integer, got ${population}`);
  }
  const z = zForConfidence(confidence);
  let n = (z * z * p * (1 - p)) / (marginOfError * marginOfError);
  if (population !== undefined) n = n / (1 + (n - 1) / population);
  // Guard against rounding pushing an exact integer just above itself.
  const rounded = Math.ceil(n - 1e-9);
  return Math.max(1, population === undefined ? rounded : Math.min(rounded, population));
}
