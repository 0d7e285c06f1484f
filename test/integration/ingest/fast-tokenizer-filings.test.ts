import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { firstDifference, slicesOf, tokenizerCalls } from '../../support/tokenizer-events';

/**
 * The reader's FastTokenizer (main/ingest/sec-html/fast-tokenizer.ts) against the stock
 * Tokenizer on every SEC filing of the data: the same callbacks, with the same positions,
 * whole and in slices of 4,099 characters (a big filing is written in slices to report
 * progress; odd-sized ones end inside tags, names and values). `sec-check/` is only compared, never tuned on.
 */

if (!hasData) console.warn(`[skip] ${noDataMessage}`);

const filings = (): string[] =>
  ['sec', 'sec-more', 'sec-check'].flatMap((set) => {
    const out: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.html?$/i.test(e.name)) out.push(p);
      }
    };
    walk(dataPath(set));
    return out.sort();
  });

describe.skipIf(!hasData)('FastTokenizer on every filing', () => {
  it("makes the stock Tokenizer's calls, whole and in slices", { timeout: 600_000 }, () => {
    const files = filings();
    expect(files.length).toBeGreaterThanOrEqual(30);
    for (const file of files) {
      const html = readFileSync(file, 'utf8');
      for (const slices of [[html], slicesOf(html, 4099)]) {
        const d = firstDifference(tokenizerCalls(false, slices), tokenizerCalls(true, slices));
        expect(d.at, `${file} (${slices.length} slices)\n${d.context}`).toBe(-1);
      }
    }
  });
});
