/** Paired bootstrap for the difference in means of two aligned score arrays. */

import {
  assertAllFinite,
  percentileInterval,
  resolveBootstrapOptions,
  type BootstrapResult,
} from './bootstrap';
import { mean } from './descriptive';
import { indexSampler } from './resample';
import { mulberry32 } from './rng';

export interface PairedBootstrapOptions {
  /** Number of resamples (default 10 000). */
  iterations?: number;
  /** PRNG seed (default 1). */
  seed?: number;
  /** Two-sided confidence of the percentile interval (default 0.95). */
  confidence?: number;
  /** One label per item; when given, whole clusters of pairs are resampled. */
  clusters?: readonly string[];
}

export interface PairedBootstrapResult extends BootstrapResult {
  /** mean(a) − mean(b) on the original data (also `estimate`). */
  estimate: number;
  meanA: number;
  meanB: number;
  /**
   * Two-sided bootstrap p-value for H0: no difference, from the percentile interval's inversion:
   * p = min(1, 2 · min(#{d* ≤ 0} + 1, #{d* ≥ 0} + 1) / (B + 1)), where d* are the B replicate
   * differences. It is never below 2 / (B + 1), and is 1 when the arrays are identical.
   */
  pValue: number;
}

/**
 * Resamples items (pairs) — or whole clusters of pairs — keeping a[i] and b[i] together, and
 * reports mean(a) − mean(b) with a percentile interval and a two-sided p-value.
 */
export function pairedBootstrap(
  a: readonly number[],
  b: readonly number[],
  options: PairedBootstrapOptions = {},
): PairedBootstrapResult {
  if (a.length !== b.length) {
    throw new RangeError(`paired arrays differ in length: ${a.length} vs ${b.length}`);
  }
  assertAllFinite('a', a);
  assertAllFinite('b', b);
  const { iterations, seed, confidence } = resolveBootstrapOptions(options);
  const diffs = a.map((x, i) => x - (b[i] ?? NaN));
  const meanA = mean(a);
  const meanB = mean(b);
  const sample = indexSampler(diffs.length, options.clusters);
  const rng = mulberry32(seed);
  const replicates = new Array<number>(iterations);
  let atOrBelowZero = 0;
  let atOrAboveZero = 0;
  for (let r = 0; r < iterations; r++) {
    const indices = sample(rng);
    let sum = 0;
    for (const i of indices) sum += diffs[i] ?? NaN;
    const d = sum / indices.length;
    replicates[r] = d;
    if (d <= 0) atOrBelowZero++;
    if (d >= 0) atOrAboveZero++;
  }
  const pValue = Math.min(1, (2 * (Math.min(atOrBelowZero, atOrAboveZero) + 1)) / (iterations + 1));
  return {
    estimate: meanA - meanB,
    meanA,
    meanB,
    pValue,
    ...percentileInterval(replicates, confidence),
  };
}
