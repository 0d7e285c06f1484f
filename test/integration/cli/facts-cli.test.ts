import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FactsSearchResult, FactsSeriesResult } from '../../../shared/facts/company-facts';
import type { ImportReport } from '../../../shared/library/document';
import { runSourceCliAsync } from '../../support/cli';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempDir } from '../../support/temp-dir';

// Issue 27: the Facts panel on the command line (`workbench facts search|series`), on Boeing's
// 10-K for 2024 (sec-more/) and 10-Q for the second quarter of 2025 (sec-check/, used here as a
// second filing of one filer, not to choose any rule).

if (!hasData) console.warn(`[skip] ${noDataMessage}`);

describe.skipIf(!hasData)('workbench facts', () => {
  const ws = tempDir('facts-cli-');
  const ids: number[] = [];
  const cli = (...args: string[]) => runSourceCliAsync([...args, '--workspace', ws.dir]);

  beforeAll(async () => {
    const r = await cli(
      'import',
      dataPath('sec-more', 'ba-10-k-2025-02-03.html'),
      dataPath('sec-check', 'ba-10-q-2025-07-29.html'),
      '--json',
    );
    expect(r.code, r.stderr).toBe(0);
    for (const item of (JSON.parse(r.stdout) as ImportReport).items)
      if (item.ok) ids.push(item.document.id);
    expect(ids).toHaveLength(2);
  }, 180_000);
  afterAll(() => ws.cleanup());

  it('facts search lists the company’s filings and finds us-gaap:Revenues first', async () => {
    const r = await cli('facts', 'search', '--company', '12927', 'revenues', '--limit', '3');
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    // The heading names the company by its CIK and each filing with its period and facts.
    expect(lines[0]).toMatch(
      /\(CIK 0000012927\): 2 filings, 10-Q Q2 2025 #\d+ \([\d,]+ facts\); 10-K FY2024 #\d+/,
    );
    expect(lines[1]).toMatch(
      /^ {2}us-gaap:Revenues .*\(2 filings, \d+ facts, \d+ without dimensions\)$/,
    );
    expect(lines).toHaveLength(5);
    expect(lines[4]).toMatch(/^3 of \d+ concepts shown; --limit N for more$/);

    const json = await cli('facts', 'search', '--document', String(ids[0]), 'revenues', '--json');
    expect(json.code, json.stderr).toBe(0);
    const found = JSON.parse(json.stdout) as FactsSearchResult;
    expect(found.company).toBeNull();
    expect(found.filings.map((f) => f.documentId)).toEqual([ids[0]]);
    expect(found.concepts[0]?.concept).toBe('us-gaap:Revenues');
  }, 120_000);

  it('facts series prints each value with its filing and cell, and writes the CSV', async () => {
    const csv = join(ws.dir, 'revenues.csv');
    const r = await cli(
      'facts',
      'series',
      '--company',
      'cik:0000012927',
      '--concept',
      'Revenues',
      '--csv',
      csv,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^us-gaap:Revenues: \d+ values$/m);
    // Boeing's revenues: $66,517 million in 2024 (10-K), $22,749 million in Q2 2025 (10-Q).
    expect(r.stdout).toMatch(
      /^ {2}FY2024 +66,517 ×1,000,000 USD +10-K FY2024 #\d+ t\d+ row \d+, column \d+/m,
    );
    expect(r.stdout).toMatch(/^ {2}Q2 2025 +22,749 ×1,000,000 USD +10-Q Q2 2025 #\d+ t\d+/m);
    expect(r.stdout).toContain(`wrote ${csv}`);
    const text = readFileSync(csv, 'utf8');
    expect(text.split('\r\n')[0]).toMatch(/^concept,period,period_start,period_end,value,/);
    expect(text).toContain(
      'us-gaap:Revenues,FY2024,2024-01-01,2024-12-31,66517,1000000,66517000000,USD',
    );

    const json = await cli(
      'facts',
      'series',
      '--document',
      String(ids[0]),
      '--document',
      String(ids[1]),
      '--concept',
      'us-gaap:Revenues',
      '--json',
    );
    expect(json.code, json.stderr).toBe(0);
    const series = JSON.parse(json.stdout) as FactsSeriesResult;
    expect(new Set(series.points.map((p) => p.documentId))).toEqual(new Set(ids));
    expect(series.points.find((p) => p.label === 'FY2024')?.base).toBe(66_517e6);
  }, 120_000);

  it('refuses what it cannot answer with a clear message', async () => {
    const none = await cli('facts', 'series', '--concept', 'Revenues');
    expect([none.code, none.stderr]).toEqual([2, expect.stringMatching(/--company KEY/)]);
    const both = await cli('facts', 'search', '--company', '12927', '--document', '1');
    expect([both.code, both.stderr]).toEqual([2, expect.stringMatching(/not both/)]);
    const dim = await cli(
      'facts',
      'series',
      '--company',
      '12927',
      '--concept',
      'Revenues',
      '--dim',
      'x',
    );
    expect([dim.code, dim.stderr]).toEqual([2, expect.stringMatching(/--dim must be AXIS=MEMBER/)]);
    const limit = await cli('facts', 'search', '--company', '12927', '--limit', '0');
    expect([limit.code, limit.stderr]).toEqual([
      2,
      expect.stringMatching(/--limit must be a whole number from 1 to 500, got 0/),
    ]);
    const company = await cli('facts', 'search', '--company', 'Netflix', 'revenues');
    expect([company.code, company.stderr]).toEqual([
      1,
      expect.stringMatching(/no company "Netflix"/),
    ]);
    const concept = await cli(
      'facts',
      'series',
      '--company',
      '12927',
      '--concept',
      'us-gaap:NoSuchThing',
    );
    expect([concept.code, concept.stderr]).toEqual([
      1,
      expect.stringMatching(/no fact tagged us-gaap:NoSuchThing/),
    ]);
  }, 120_000);
});

if (!hasData) it.skip(`workbench facts: ${noDataMessage}`, () => undefined);
