import { describe, expect, it } from 'vitest';
import { measureHierarchy } from '../../../bench/multihiertt-hierarchy';
import { hasData } from '../../../support/data-dir';

/*
 * The hierarchy measure (test/bench/multihiertt-hierarchy.ts) on MultiHiertt dev_subset.json.
 * The check is strict and unchanged; 477 of its 4,164 generated descriptions are themselves
 * wrong in four mechanically recognised ways (pandas read data rows as headers, carried a
 * section past its total, copied a rowspanned header into the next columns, or put a
 * colspanned label in as a value). So: ≥ 98% on descriptions without a recognised defect, and
 * the strict rate may not fall below what it is today.
 */
describe.skipIf(!hasData)('MultiHiertt hierarchy measure', () => {
  it('reaches the target on every description without a recognised defect', () => {
    const r = measureHierarchy();
    expect(r.descriptions).toBe(4164);
    expect(r.rateWithoutDefects).toBeGreaterThanOrEqual(0.98);
    expect(r.rate).toBeGreaterThanOrEqual(0.885);
    const unexplained = r.failures.filter((f) => f.defect === null);
    expect(
      unexplained.length,
      unexplained
        .slice(0, 5)
        .map((f) => f.reason)
        .join('\n'),
    ).toBeLessThanOrEqual(20);
  });
});
