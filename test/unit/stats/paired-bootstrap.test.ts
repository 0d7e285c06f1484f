import { describe, expect, it } from 'vitest';
import { mcnemarFromPairs, mulberry32, pairedBootstrap } from '../../../shared/stats';

function bernoulli(n: number, p: number, seed: number): number[] {
  const r = mulberry32(seed);
  return Array.from({ length: n }, () => (r() < p ? 1 : 0));
}

describe('pairedBootstrap', () => {
  it('identical arrays: zero difference, degenerate interval, p = 1', () => {
    const a = bernoulli(50, 0.6, 1);
    expect(pairedBootstrap(a, a, { iterations: 500, seed: 1 })).toEqual({
      estimate: 0,
      meanA: a.reduce((s, x) => s + x, 0) / a.length,
      meanB: a.reduce((s, x) => s + x, 0) / a.length,
      pValue: 1,
      low: 0,
      high: 0,
    });
  });

  it('reports the difference of means and a small p-value for a clear effect', () => {
    const b = bernoulli(200, 0.5, 2);
    const a = b.map((x, i) => (i % 4 === 0 ? 1 : x)); // a is never worse, often better
    const iterations = 2000;
    const result = pairedBootstrap(a, b, { iterations, seed: 3 });
    expect(result.estimate).toBeCloseTo(result.meanA - result.meanB, 15);
    expect(result.estimate).toBeGreaterThan(0);
    expect(result.low).toBeGreaterThan(0);
    expect(result.high).toBeGreaterThan(result.estimate);
    expect(result.pValue).toBeCloseTo(2 / (iterations + 1), 15); // the smallest it can be
  });

  it('is antisymmetric in its arguments', () => {
    const a = bernoulli(80, 0.7, 4);
    const b = bernoulli(80, 0.6, 5);
    const ab = pairedBootstrap(a, b, { iterations: 1000, seed: 9 });
    const ba = pairedBootstrap(b, a, { iterations: 1000, seed: 9 });
    expect(ba.estimate).toBeCloseTo(-ab.estimate, 14);
    expect(ba.low).toBeCloseTo(-ab.high, 12);
    expect(ba.high).toBeCloseTo(-ab.low, 12);
    expect(ba.pValue).toBeCloseTo(ab.pValue, 14);
  });

  it('p-value agrees roughly with an exact McNemar test on binary outcomes', () => {
    const b = bernoulli(300, 0.6, 6);
    const r = mulberry32(7);
    const a = b.map((x) => (r() < 0.12 ? 1 - x : x)); // random flips: no systematic effect
    const boot = pairedBootstrap(a, b, { iterations: 4000, seed: 8 });
    const exact = mcnemarFromPairs(
      a.map((x) => x === 1),
      b.map((x) => x === 1),
    ).pValue;
    expect(Math.abs(boot.pValue - exact)).toBeLessThan(0.15);
    // Interval and p-value tell the same story.
    expect(boot.pValue < 0.05).toBe(boot.low > 0 || boot.high < 0);
  });

  it('is deterministic for a seed', () => {
    const a = bernoulli(40, 0.5, 10);
    const b = bernoulli(40, 0.5, 11);
    const options = { iterations: 700, seed: 12 };
    expect(pairedBootstrap(a, b, options)).toEqual(pairedBootstrap(a, b, options));
  });

  it('clustered resampling widens the interval when differences are correlated within clusters', () => {
    const r = mulberry32(13);
    const a: number[] = [];
    const b: number[] = [];
    const clusters: string[] = [];
    for (let d = 0; d < 25; d++) {
      const documentShift = r() - 0.5; // a's advantage depends strongly on the document
      for (let q = 0; q < 8; q++) {
        const base = r();
        a.push(base + documentShift + 0.02 * (r() - 0.5));
        b.push(base);
        clusters.push(`doc-${d}`);
      }
    }
    const naive = pairedBootstrap(a, b, { iterations: 2000, seed: 1 });
    const clustered = pairedBootstrap(a, b, { iterations: 2000, seed: 1, clusters });
    expect(clustered.estimate).toBe(naive.estimate);
    expect(clustered.high - clustered.low).toBeGreaterThan(2 * (naive.high - naive.low));
  });

  it('rejects mismatched, empty, or non-finite input', () => {
    expect(() => pairedBootstrap([1, 2], [1])).toThrow(RangeError);
    expect(() => pairedBootstrap([], [])).toThrow(RangeError);
    expect(() => pairedBootstrap([1, Infinity], [1, 2])).toThrow(RangeError);
    expect(() => pairedBootstrap([1, 2], [1, 2], { clusters: ['x'] })).toThrow(RangeError);
  });
});
