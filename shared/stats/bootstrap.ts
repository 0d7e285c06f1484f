/** Percentile bootstrap intervals, optionally resampling whole clusters. */

import { mean, quantileSorted } from './descriptive';
import { indexSampler } from './resample';
import { mulberry32 } from './rng';
import { assertConfidence, assertFinite, assertPositiveInteger } from './validate';

export const DEFAULT_BOOTSTRAP_ITERATIONS = 10_000;
export const DEFAULT_BOOTSTRAP_SEED = 1;

export interface BootstrapOptions {
  /** Number of resamples (default 10 000). */
  iterations?: number;
  /** PRNG seed (default 1). The result is a pure function of the inputs and the seed. */
  seed?: number;
  /** Two-sided confidence of the percentile interval (default 0.95). */
  confidence?: number;
  /**
   * Statistic of a sample (default: mean). It receives a scratch array that is reused across
   * resamples (it may sort it in place, but must not keep a reference to it).
   */
  statistic?: (sample: readonly number[]) => number;
  /** One label per value; when given, whole clusters are resampled (e.g. all items of a document). */
  clusters?: readonly string[];
}

export interface BootstrapResult {
  /** The statistic on the original data. */
  estimate: number;
  low: number;
  high: number;
}

export interface ResolvedBootstrapOptions {
  iterations: number;
  seed: number;
  confidence: number;
}

export function resolveBootstrapOptions(options: {
  iterations?: number;
  seed?: number;
  confidence?: number;
}): ResolvedBootstrapOptions {
  const iterations = options.iterations ?? DEFAULT_BOOTSTRAP_ITERATIONS;
  const seed = options.seed ?? DEFAULT_BOOTSTRAP_SEED;
  const confidence = options.confidence ?? 0.95;
  assertPositiveInteger('iterations', iterations);
  assertFinite('seed', seed);
  assertConfidence(confidence);
  return { iterations, seed, confidence };
}

export function assertAllFinite(name: string, values: readonly number[]): void {
  if (values.length === 0) throw new RangeError(`${name} is empty: nothing to bootstrap`);
  values.forEach((v, i) => assertFinite(`${name}[${i}]`, v));
}

/** Percentile interval from the (unsorted) bootstrap replicates. */
export function percentileInterval(
  replicates: number[],
  confidence: number,
): { low: number; high: number } {
  replicates.sort((x, y) => x - y);
  const alpha = 1 - confidence;
  return {
    low: quantileSorted(replicates, alpha / 2),
    high: quantileSorted(replicates, 1 - alpha / 2),
  };
}

/**
 * Percentile bootstrap interval for `statistic` (default: mean) of `values`.
 * Throws RangeError for empty input, non-finite values, or a statistic that returns a
 * non-finite value on some resample.
 */
export function bootstrap(
  values: readonly number[],
  options: BootstrapOptions = {},
): BootstrapResult {
  assertAllFinite('values', values);
  const { iterations, seed, confidence } = resolveBootstrapOptions(options);
  const statistic = options.statistic ?? mean;
  const sample = indexSampler(values.length, options.clusters);
  const rng = mulberry32(seed);
  const estimate = statistic(values.slice());
  const replicates = new Array<number>(iterations);
  const scratch: number[] = [];
  for (let r = 0; r < iterations; r++) {
    const indices = sample(rng);
    scratch.length = indices.length;
    for (let j = 0; j < indices.length; j++) scratch[j] = values[indices[j] ?? 0] ?? NaN;
    const value = statistic(scratch);
    if (!Number.isFinite(value)) {
      throw new RangeError(`statistic returned ${value} on bootstrap resample ${r}`);
    }
    replicates[r] = value;
  }
  return { estimate, ...percentileInterval(replicates, confidence) };
}
