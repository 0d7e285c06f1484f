import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { htmlTruncationWarning } from '../../../main/ingest/html-truncation';
import { decodeHtml, ingestBytes } from '../../../main/ingest/ingest-bytes';
import { dataPath, hasData } from '../../support/data-dir';

const sample = join(
  __dirname,
  '..',
  '..',
  '..',
  'assets',
  'sample',
  'northwind-instruments-10-k-2025.html',
);

describe('a filing cut off mid-document', () => {
  it('opens with a warning that it ends early', () => {
    const bytes = readFileSync(sample);
    const whole = ingestBytes('northwind.html', bytes);
    expect(whole.warnings.some((w) => /ends early/.test(w))).toBe(false);
    const cut = ingestBytes('northwind.html', bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    expect(cut.warnings[0]).toMatch(
      /^The file ends early: it opens <html> but ends after [\d,]+ characters without <\/html>/,
    );
    // What was read before the cut is still there.
    expect(cut.blocks.length).toBeGreaterThan(0);
  });

  it('says nothing about fragments without <html> or files closed in any case', () => {
    expect(htmlTruncationWarning('<p>a fragment</p>')).toBeUndefined();
    expect(htmlTruncationWarning('<HTML><BODY>x</BODY></HTML>\n\n')).toBeUndefined();
    expect(htmlTruncationWarning('<html lang="en"><body>x')).toMatch(/ends early/);
  });

  it.skipIf(!hasData)('flags none of the real filings', () => {
    const files = [
      ...readdirSync(dataPath('sec-more'))
        .filter((f) => f.endsWith('.html'))
        .map((f) => dataPath('sec-more', f)),
      dataPath('sec', 'NVDA_10-K_FY2025', 'nvda-10-k-2025-02-26.html'),
      dataPath('sec', 'AAPL_10-Q_2025Q1', 'aapl-20250329.htm'),
      dataPath('sec', 'TSLA_10-Q_2025Q2', 'tsla-10-q-2025-07-24.html'),
      dataPath('sec', 'GAINSCO_10-K_FY2009_no_xbrl', '0001193125-10-073212.html'),
    ];
    for (const f of files)
      expect([f, htmlTruncationWarning(decodeHtml(readFileSync(f)))]).toEqual([f, undefined]);
  });
});
