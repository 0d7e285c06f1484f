import { describe, expect, it } from 'vitest';
import { binomialCdf, clopperPearson, wilson } from '../../../shared/stats';

// References: the bounds solve P(X ≥ x; p_L) = α/2 and P(X ≤ x; p_U) = α/2; computed in Python
// by bisection on exact (rational) binomial tails. 0/10 → 1 − 0.025^(1/10) = 0.3085.

describe('clopperPearson', () => {
  it.each([
    [0, 10, 0.95, 0, 0.3084971078187606],
    [10, 10, 0.95, 0.6915028921812392, 1],
    [5, 10, 0.95, 0.18708602844739858, 0.8129139715526013],
    [81, 263, 0.95, 0.25273674558527115, 0.3676219226013513],
    [1, 50, 0.99, 0.00010024581152369904, 0.13940412456107198],
    [3, 20, 0.9, 0.04216940788577858, 0.3436638043142817],
  ])('%d/%d at %d', (x, n, confidence, low, high) => {
    const ci = clopperPearson(x, n, confidence);
    expect(Math.abs(ci.low - low)).toBeLessThan(1e-12);
    expect(Math.abs(ci.high - high)).toBeLessThan(1e-12);
  });

  it('uses exact 0 / 1 bounds at x = 0 and x = n', () => {
    expect(clopperPearson(0, 10).low).toBe(0);
    expect(clopperPearson(10, 10).high).toBe(1);
    expect(clopperPearson(0, 1).high).toBeCloseTo(0.975, 14);
    expect(clopperPearson(1, 1).low).toBeCloseTo(0.025, 14);
  });

  it('bounds satisfy the defining binomial tail equations, including for large n', () => {
    const alpha = 0.05;
    for (const [x, n] of [
      [1, 7],
      [13, 40],
      [3, 100_000],
      [50_000, 100_000],
      [999, 1000],
    ] as const) {
      const { low, high } = clopperPearson(x, n);
      expect(1 - binomialCdf(x - 1, n, low)).toBeCloseTo(alpha / 2, 10);
      expect(binomialCdf(x, n, high)).toBeCloseTo(alpha / 2, 10);
    }
  });

  it('contains the estimate, widens with confidence, and is at least as wide as Wilson here', () => {
    for (const [x, n] of [
      [0, 5],
      [2, 9],
      [81, 263],
      [400, 1000],
    ] as const) {
      const c90 = clopperPearson(x, n, 0.9);
      const c95 = clopperPearson(x, n, 0.95);
      expect(c95.low).toBeLessThanOrEqual(x / n);
      expect(c95.high).toBeGreaterThanOrEqual(x / n);
      expect(c95.low).toBeLessThanOrEqual(c90.low);
      expect(c95.high).toBeGreaterThanOrEqual(c90.high);
      const w = wilson(x, n);
      expect(c95.high - c95.low).toBeGreaterThanOrEqual(w.high - w.low);
    }
  });

  it('n = 0 is uninformative: [0, 1]', () => {
    expect(clopperPearson(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it('rejects non-integer or out-of-range counts', () => {
    expect(() => clopperPearson(1.5, 10)).toThrow(RangeError);
    expect(() => clopperPearson(11, 10)).toThrow(RangeError);
    expect(() => clopperPearson(-1, 10)).toThrow(RangeError);
    expect(() => clopperPearson(1, 10, 1)).toThrow(RangeError);
  });
});
