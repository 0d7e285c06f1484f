/**
 * Agreement between raters beyond chance. Labels are any comparable values (strings, booleans,
 * numbers); categories are the labels that occur.
 *
 * Both kappas are undefined when chance agreement is 1 (every rating is the same category):
 * they answer null then rather than NaN, and the caller shows the percent agreement alone.
 */

export type Label = string | number | boolean;

/** Share of items on which the two raters gave the same label. */
export function percentAgreement(a: readonly Label[], b: readonly Label[]): number {
  assertPaired(a, b);
  if (a.length === 0) return 0;
  let same = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i]) same++;
  return same / a.length;
}

/** Cohen's kappa for two raters of the same items: (po − pe) / (1 − pe). */
export function cohenKappa(a: readonly Label[], b: readonly Label[]): number | null {
  assertPaired(a, b);
  const n = a.length;
  if (n === 0) return null;
  const ca = new Map<Label, number>();
  const cb = new Map<Label, number>();
  for (let i = 0; i < n; i++) {
    ca.set(a[i] as Label, (ca.get(a[i] as Label) ?? 0) + 1);
    cb.set(b[i] as Label, (cb.get(b[i] as Label) ?? 0) + 1);
  }
  const po = percentAgreement(a, b);
  let pe = 0;
  for (const [label, k] of ca) pe += (k / n) * ((cb.get(label) ?? 0) / n);
  if (1 - pe < 1e-12) return null;
  return (po - pe) / (1 - pe);
}

/**
 * Fleiss' kappa: `ratings[i]` holds every rater's label for item i (the same number of raters,
 * at least two, for every item). P̄ = mean over items of the share of agreeing rater pairs;
 * P̄e = Σ p_j² over categories.
 */
export function fleissKappa(ratings: readonly (readonly Label[])[]): number | null {
  const N = ratings.length;
  if (N === 0) return null;
  const n = ratings[0]?.length ?? 0;
  if (n < 2) throw new RangeError(`Fleiss' kappa needs at least two raters per item, got ${n}`);
  const totals = new Map<Label, number>();
  let pBar = 0;
  for (const item of ratings) {
    if (item.length !== n)
      throw new RangeError(`every item needs ${n} ratings; one has ${item.length}`);
    const counts = new Map<Label, number>();
    for (const label of item) {
      counts.set(label, (counts.get(label) ?? 0) + 1);
      totals.set(label, (totals.get(label) ?? 0) + 1);
    }
    let pairs = 0;
    for (const k of counts.values()) pairs += k * (k - 1);
    pBar += pairs / (n * (n - 1));
  }
  pBar /= N;
  let pe = 0;
  for (const k of totals.values()) pe += (k / (N * n)) ** 2;
  if (1 - pe < 1e-12) return null;
  return (pBar - pe) / (1 - pe);
}

function assertPaired(a: readonly Label[], b: readonly Label[]): void {
  if (a.length !== b.length)
    throw new RangeError(
      `the raters labelled different numbers of items: ${a.length} and ${b.length}`,
    );
}
