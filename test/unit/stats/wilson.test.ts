import { describe, expect, it } from 'vitest';
import { wilson } from '../../../shared/stats';

// References computed from the closed form with z = NormalDist().inv_cdf(1 − α/2) in Python;
// 81/263 at 95% is the textbook example (≈ [0.2553, 0.3662]).

describe('wilson', () => {
  it.each([
    [81, 263, 0.95, 0.2552885198782743, 0.3662095769828001],
    [81, 263, 0.99, 0.24013690268760773, 0.38528250231822986],
    [81, 263, 0.9, 0.2633136171884814, 0.35656634960848815],
    [0, 10, 0.95, 0, 0.27753279986288915],
    [10, 10, 0.95, 0.7224672001371109, 1],
    [5, 10, 0.95, 0.23659309051256405, 0.763406909487436],
    [1, 3, 0.95, 0.06149194472039632, 0.7923403991979523],
  ])('%d/%d at %d', (x, n, confidence, low, high) => {
    const ci = wilson(x, n, confidence);
    expect(ci.low).toBeCloseTo(low, 12);
    expect(ci.high).toBeCloseTo(high, 12);
  });

  it('defaults to 95% confidence', () => {
    expect(wilson(81, 263)).toEqual(wilson(81, 263, 0.95));
  });

  it('returns exact 0 / 1 bounds at the extremes', () => {
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(10, 10).high).toBe(1);
  });

  it('contains the point estimate, stays in [0, 1], and is mirror-symmetric', () => {
    for (const n of [1, 2, 7, 30, 263, 5000]) {
      for (let x = 0; x <= n; x += Math.max(1, Math.floor(n / 9))) {
        const ci = wilson(x, n);
        expect(ci.low).toBeGreaterThanOrEqual(0);
        expect(ci.high).toBeLessThanOrEqual(1);
        expect(ci.low).toBeLessThanOrEqual(x / n);
        expect(ci.high).toBeGreaterThanOrEqual(x / n);
        const mirror = wilson(n - x, n);
        expect(ci.low).toBeCloseTo(1 - mirror.high, 12);
      }
    }
  });

  it('widens with confidence and narrows with n', () => {
    const width = (ci: { low: number; high: number }) => ci.high - ci.low;
    expect(width(wilson(30, 100, 0.8))).toBeLessThan(width(wilson(30, 100, 0.9)));
    expect(width(wilson(30, 100, 0.9))).toBeLessThan(width(wilson(30, 100, 0.99)));
    expect(width(wilson(300, 1000))).toBeLessThan(width(wilson(30, 100)));
  });

  it('accepts fractional successes (partial credit)', () => {
    const ci = wilson(2.5, 10);
    expect(ci.low).toBeLessThan(0.25);
    expect(ci.high).toBeGreaterThan(0.25);
  });

  it('n = 0 is uninformative: the whole [0, 1] range, not an error', () => {
    expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it('rejects invalid input with RangeError', () => {
    expect(() => wilson(-1, 10)).toThrow(RangeError);
    expect(() => wilson(11, 10)).toThrow(RangeError);
    expect(() => wilson(1, -1)).toThrow(RangeError);
    expect(() => wilson(NaN, 10)).toThrow(RangeError);
    expect(() => wilson(1, Infinity)).toThrow(RangeError);
    expect(() => wilson(1, 10, 0)).toThrow(RangeError);
    expect(() => wilson(1, 10, 1)).toThrow(RangeError);
    expect(() => wilson(1, 10, 95)).toThrow(RangeError);
  });
});
