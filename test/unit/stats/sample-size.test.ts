import { describe, expect, it } from 'vitest';
import { minSampleSize } from '../../../shared/stats';

// References: Cochran's n₀ = z² p(1 − p) / E² with z from Python's NormalDist, rounded up; the
// finite-population values use n₀ / (1 + (n₀ − 1) / N). These match the usual published tables
// (385, 1068, 9604 at 95%; 278 for N = 1000 at ±5%).

describe('minSampleSize', () => {
  it.each([
    [0.9, 0.05, 271],
    [0.95, 0.05, 385],
    [0.95, 0.03, 1068],
    [0.95, 0.01, 9604],
    [0.99, 0.05, 664],
    [0.99, 0.01, 16588],
  ])('confidence %d, ±%d → %d', (confidence, marginOfError, expected) => {
    expect(minSampleSize({ marginOfError, confidence })).toBe(expected);
  });

  it('defaults to 95% and p = 0.5', () => {
    expect(minSampleSize({ marginOfError: 0.05 })).toBe(385);
  });

  it.each([
    [0.05, 500, 218],
    [0.05, 1000, 278],
    [0.05, 10_000, 370],
    [0.03, 1000, 517],
    [0.01, 1000, 906],
  ])('finite population: ±%d with N = %d → %d', (marginOfError, population, expected) => {
    expect(minSampleSize({ marginOfError, population })).toBe(expected);
  });

  it('needs fewer samples when p is far from 1/2, and never more than the population', () => {
    expect(minSampleSize({ marginOfError: 0.05, p: 0.1 })).toBe(139); // 1.96² · 0.09 / 0.0025 = 138.3
    expect(minSampleSize({ marginOfError: 0.05, population: 10 })).toBeLessThanOrEqual(10);
    expect(minSampleSize({ marginOfError: 0.05, p: 0 })).toBe(1);
  });

  it('rejects invalid options', () => {
    expect(() => minSampleSize({ marginOfError: 0 })).toThrow(RangeError);
    expect(() => minSampleSize({ marginOfError: 5 })).toThrow(RangeError);
    expect(() => minSampleSize({ marginOfError: 0.05, confidence: 1 })).toThrow(RangeError);
    expect(() => minSampleSize({ marginOfError: 0.05, p: 1.2 })).toThrow(RangeError);
    expect(() => minSampleSize({ marginOfError: 0.05, population: 0 })).toThrow(RangeError);
  });
});
