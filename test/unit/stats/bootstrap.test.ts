import { describe, expect, it } from 'vitest';
import { bootstrap, mean, mulberry32 } from '../../../shared/stats';

function uniformSample(n: number, seed: number): number[] {
  const r = mulberry32(seed);
  return Array.from({ length: n }, () => r());
}

function standardDeviation(xs: readonly number[]): number {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
}

/** 30 documents × 10 questions; scores within a document share a large document effect. */
function correlatedClusters(): { values: number[]; clusters: string[] } {
  const r = mulberry32(2024);
  const values: number[] = [];
  const clusters: string[] = [];
  for (let d = 0; d < 30; d++) {
    const documentEffect = r();
    for (let q = 0; q < 10; q++) {
      values.push(documentEffect + 0.05 * (r() - 0.5));
      clusters.push(`doc-${d}`);
    }
  }
  return { values, clusters };
}

describe('bootstrap', () => {
  it('estimates the mean with a percentile interval close to the normal-theory one', () => {
    const values = uniformSample(400, 1);
    const result = bootstrap(values, { iterations: 4000, seed: 3 });
    expect(result.estimate).toBe(mean(values));
    expect(result.low).toBeLessThan(result.estimate);
    expect(result.high).toBeGreaterThan(result.estimate);
    const normalWidth = (2 * 1.959964 * standardDeviation(values)) / Math.sqrt(values.length);
    expect((result.high - result.low) / normalWidth).toBeGreaterThan(0.9);
    expect((result.high - result.low) / normalWidth).toBeLessThan(1.1);
  });

  it('is deterministic for a seed and changes with the seed', () => {
    const values = uniformSample(50, 9);
    const a = bootstrap(values, { iterations: 500, seed: 11 });
    expect(bootstrap(values, { iterations: 500, seed: 11 })).toEqual(a);
    expect(bootstrap(values, { iterations: 500, seed: 12 })).not.toEqual(a);
  });

  it('uses documented defaults (10 000 iterations, seed 1, 95%)', () => {
    const values = uniformSample(20, 4);
    expect(bootstrap(values)).toEqual(
      bootstrap(values, { iterations: 10_000, seed: 1, confidence: 0.95 }),
    );
  });

  it('widens with confidence', () => {
    const values = uniformSample(60, 5);
    const at80 = bootstrap(values, { iterations: 2000, seed: 1, confidence: 0.8 });
    const at99 = bootstrap(values, { iterations: 2000, seed: 1, confidence: 0.99 });
    expect(at99.low).toBeLessThan(at80.low);
    expect(at99.high).toBeGreaterThan(at80.high);
  });

  it('supports a custom statistic without mutating the input', () => {
    const values = [5, 1, 4, 2, 3, 100, 0];
    const copy = [...values];
    const median = (xs: readonly number[]) => {
      const sorted = [...xs].sort((x, y) => x - y);
      return sorted[Math.floor(sorted.length / 2)] ?? NaN;
    };
    const result = bootstrap(values, { iterations: 1000, seed: 2, statistic: median });
    expect(result.estimate).toBe(3);
    expect(result.low).toBeGreaterThanOrEqual(0);
    expect(result.high).toBeLessThanOrEqual(100);
    expect(values).toEqual(copy);
  });

  it('a constant sample gives a degenerate interval', () => {
    expect(bootstrap([0.5, 0.5, 0.5], { iterations: 100 })).toEqual({
      estimate: 0.5,
      low: 0.5,
      high: 0.5,
    });
  });

  describe('clustered', () => {
    it('is much wider than the naive interval when clusters are correlated', () => {
      const { values, clusters } = correlatedClusters();
      const naive = bootstrap(values, { iterations: 2000, seed: 1 });
      const clustered = bootstrap(values, { iterations: 2000, seed: 1, clusters });
      expect(clustered.estimate).toBe(naive.estimate);
      // Design effect ≈ 1 + (m − 1)ρ ≈ 10 here, so the width should grow by about √10.
      expect(clustered.high - clustered.low).toBeGreaterThan(2 * (naive.high - naive.low));
      expect(clustered.low).toBeLessThan(clustered.estimate);
      expect(clustered.high).toBeGreaterThan(clustered.estimate);
    });

    it('with one item per cluster it reduces exactly to the naive bootstrap', () => {
      const values = uniformSample(40, 8);
      const singletons = values.map((_, i) => `item-${i}`);
      expect(bootstrap(values, { iterations: 500, seed: 4, clusters: singletons })).toEqual(
        bootstrap(values, { iterations: 500, seed: 4 }),
      );
    });

    it('is deterministic for a seed', () => {
      const { values, clusters } = correlatedClusters();
      const options = { iterations: 300, seed: 6, clusters };
      expect(bootstrap(values, options)).toEqual(bootstrap(values, options));
    });

    it('rejects a label array of the wrong length', () => {
      expect(() => bootstrap([1, 2, 3], { clusters: ['a', 'b'] })).toThrow(RangeError);
    });
  });

  it('rejects empty or non-finite input and bad options', () => {
    expect(() => bootstrap([])).toThrow(RangeError);
    expect(() => bootstrap([1, NaN])).toThrow(RangeError);
    expect(() => bootstrap([1, 2], { iterations: 0 })).toThrow(RangeError);
    expect(() => bootstrap([1, 2], { iterations: 1.5 })).toThrow(RangeError);
    expect(() => bootstrap([1, 2], { confidence: 1 })).toThrow(RangeError);
    expect(() => bootstrap([1, 2], { statistic: () => NaN })).toThrow(RangeError);
  });
});
