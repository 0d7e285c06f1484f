import { describe, expect, it } from 'vitest';
import { binomialCdf, mcnemarExact, mcnemarFromPairs } from '../../../shared/stats';

// References: exact two-sided binomial tests computed with Python fractions,
// p = min(1, 2 · Σ_{i ≤ min(b,c)} C(b+c, i) / 2^(b+c)). b=1, c=9 → 22/1024 = 0.021484375.

describe('mcnemarExact', () => {
  it.each([
    [1, 9, 0.021484375],
    [9, 1, 0.021484375],
    [0, 5, 0.0625],
    [5, 5, 1],
    [3, 4, 1],
    [10, 25, 0.01667384780012071],
    [40, 60, 0.05688793364098079],
  ])('b=%d, c=%d', (b, c, p) => {
    expect(mcnemarExact(b, c)).toBeCloseTo(p, 13);
  });

  it('is 1 with no discordant pairs', () => {
    expect(mcnemarExact(0, 0)).toBe(1);
  });

  it('stays finite and sensible for large counts', () => {
    const p = mcnemarExact(5000, 5200);
    expect(p).toBeGreaterThan(0.04);
    expect(p).toBeLessThan(0.06);
    // 2 · 2^−1000 = 2^−999 ≈ 1.87e−301, still a normal double.
    expect(mcnemarExact(0, 1000) / 2 ** -999).toBeCloseTo(1, 10);
  });

  it('rejects non-integer or negative counts', () => {
    expect(() => mcnemarExact(-1, 2)).toThrow(RangeError);
    expect(() => mcnemarExact(1.5, 2)).toThrow(RangeError);
  });
});

describe('mcnemarFromPairs', () => {
  it('counts discordant pairs in each direction', () => {
    const first = [true, true, false, false, true, true, true, true, true, true, true];
    const second = [true, false, true, false, false, false, false, false, false, false, false];
    // first-only: indices 1, 4..10 → 8; second-only: index 2 → 1.
    expect(mcnemarFromPairs(first, second)).toEqual({
      b: 8,
      c: 1,
      discordant: 9,
      pValue: mcnemarExact(8, 1),
    });
  });

  it('rejects arrays of different length', () => {
    expect(() => mcnemarFromPairs([true], [true, false])).toThrow(RangeError);
  });
});

describe('binomialCdf', () => {
  it('matches direct summation for small n', () => {
    const n = 12;
    const p = 0.3;
    let cumulative = 0;
    let choose = 1;
    for (let k = 0; k <= n; k++) {
      if (k > 0) choose = (choose * (n - k + 1)) / k;
      cumulative += choose * p ** k * (1 - p) ** (n - k);
      expect(binomialCdf(k, n, p)).toBeCloseTo(cumulative, 14);
    }
  });

  it('handles the boundaries', () => {
    expect(binomialCdf(-1, 5, 0.5)).toBe(0);
    expect(binomialCdf(5, 5, 0.5)).toBe(1);
    expect(binomialCdf(2, 5, 0)).toBe(1);
    expect(binomialCdf(2, 5, 1)).toBe(0);
  });
});
