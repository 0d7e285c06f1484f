import { describe, expect, it } from 'vitest';
import { bradleyTerryRatings, eloTable, type PairOutcome } from '../../../shared/stats/elo';

const games = (a: string, b: string, aWins: number, bWins: number, ties = 0): PairOutcome[] => [
  ...Array.from({ length: aWins }, () => ({ a, b, score: 1 as const })),
  ...Array.from({ length: bWins }, () => ({ a, b, score: 0 as const })),
  ...Array.from({ length: ties }, () => ({ a, b, score: 0.5 as const })),
];

describe('Bradley–Terry ratings on the Elo scale', () => {
  it('two players, 3 wins to 1, no prior: the gap is 400·log10(3) = 190.85, mean 1000', () => {
    const [a, b] = bradleyTerryRatings(['A', 'B'], games('A', 'B', 3, 1), 0);
    expect(a! - b!).toBeCloseTo(190.849, 2);
    expect((a! + b!) / 2).toBeCloseTo(1000, 6);
  });

  it('three players whose record fits strengths 4:2:1 exactly get them back (hand-checked)', () => {
    // Observed wins equal the expected wins under p = (4, 2, 1): A 2+4 = 3·2/3 + 5·4/5 = 6,
    // B 1+2 = 3·1/3 + 3·2/3 = 3, C 1+1 = 3·1/3 + 5·1/5 = 2, so that p is the MLE. With the
    // geometric mean 2 at 1000: A = 1000 + 400·log10 2 = 1120.41, B = 1000, C = 879.59.
    const outcomes = [...games('A', 'B', 2, 1), ...games('B', 'C', 2, 1), ...games('A', 'C', 4, 1)];
    const [a, b, c] = bradleyTerryRatings(['A', 'B', 'C'], outcomes, 0);
    expect(a).toBeCloseTo(1120.41, 1);
    expect(b).toBeCloseTo(1000, 1);
    expect(c).toBeCloseTo(879.59, 1);
  });

  it('the prior adds one virtual tie per pair: 3.5 to 1.5 gives 400·log10(7/3) = 147.19', () => {
    const [a, b] = bradleyTerryRatings(['A', 'B'], games('A', 'B', 3, 1));
    expect(a! - b!).toBeCloseTo(147.19, 1);
  });

  it('ties count half a win each; a clean sweep stays finite with the prior', () => {
    const [a, b] = bradleyTerryRatings(['A', 'B'], games('A', 'B', 0, 0, 4), 0);
    expect(a).toBeCloseTo(1000, 6);
    expect(b).toBeCloseTo(1000, 6);
    const sweep = bradleyTerryRatings(['A', 'B'], games('A', 'B', 10, 0));
    // wins 10.5 vs 0.5: 400·log10(21) = 528.9
    expect(sweep[0]! - sweep[1]!).toBeCloseTo(528.88, 1);
    expect(sweep.every(Number.isFinite)).toBe(true);
  });

  it('refuses an outcome naming an unknown player or a player against itself', () => {
    expect(() => bradleyTerryRatings(['A'], [{ a: 'A', b: 'Z', score: 1 }])).toThrow(
      /not in the list/,
    );
    expect(() => bradleyTerryRatings(['A', 'B'], [{ a: 'A', b: 'A', score: 1 }])).toThrow(/itself/);
  });
});

describe('eloTable', () => {
  const outcomes = games('A', 'B', 12, 4, 4).map((o, i) => ({ ...o, cluster: `q${i % 10}` }));

  it('records, a seeded bootstrap interval around each rating, the same twice', () => {
    const t = eloTable(['A', 'B'], outcomes, { iterations: 300, seed: 7 });
    expect(t.map((r) => [r.player, r.wins, r.losses, r.ties])).toEqual([
      ['A', 12, 4, 4],
      ['B', 4, 12, 4],
    ]);
    for (const r of t) {
      expect(r.low!).toBeLessThanOrEqual(r.rating);
      expect(r.high!).toBeGreaterThanOrEqual(r.rating);
    }
    expect(t[0]!.low!).toBeGreaterThan(1000); // A is better than even in ≥ 97.5% of resamples
    expect(eloTable(['A', 'B'], outcomes, { iterations: 300, seed: 7 })).toEqual(t);
  });

  it('no resamples: no interval; bad options are refused', () => {
    expect(eloTable(['A', 'B'], outcomes, { iterations: 0 })[0]).toMatchObject({
      low: null,
      high: null,
    });
    expect(() => eloTable(['A', 'B'], outcomes, { iterations: 1.5 })).toThrow(RangeError);
    expect(() => eloTable(['A', 'B'], outcomes, { prior: -1 })).toThrow(RangeError);
  });
});
