// Maximum-weight one-to-one assignment (what scipy's linear_sum_assignment(-scores) finds),
// by the Hungarian algorithm on a square cost matrix padded with zeros. O(n³), n = max side.

/** For each row, the column it is matched to (or -1 when rows outnumber columns). */
export function maxWeightAssignment(scores: number[][]): number[] {
  const rows = scores.length;
  const cols = rows === 0 ? 0 : Math.max(...scores.map((r) => r.length));
  const n = Math.max(rows, cols);
  if (n === 0) return [];
  const cost = (i: number, j: number): number => -(scores[i - 1]?.[j - 1] ?? 0);
  // e-maxx formulation, 1-based with potentials u (rows) and v (columns).
  const u = new Array<number>(n + 1).fill(0);
  const v = new Array<number>(n + 1).fill(0);
  const p = new Array<number>(n + 1).fill(0);
  const way = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Array<number>(n + 1).fill(Infinity);
    const used = new Array<boolean>(n + 1).fill(false);
    do {
      used[j0] = true;
      const i0 = p[j0] ?? 0;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = cost(i0, j) - (u[i0] ?? 0) - (v[j] ?? 0);
        if (cur < (minv[j] ?? Infinity)) {
          minv[j] = cur;
          way[j] = j0;
        }
        if ((minv[j] ?? Infinity) < delta) {
          delta = minv[j] ?? Infinity;
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j] ?? 0] = (u[p[j] ?? 0] ?? 0) + delta;
          v[j] = (v[j] ?? 0) - delta;
        } else minv[j] = (minv[j] ?? Infinity) - delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0] ?? 0;
      p[j0] = p[j1] ?? 0;
      j0 = j1;
    } while (j0 !== 0);
  }
  const match = new Array<number>(rows).fill(-1);
  for (let j = 1; j <= n; j++) {
    const i = p[j] ?? 0;
    if (i >= 1 && i <= rows && j <= cols) match[i - 1] = j - 1;
  }
  return match;
}
