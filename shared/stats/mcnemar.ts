/** Exact McNemar test for paired binary outcomes. */

import { binomialCdf } from './binomial';
import { assertNonNegativeInteger } from './validate';

/**
 * Exact two-sided McNemar p-value from the discordant counts: `b` pairs where only the first
 * rater/model is right, `c` pairs where only the second is. Under H0 the discordant pairs split
 * Binomial(b + c, 1/2); p = min(1, 2 · P(X ≤ min(b, c))). No discordant pairs gives p = 1.
 */
export function mcnemarExact(b: number, c: number): number {
  assertNonNegativeInteger('b', b);
  assertNonNegativeInteger('c', c);
  const n = b + c;
  if (n === 0) return 1;
  return Math.min(1, 2 * binomialCdf(Math.min(b, c), n, 0.5));
}

export interface McNemarResult {
  /** Pairs where `first` is true and `second` is false. */
  b: number;
  /** Pairs where `first` is false and `second` is true. */
  c: number;
  /** Discordant pairs, b + c. */
  discordant: number;
  /** Exact two-sided p-value. */
  pValue: number;
}

/** McNemar's exact test on two aligned arrays of per-item correctness (same items, same order). */
export function mcnemarFromPairs(
  first: readonly boolean[],
  second: readonly boolean[],
): McNemarResult {
  if (first.length !== second.length) {
    throw new RangeError(`paired arrays differ in length: ${first.length} vs ${second.length}`);
  }
  let b = 0;
  let c = 0;
  for (let i = 0; i < first.length; i++) {
    if (first[i] && !second[i]) b++;
    else if (!first[i] && second[i]) c++;
  }
  return { b, c, discordant: b + c, pValue: mcnemarExact(b, c) };
}
