/** Binomial distribution helpers. */

import { regularizedBeta } from './special';
import { assertNonNegativeInteger } from './validate';

/** P(X ≤ k) for X ~ Binomial(n, p), via P(X ≤ k) = I_{1−p}(n − k, k + 1). */
export function binomialCdf(k: number, n: number, p: number): number {
  assertNonNegativeInteger('n', n);
  if (!(p >= 0 && p <= 1)) throw new RangeError(`p must be in [0, 1], got ${p}`);
  if (Number.isNaN(k)) throw new RangeError('k must be a number');
  const kk = Math.floor(k);
  if (kk < 0) return 0;
  if (kk >= n) return 1;
  if (p === 0) return 1;
  if (p === 1) return 0;
  return regularizedBeta(1 - p, n - kk, kk + 1);
}
