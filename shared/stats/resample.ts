/** Index resampling for the bootstrap: i.i.d. items, or whole clusters. */

import { randomInt, type Rng } from './rng';

/**
 * Draws one bootstrap resample as a list of item indices into the original data. The returned
 * array is a scratch buffer reused (overwritten) by the next call.
 */
export type IndexSampler = (rng: Rng) => readonly number[];

/**
 * Without `clusters`, draws n item indices with replacement. With `clusters` (one label per
 * item, e.g. the source document), draws as many clusters as there are distinct labels, with
 * replacement, and returns every item of each drawn cluster — so within-cluster correlation is
 * kept and the resample size varies.
 */
export function indexSampler(n: number, clusters?: readonly string[]): IndexSampler {
  if (clusters === undefined) {
    const out = new Array<number>(n).fill(0);
    return (rng) => {
      for (let i = 0; i < n; i++) out[i] = randomInt(rng, n);
      return out;
    };
  }
  if (clusters.length !== n) {
    throw new RangeError(`clusters has ${clusters.length} labels for ${n} values`);
  }
  const byLabel = new Map<string, number[]>();
  clusters.forEach((label, i) => {
    const members = byLabel.get(label);
    if (members) members.push(i);
    else byLabel.set(label, [i]);
  });
  const groups = [...byLabel.values()];
  const k = groups.length;
  const out: number[] = [];
  return (rng) => {
    out.length = 0;
    for (let j = 0; j < k; j++) {
      const group = groups[randomInt(rng, k)] ?? [];
      for (const i of group) out.push(i);
    }
    return out;
  };
}
