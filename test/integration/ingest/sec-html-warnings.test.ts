import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../../main/cli';
import { ingestSecHtml } from '../../../main/ingest/sec-html/ingest-sec-html';
import { Document } from '../../../shared/document';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';

const fixture = join(__dirname, 'fixtures', 'small-10q.html');
const ingest = (name: string, html: string) => ingestSecHtml(html, { name, bytes: html.length });
const ingestPath = (path: string) => ingest(path, readFileSync(path, 'utf8'));

/** The table ids a set of warnings names ("Table t24 ..."). */
const namedTables = (warnings: string[], pattern: RegExp) =>
  warnings.filter((w) => pattern.test(w)).map((w) => /^Table (t\d+)\b/.exec(w)?.[1]);

describe('SEC HTML warnings', () => {
  it('names the table and the first cell whose inline XBRL fact disagrees with the page', () => {
    const doc = Document.parse(ingestPath(fixture));
    // the fixture tags $1,100 (in thousands) with scale="6": the fact says 1,100 million
    expect(doc.xbrl).toEqual({ factsInTables: 2, agreeing: 1 });
    expect(doc.warnings).toEqual([
      expect.stringMatching(
        /^Table t2 \("CONDENSED STATEMENTS OF INCOME.*"\): 1 of 2 inline XBRL facts disagree with the value shown \(first: "Net sales > Products, .*2024" shows "\$1,100", tagged us-gaap:Revenues\); the cells take the tagged values\.$/,
      ),
    ]);
  });

  it('says so when a filing has no data tables', () => {
    const doc = ingest(
      'letter.htm',
      '<html><body><h1>Letter to shareholders</h1><p>We had a good year.</p></body></html>',
    );
    expect(doc.tables).toEqual([]);
    expect(doc.warnings).toEqual([
      'No data tables were found in this filing: it holds only text and layout tables.',
    ]);
  });

  describe.skipIf(!hasData)(`real filings (${hasData ? 'present' : noDataMessage})`, () => {
    it('TSLA 10-Q: every table whose scale was assumed gets a warning naming it', () => {
      const doc = ingestPath(dataPath('sec', 'TSLA_10-Q_2025Q2', 'tsla-10-q-2025-07-24.html'));
      const assumed = doc.tables.filter((t) => t.scaleNote?.includes('(assumed:')).map((t) => t.id);
      expect(assumed.length).toBeGreaterThan(0);
      expect(namedTables(doc.warnings, /states no scale/)).toEqual(assumed);
      for (const w of doc.warnings.filter((x) => /states no scale/.test(x)))
        expect(w).toMatch(/its amounts were read in millions, the scale most of the filing's/);
    });

    it('AAPL 10-Q: a clean filing (every fact agrees, every table states its scale) warns of nothing but its continued table', () => {
      const doc = ingestPath(dataPath('sec', 'AAPL_10-Q_2025Q1', 'aapl-20250329.htm'));
      expect(doc.xbrl?.agreeing).toBe(doc.xbrl?.factsInTables);
      // the gross-margin percentages continue the gross-margin table over a page break
      expect(doc.warnings).toEqual([
        "Table t31 has no column headers of its own: it continues table t30 right above it (same columns, only page furniture between), so its cells take t30's column headers.",
      ]);
    });
  });
});

describe('workbench ingest prints warnings under their file', () => {
  afterEach(() => vi.restoreAllMocks());

  it('one indented "warning:" line per warning, after the summary line', async () => {
    const out: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => (out.push(String(s)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    expect(await main(['ingest', fixture])).toBe(0);
    const lines = out.join('').trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/small-10q\.html: 1 table, 16 cells/);
    expect(lines[1]).toMatch(/^ {2}warning: Table t2 .* inline XBRL facts disagree/);
  });
});
