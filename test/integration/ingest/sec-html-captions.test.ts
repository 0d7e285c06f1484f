import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeHtml } from '../../../main/ingest/ingest-bytes';
import { ingestSecHtml } from '../../../main/ingest/sec-html/ingest-sec-html';
import type { Document } from '../../../shared/document';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';

// A caption is what names the table: the short lines above it back to a note's title, or the
// end of the lead-in sentence, cut at a word.

if (!hasData) console.warn(`[skip] ${noDataMessage}`);

const ingest = (html: string) => ingestSecHtml(html, { name: 'x.htm', bytes: html.length });
const read = (...parts: string[]): Document =>
  ingestSecHtml(decodeHtml(readFileSync(dataPath(...parts))), { name: 'f', bytes: 1 });
const captionOf = (doc: Document, id: string) => doc.tables.find((t) => t.id === id)?.caption;

describe('captions', () => {
  it("start at a note's title: the lines above it end the note before", () => {
    const doc = ingest(
      '<html><body><p>Employee Benefit Plans - see Note 6 for details.</p>' +
        '<p>Note 8 — Earnings per share</p><p>(Shares in Millions)</p>' +
        '<table><tr><td></td><td>2025</td><td>2024</td></tr>' +
        '<tr><td>Basic shares</td><td>2,406.3</td><td>2,406.8</td></tr>' +
        '<tr><td>Diluted shares</td><td>2,419.1</td><td>2,422.0</td></tr></table></body></html>',
    );
    expect(doc.tables[0]?.caption).toBe('Note 8 — Earnings per share (Shares in Millions)');
  });
});

describe.skipIf(!hasData)('captions in real filings', () => {
  it("Johnson & Johnson's EPS table is named by its note, not the note above", () => {
    const jnj = read('sec-more', 'jnj-10-q-2025-07-24.html');
    expect(captionOf(jnj, 't57')).toBe(
      'Note 8 — Earnings per share The following is a reconciliation of basic net earnings per share to diluted net earnings per share:',
    );
  });

  it('NVIDIA: a note continued from the page before does not carry "(Continued)" into captions', () => {
    const nvda = read('sec', 'NVDA_10-K_FY2025', 'nvda-10-k-2025-02-26.html');
    expect(captionOf(nvda, 't47')).toBe('Note 11 - Debt Long-Term Debt');
  });

  it('Home Depot: a long lead-in sentence is cut at a word', () => {
    const hd = read('sec-more', 'hd-10-k-2025-03-21.html');
    expect(captionOf(hd, 't142')?.startsWith('…table presents the reconciliation')).toBe(true);
  });
});
