import { maxWeightAssignment } from './assignment';

// DROP's bag-of-words F1 with the optimal one-to-one alignment of predicted and gold spans,
// as TAT-QA and MultiHiertt use it.

/** F1 of two token sets; empty bags count as perfect precision/recall like the original. */
export function bagF1(predicted: ReadonlySet<string>, gold: ReadonlySet<string>): number {
  let intersection = 0;
  for (const t of gold) if (predicted.has(t)) intersection++;
  const precision = predicted.size === 0 ? 1 : intersection / predicted.size;
  const recall = gold.size === 0 ? 1 : intersection / gold.size;
  if (precision === 0 && recall === 0) return 0;
  return (2 * precision * recall) / (precision + recall);
}

/**
 * Per-gold-span best F1 under the optimal alignment, padded with zeros to max(#gold, #pred)
 * (unmatched spans on either side score 0), like DROP's _align_bags.
 */
export function alignBags(predicted: ReadonlySet<string>[], gold: ReadonlySet<string>[]): number[] {
  const scores = gold.map((g) => predicted.map((p) => bagF1(p, g)));
  const match = maxWeightAssignment(scores);
  const out = new Array<number>(Math.max(gold.length, predicted.length)).fill(0);
  match.forEach((col, row) => {
    if (col >= 0) out[row] = Math.max(out[row] ?? 0, scores[row]?.[col] ?? 0);
  });
  return out;
}

/** numpy's round(x, d): multiply, round half to even, divide (not Python's exact rounding). */
export function numpyRound(x: number, d: number): number {
  const f = 10 ** d;
  const y = x * f;
  const r = Math.abs(y % 1) === 0.5 ? 2 * Math.round(y / 2) : Math.round(y);
  return r / f;
}

export function mean(xs: readonly number[]): number {
  return xs.length === 0 ? NaN : xs.reduce((a, b) => a + b, 0) / xs.length;
}
