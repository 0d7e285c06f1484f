import { describe, expect, it } from 'vitest';
import { pagesFirst } from '../../../shared/retrieval/pages';

interface Unit {
  id: string;
  page?: number;
  score: number;
}

/** `damping` defaults to the product's (PAGE_DAMPING); a test of the spread fixes its own. */
const rank = (units: Unit[], damping?: number) =>
  pagesFirst(
    [...units].sort((a, b) => b.score - a.score),
    (u) => u.page,
    (u) => u.score,
    damping,
  ).map((u) => u.id);

describe('pagesFirst', () => {
  it('spreads the first hits over the best pages, then goes deeper', () => {
    expect(
      rank(
        [
          { id: 'a1', page: 1, score: 10 },
          { id: 'a2', page: 1, score: 9 },
          { id: 'a3', page: 1, score: 8 },
          { id: 'b1', page: 2, score: 7 },
          { id: 'c1', page: 3, score: 6 },
          { id: 'c2', page: 3, score: 5 },
          // Page 3 (6 + 0.1 × 5 = 6.5) stays behind page 2 (7) at this damping.
        ],
        0.1,
      ),
    ).toEqual(['a1', 'b1', 'c1', 'a2', 'c2', 'a3']);
  });

  it('ranks a page by its best unit plus a damped share of the next ones', () => {
    // Page 2's best is a little lower, but it has more matching units.
    const order = rank([
      { id: 'a1', page: 1, score: 10 },
      { id: 'b1', page: 2, score: 9.5 },
      { id: 'b2', page: 2, score: 9 },
      { id: 'b3', page: 2, score: 9 },
    ]);
    expect(order.slice(0, 2)).toEqual(['b1', 'a1']);
    // …but ten weak units do not beat one strong one.
    const weak = Array.from({ length: 10 }, (_, i) => ({ id: `w${i}`, page: 2, score: 2 }));
    expect(rank([{ id: 'a1', page: 1, score: 10 }, ...weak])[0]).toBe('a1');
  });

  it('leaves a ranking without pages as it is', () => {
    const units = [
      { id: 'x', score: 3 },
      { id: 'y', score: 2 },
      { id: 'z', score: 1 },
    ];
    expect(rank(units)).toEqual(['x', 'y', 'z']);
  });
});
