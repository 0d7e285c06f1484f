import { describe, expect, it } from 'vitest';
import { mean, quantileSorted } from '../../../shared/stats';

describe('descriptive', () => {
  it('mean', () => {
    expect(mean([1, 2, 3, 4])).toBe(2.5);
    expect(mean([])).toBeNaN();
  });

  it('quantileSorted interpolates like R type 7 / numpy.quantile', () => {
    const xs = [1, 2, 3, 4, 10];
    expect(quantileSorted(xs, 0)).toBe(1);
    expect(quantileSorted(xs, 1)).toBe(10);
    expect(quantileSorted(xs, 0.5)).toBe(3);
    expect(quantileSorted(xs, 0.9)).toBeCloseTo(7.6, 14); // numpy.quantile([1,2,3,4,10], 0.9)
    expect(quantileSorted([5], 0.3)).toBe(5);
    expect(() => quantileSorted([], 0.5)).toThrow(RangeError);
    expect(() => quantileSorted(xs, 1.5)).toThrow(RangeError);
  });
});
