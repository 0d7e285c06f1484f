import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dataPath, hasData } from '../../support/data-dir';
import { findIxbrlFilings, measureIxbrlFidelity } from './support/ixbrl-fidelity';

// The measure behind test/bench/ixbrl-fidelity.ts: values read from visible text only (every
// ix: tag stripped first) must reproduce ≥ 99.5% of the inline XBRL facts in table cells.
const filings = hasData ? findIxbrlFilings(dataPath('sec')) : [];

describe.skipIf(!hasData)('inline XBRL fidelity of the SEC HTML ingester', () => {
  it('finds the inline XBRL filings in the data folder', () => {
    expect(filings.length).toBeGreaterThanOrEqual(3);
  });

  it.each(filings)(
    '$label: ≥ 99.5% of table facts match value, scale and sign',
    ({ label, path }) => {
      const report = measureIxbrlFidelity(readFileSync(path, 'utf8'), label);
      expect(report.facts).toBeGreaterThan(100);
      const share = report.matched / report.facts;
      const firstMisses = report.mismatches.slice(0, 5).map((m) => `${m.fact.name}: ${m.reason}`);
      expect(share, firstMisses.join('\n')).toBeGreaterThanOrEqual(0.995);
      expect(report.unreadable).toBe(0);
      // the reader saw the visible text only: no tag left, no fact attached, no scale from a tag
      expect(report.tagsSeen).toBe(0);
      // units named from the visible words agree with the tags' (issue 23: 100% on all three)
      expect(report.unitAgreeing / report.unitChecked).toBeGreaterThanOrEqual(0.995);
    },
  );
});
