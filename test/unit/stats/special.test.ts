import { describe, expect, it } from 'vitest';
import {
  inverseRegularizedBeta,
  lnBeta,
  lnGamma,
  regularizedBeta,
  regularizedGammaP,
  regularizedGammaQ,
} from '../../../shared/stats';

// References: Python's math.lgamma, and for integer a, b the identity
// I_x(a, b) = P(Binomial(a + b − 1, x) ≥ a) evaluated exactly with fractions.

describe('lnGamma', () => {
  it.each([
    [0.1, 2.2527126517342055],
    [0.5, 0.5723649429247004], // ln √π
    [1, 0],
    [2.5, 0.2846828704729196],
    [10, 12.801827480081467], // ln 9!
    [171.3, 708.114947038997],
    [1e5, 1051287.7089736566],
  ])('lnGamma(%d)', (x, expected) => {
    // Absolute error 1e-13 near the origin, relative error 1e-13 for large values.
    expect(Math.abs(lnGamma(x) - expected)).toBeLessThan(1e-13 * Math.max(1, Math.abs(expected)));
  });

  it('rejects x ≤ 0', () => {
    expect(() => lnGamma(0)).toThrow(RangeError);
    expect(() => lnGamma(-1)).toThrow(RangeError);
  });

  it('lnBeta(a, b) = ln(Γ(a)Γ(b)/Γ(a+b)) for integers', () => {
    // B(3, 4) = 2! 3! / 6! = 12 / 720
    expect(lnBeta(3, 4)).toBeCloseTo(Math.log(12 / 720), 13);
  });
});

describe('regularizedBeta', () => {
  it.each([
    [0.3, 2, 5, 0.5798249999999999],
    [0.7, 10, 3, 0.2528153478549999],
    [0.05, 1, 40, 0.8714878434348966],
    [0.5, 30, 30, 0.5],
    [0.999, 5, 2, 0.999985039955024],
  ])('I_%d(%d, %d)', (x, a, b, expected) => {
    expect(Math.abs(regularizedBeta(x, a, b) - expected)).toBeLessThan(1e-13);
  });

  it('matches closed forms: I_x(1, b) = 1 − (1 − x)^b and I_x(a, 1) = x^a', () => {
    for (const x of [1e-8, 0.01, 0.3, 0.9, 0.999999]) {
      expect(regularizedBeta(x, 1, 7)).toBeCloseTo(1 - (1 - x) ** 7, 14);
      expect(regularizedBeta(x, 4.5, 1)).toBeCloseTo(x ** 4.5, 14);
    }
  });

  it('is exact at the ends and satisfies the symmetry I_x(a, b) = 1 − I_{1−x}(b, a)', () => {
    expect(regularizedBeta(0, 2, 3)).toBe(0);
    expect(regularizedBeta(1, 2, 3)).toBe(1);
    for (const x of [0.1, 0.42, 0.77]) {
      expect(regularizedBeta(x, 2.5, 7)).toBeCloseTo(1 - regularizedBeta(1 - x, 7, 2.5), 14);
    }
  });

  it('rejects arguments outside the domain', () => {
    expect(() => regularizedBeta(-0.1, 1, 1)).toThrow(RangeError);
    expect(() => regularizedBeta(1.1, 1, 1)).toThrow(RangeError);
    expect(() => regularizedBeta(0.5, 0, 1)).toThrow(RangeError);
  });
});

describe('inverseRegularizedBeta', () => {
  it('inverts regularizedBeta across shapes, including large and skewed ones', () => {
    const shapes: [number, number][] = [
      [0.5, 0.5],
      [1, 1],
      [1, 40],
      [2, 5],
      [30, 30],
      [3, 99_998],
      [50_000, 50_001],
    ];
    for (const [a, b] of shapes) {
      for (const p of [1e-10, 0.005, 0.025, 0.5, 0.975, 0.995]) {
        const x = inverseRegularizedBeta(p, a, b);
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(1);
        expect(Math.abs(regularizedBeta(x, a, b) - p)).toBeLessThan(1e-12 * Math.max(1, p * 1e3));
      }
    }
  });

  it('returns the endpoints for p = 0 and p = 1', () => {
    expect(inverseRegularizedBeta(0, 2, 3)).toBe(0);
    expect(inverseRegularizedBeta(1, 2, 3)).toBe(1);
  });

  it('matches the closed form for Beta(1, n): x = 1 − (1 − p)^(1/n)', () => {
    expect(inverseRegularizedBeta(0.975, 1, 10)).toBeCloseTo(1 - 0.025 ** 0.1, 14);
  });
});

describe('regularized incomplete gamma', () => {
  it('P + Q = 1 and P(1, x) = 1 − e^−x', () => {
    for (const x of [0.01, 0.5, 1, 3, 20]) {
      expect(regularizedGammaP(1, x)).toBeCloseTo(1 - Math.exp(-x), 14);
      expect(regularizedGammaQ(1, x)).toBeCloseTo(Math.exp(-x), 14);
      expect(regularizedGammaP(2.5, x) + regularizedGammaQ(2.5, x)).toBeCloseTo(1, 14);
    }
  });
});
