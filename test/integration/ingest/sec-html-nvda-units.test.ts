import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeHtml } from '../../../main/ingest/ingest-bytes';
import { ingestSecHtml } from '../../../main/ingest/sec-html/ingest-sec-html';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';

if (!hasData) console.warn(`[skip] ${noDataMessage}`);

describe.skipIf(!hasData)('NVIDIA 10-K: columns with their own unit in a dollar table', () => {
  const doc = hasData
    ? ingestSecHtml(
        decodeHtml(readFileSync(dataPath('sec', 'NVDA_10-K_FY2025', 'nvda-10-k-2025-02-26.html'))),
        { name: 'nvda', bytes: 1 },
      )
    : null;
  const tableTitled = (re: RegExp) => doc!.tables.find((t) => re.test(t.caption))!;

  it('long-term debt: remaining term in years, amounts in millions from the note over their columns', () => {
    const debt = tableTitled(/Note 11 - Debt Long-Term Debt/);
    const term = debt.cells.find(
      (c) =>
        c.rowPath.at(-1) === '3.20% Notes Due 2026' && /Remaining Term/.test(c.colPath.join(' ')),
    );
    expect(term).toMatchObject({ text: '1.6', value: 1.6, unit: 'years', scale: 1 });
    const amount = debt.cells.find(
      (c) => c.rowPath.at(-1) === '3.20% Notes Due 2026' && c.colPath.includes('Jan 26, 2025'),
    );
    expect(amount).toMatchObject({ value: 1000, unit: 'USD', scale: 1e6 });
    // Its scale is stated (over the amount columns), so nothing is assumed or warned about.
    expect(debt.scaleNote ?? '').not.toMatch(/assumed/);
    expect(doc!.warnings.join('\n')).not.toMatch(new RegExp(`Table ${debt.id} `));
  });

  it('property and equipment: useful lives in years, not dollars', () => {
    const lives = doc!.tables
      .flatMap((t) => t.cells)
      .filter(
        (c) =>
          /Useful Life \(In years\)/i.test(c.colPath.join(' ')) &&
          (c.value !== null || c.range !== undefined),
      );
    expect(lives.length).toBeGreaterThan(0);
    expect(lives.every((c) => c.unit === 'years' && c.scale === 1)).toBe(true);
  });
});
