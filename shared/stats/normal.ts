/** Standard normal distribution: CDF and quantile. */

import { regularizedGammaQ } from './special';
import { assertConfidence } from './validate';

/** Complementary error function, via erfc(y) = Q(1/2, y²) for y ≥ 0. */
export function erfc(y: number): number {
  if (Number.isNaN(y)) return NaN;
  const q = regularizedGammaQ(0.5, y * y);
  return y >= 0 ? q : 2 - q;
}

/** Φ(x), the standard normal CDF; accurate in relative terms far into both tails. */
export function normalCdf(x: number): number {
  return 0.5 * erfc(-x / Math.SQRT2);
}

// Acklam's rational approximation (relative error < 1.15e-9), refined by one Halley step.
const A = [
  -3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2,
  -3.066479806614716e1, 2.506628277459239,
] as const;
const B = [
  -5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1,
  -1.328068155288572e1,
] as const;
const C = [
  -7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734,
  4.374664141464968, 2.938163982698783,
] as const;
const D = [
  7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416,
] as const;
const P_LOW = 0.02425;

function acklam(p: number): number {
  if (p < P_LOW) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5]) /
      ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1)
    );
  }
  if (p <= 1 - P_LOW) {
    const q = p - 0.5;
    const r = q * q;
    return (
      ((((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q) /
      (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1)
    );
  }
  return -acklam(1 - p);
}

/** Φ⁻¹(p): the standard normal quantile. Returns ∓Infinity at p = 0 / 1; throws outside [0, 1]. */
export function normalQuantile(p: number): number {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`normalQuantile needs 0 ≤ p ≤ 1, got ${p}`);
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  // Work in the lower tail, where p carries full relative precision, then mirror.
  if (p > 0.5) return -normalQuantile(1 - p);
  const x = acklam(p);
  const e = normalCdf(x) - p;
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
  return x - u / (1 + (x * u) / 2);
}

/** Two-sided critical value z with P(|Z| ≤ z) = confidence (1.959964… for 0.95). */
export function zForConfidence(confidence: number): number {
  assertConfidence(confidence);
  return -normalQuantile((1 - confidence) / 2);
}
