import { describe, expect, it } from 'vitest';
import { mulberry32, randomInt } from '../../../shared/stats';

describe('mulberry32', () => {
  it('reproduces the reference mulberry32 stream (Python port of the canonical algorithm)', () => {
    const r = mulberry32(42);
    expect([r(), r(), r()]).toEqual([0.6011037519201636, 0.44829055899754167, 0.8524657934904099]);
    const z = mulberry32(0);
    expect([z(), z()]).toEqual([0.26642920868471265, 0.0003297457005828619]);
  });

  it('is deterministic per seed and differs across seeds', () => {
    const draw = (seed: number) => {
      const r = mulberry32(seed);
      return Array.from({ length: 5 }, () => r());
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it('produces roughly uniform values in [0, 1)', () => {
    const r = mulberry32(123);
    const bins = new Array<number>(10).fill(0);
    const n = 100_000;
    let outOfRange = 0;
    for (let i = 0; i < n; i++) {
      const u = r();
      if (!(u >= 0 && u < 1)) outOfRange++;
      const bin = Math.floor(u * 10);
      bins[bin] = (bins[bin] ?? 0) + 1;
    }
    expect(outOfRange).toBe(0);
    for (const count of bins) expect(Math.abs(count - n / 10)).toBeLessThan(500); // ~5 sd
  });

  it('randomInt stays in [0, n)', () => {
    const r = mulberry32(5);
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) seen.add(randomInt(r, 6));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
