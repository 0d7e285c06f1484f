/** Small descriptive statistics used by the resampling code. */

/** Arithmetic mean; NaN for an empty array. */
export function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/**
 * Quantile of an ascending-sorted array by linear interpolation between order statistics
 * (Hyndman–Fan type 7, the default of R and NumPy).
 */
export function quantileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new RangeError('quantile of an empty array');
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile q must be in [0, 1], got ${q}`);
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  const a = sorted[lo] ?? NaN;
  const b = sorted[hi] ?? NaN;
  return a + (h - lo) * (b - a);
}
