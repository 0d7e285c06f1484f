import { mulberry32, randomInt, type Rng } from '../stats/rng';

/** A question that may be drawn, with the stratum it counts in ('' when not stratified). */
export interface SampleCandidate {
  id: number;
  stratum: string;
}

function shuffle<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(rng, i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/**
 * How many of `count` each stratum gets: proportional to its size, remainders to the largest
 * fractional parts (ties by stratum name), never more than a stratum has.
 */
export function allocate(sizes: ReadonlyMap<string, number>, count: number): Map<string, number> {
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  const take = Math.min(count, total);
  const out = new Map<string, number>();
  if (take === 0) return out;
  const parts = [...sizes]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([stratum, size]) => {
      const exact = (take * size) / total;
      return { stratum, size, n: Math.floor(exact), frac: exact - Math.floor(exact) };
    });
  let left = take - parts.reduce((a, p) => a + p.n, 0);
  const byFrac = [...parts].sort((a, b) => b.frac - a.frac);
  while (left > 0) {
    let moved = false;
    for (const p of byFrac) {
      if (left === 0) break;
      if (p.n < p.size) {
        p.n++;
        left--;
        moved = true;
      }
    }
    if (!moved) break;
  }
  for (const p of parts) if (p.n > 0) out.set(p.stratum, p.n);
  return out;
}

/**
 * Draws `count` questions with a seed: the same candidates and seed always give the same
 * questions in the same order, whatever order the candidates arrive in. With more than one
 * stratum each gets its proportional share; the result is then shuffled, so the order the
 * expert sees says nothing about the strata.
 */
export function sampleQuestions(
  candidates: readonly SampleCandidate[],
  count: number,
  seed: number,
): number[] {
  const rng = mulberry32(seed);
  const sorted = [...candidates].sort((a, b) => a.id - b.id);
  const strata = new Map<string, number[]>();
  for (const c of sorted) {
    const list = strata.get(c.stratum);
    if (list) list.push(c.id);
    else strata.set(c.stratum, [c.id]);
  }
  const quota = allocate(new Map([...strata].map(([s, ids]) => [s, ids.length])), count);
  const chosen: number[] = [];
  for (const [stratum, ids] of [...strata].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const n = quota.get(stratum) ?? 0;
    if (n > 0) chosen.push(...shuffle([...ids], rng).slice(0, n));
  }
  return shuffle(chosen, rng);
}

/** The same questions in another order (a second expert on the same set gets their own). */
export function shuffledOrder(ids: readonly number[], seed: number): number[] {
  return shuffle(
    [...ids].sort((a, b) => a - b),
    mulberry32(seed),
  );
}
