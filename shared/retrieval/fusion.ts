/**
 * Reciprocal rank fusion (Cormack, Clarke & Büttcher 2009): a unit's fused score is the sum over
 * the rankings it appears in of 1 / (k + rank), rank 1-based. k = 60 is the paper's constant
 * and what qmd and llama_index use: it damps the top ranks enough that agreement between two
 * rankings beats a single first place. Scores of the rankings themselves are never compared
 * (bm25 and cosine are on different scales), only ranks.
 */
export const RRF_K = 60;

export interface FusedItem<T> {
  item: T;
  score: number;
  /** The item's 1-based rank in each input ranking (undefined where it did not appear). */
  ranks: (number | undefined)[];
}

export function reciprocalRankFusion<T>(
  rankings: readonly (readonly T[])[],
  key: (item: T) => string,
  k = RRF_K,
): FusedItem<T>[] {
  const fused = new Map<string, FusedItem<T>>();
  rankings.forEach((ranking, list) => {
    ranking.forEach((item, i) => {
      const id = key(item);
      let f = fused.get(id);
      if (!f) {
        f = { item, score: 0, ranks: rankings.map(() => undefined) };
        fused.set(id, f);
      }
      if (f.ranks[list] !== undefined) return; // a repeat within one ranking counts once
      f.ranks[list] = i + 1;
      f.score += 1 / (k + i + 1);
    });
  });
  // Ties (equal fused score) keep the order of the first ranking, then the next.
  const firstSeen = (f: FusedItem<T>) => f.ranks.map((r) => r ?? Number.MAX_SAFE_INTEGER);
  return [...fused.values()].sort((a, b) => {
    if (b.score !== a.score) return b.score - a.score;
    const ra = firstSeen(a);
    const rb = firstSeen(b);
    for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i]! - rb[i]!;
    return 0;
  });
}

/** Cosine similarity of two vectors of one length (0 when either is all zeros). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
