import { describe, expect, it } from 'vitest';
import { allocate, sampleQuestions, shuffledOrder } from '../../../shared/sessions/sampling';

const pool = (n: number, strata: string[] = ['']) =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    stratum: strata[i % strata.length] as string,
  }));

describe('session sampling', () => {
  it('is deterministic by seed, whatever order the candidates come in', () => {
    const a = sampleQuestions(pool(200), 25, 7);
    expect(sampleQuestions([...pool(200)].reverse(), 25, 7)).toEqual(a);
    expect(new Set(a).size).toBe(25);
    expect(sampleQuestions(pool(200), 25, 8)).not.toEqual(a);
  });

  it('takes every question when asked for more than there are', () => {
    expect(sampleQuestions(pool(5), 25, 1).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5]);
  });

  it('stratifies proportionally and shuffles the strata together', () => {
    // 60 table, 30 text, 10 table-text → 10 questions: 6 / 3 / 1.
    const c = [
      ...Array.from({ length: 60 }, (_, i) => ({ id: i + 1, stratum: 'table' })),
      ...Array.from({ length: 30 }, (_, i) => ({ id: 100 + i, stratum: 'text' })),
      ...Array.from({ length: 10 }, (_, i) => ({ id: 200 + i, stratum: 'table-text' })),
    ];
    const ids = sampleQuestions(c, 10, 3);
    const stratum = (id: number) => (id < 100 ? 'table' : id < 200 ? 'text' : 'table-text');
    const counts = ids.reduce<Record<string, number>>((m, id) => {
      m[stratum(id)] = (m[stratum(id)] ?? 0) + 1;
      return m;
    }, {});
    expect(counts).toEqual({ table: 6, text: 3, 'table-text': 1 });
    // Not grouped by stratum: the order says nothing about it.
    expect(ids.map(stratum).join(',')).not.toBe([...ids.map(stratum)].sort().join(','));
  });

  it('allocates remainders to the largest fractions without exceeding a stratum', () => {
    expect(
      Object.fromEntries(
        allocate(
          new Map([
            ['a', 1],
            ['b', 1],
            ['c', 1],
          ]),
          2,
        ),
      ),
    ).toEqual({
      a: 1,
      b: 1,
    });
    expect(
      Object.fromEntries(
        allocate(
          new Map([
            ['a', 2],
            ['b', 100],
          ]),
          50,
        ),
      ),
    ).toEqual({
      a: 1,
      b: 49,
    });
    expect(
      Object.fromEntries(
        allocate(
          new Map([
            ['a', 2],
            ['b', 3],
          ]),
          10,
        ),
      ),
    ).toEqual({ a: 2, b: 3 });
  });

  it('gives a second expert the same questions in their own order', () => {
    const ids = sampleQuestions(pool(100), 20, 1);
    const again = shuffledOrder(ids, 2);
    expect([...again].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(shuffledOrder(ids, 2)).toEqual(again);
  });
});
