import { describe, expect, it } from 'vitest';
import { erfc, normalCdf, normalQuantile, zForConfidence } from '../../../shared/stats';

// References: Python's statistics.NormalDist().inv_cdf (Wichura AS241) and math.erfc.

describe('normalQuantile', () => {
  it.each([
    [1e-300, -37.0470962993612],
    [1e-12, -7.034483825301132],
    [0.001, -3.090232306167813],
    [0.02425, -1.9729610513118845], // Acklam's region boundary
    [0.1, -1.2815515655446008],
    [0.3, -0.5244005127080407],
    [0.5, 0],
    [0.8, 0.8416212335729144],
    [0.975, 1.9599639845400536],
    [0.999999, 4.753424308817089],
  ])('Φ⁻¹(%d)', (p, expected) => {
    expect(Math.abs(normalQuantile(p) - expected)).toBeLessThan(
      1e-13 * Math.max(1, Math.abs(expected)),
    );
  });

  it('is ∓Infinity at 0 and 1 and throws outside [0, 1]', () => {
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    expect(() => normalQuantile(-0.1)).toThrow(RangeError);
    expect(() => normalQuantile(1.5)).toThrow(RangeError);
    expect(() => normalQuantile(NaN)).toThrow(RangeError);
  });

  it('round-trips with normalCdf', () => {
    for (const p of [1e-20, 1e-5, 0.01, 0.2, 0.5, 0.6, 0.9, 0.99]) {
      expect(normalCdf(normalQuantile(p)) / p).toBeCloseTo(1, 12);
    }
  });
});

describe('normalCdf and erfc', () => {
  it.each([
    [-30, 4.906713927148764e-198],
    [-8, 6.220960574271819e-16],
    [-1.5, 0.06680720126885809],
    [0, 0.5],
    [0.7, 0.758036347776927],
    [3, 0.9986501019683699],
  ])('Φ(%d) to 1e-13 relative', (x, expected) => {
    expect(Math.abs(normalCdf(x) / expected - 1)).toBeLessThan(1e-13);
  });

  it('erfc(0) = 1 and erfc(−y) = 2 − erfc(y)', () => {
    expect(erfc(0)).toBe(1);
    expect(erfc(-0.8)).toBeCloseTo(2 - erfc(0.8), 15);
  });
});

describe('zForConfidence', () => {
  it('gives the familiar two-sided critical values', () => {
    expect(zForConfidence(0.95)).toBeCloseTo(1.959963984540054, 13);
    expect(zForConfidence(0.9)).toBeCloseTo(1.6448536269514722, 13);
    expect(zForConfidence(0.99)).toBeCloseTo(2.5758293035489004, 13);
  });

  it('rejects confidence outside (0, 1)', () => {
    for (const c of [0, 1, -0.5, 95, NaN]) expect(() => zForConfidence(c)).toThrow(RangeError);
  });
});
