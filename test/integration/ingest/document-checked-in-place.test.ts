import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDocument } from '../../../main/document/check-document';
import { ingestBytes } from '../../../main/ingest/ingest-bytes';
import { ingestPdf } from '../../../main/ingest/pdf';
import { Document } from '../../../shared/document';
import { parseDocumentFast } from '../../../shared/document/document-parse.generated';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { entryPaths, exact } from '../../support/document-entries';
import { mulberry32 } from '../../../shared/stats';

// The one check of a Document (main/document/check-document.ts) returns the reader's own
// Document when it already is what zod returns (keys in the schema's order, none unknown), and
// a copy otherwise. This holds the SEC reader to building its objects in the schema's order
// (else every ingest pays for a second Document: docs/BENCHMARKS.md, "CLI ingest: the Document
// checked in place"), and checks the in-place answer against zod on real Documents, changed.

if (!hasData) console.warn(`[skip] ${noDataMessage}`);

const filings = [
  'sec/AAPL_10-Q_2025Q1/aapl-20250329.htm',
  'sec/GAINSCO_10-K_FY2009_no_xbrl/0001193125-10-073212.html',
  'sec/NVDA_10-K_FY2025/nvda-10-k-2025-02-26.html',
  'sec/TSLA_10-Q_2025Q2/tsla-10-q-2025-07-24.html',
  'sec-more/ba-10-k-2025-02-03.html',
];

const read = (file: string) => ingestBytes(basename(file), readFileSync(dataPath(file)));

const changes: unknown[] = [
  'delete',
  'move last',
  'extra key',
  'hide',
  'prototype',
  undefined,
  null,
  -1,
  1.5,
  NaN,
  '',
  'x',
  [],
  {},
  { kind: 'html', path: '/p' },
];

describe.skipIf(!hasData)('the Document checked in place', () => {
  it(
    'is the SEC reader’s own Document, equal to zod’s answer key for key',
    { timeout: 180_000 },
    async () => {
      for (const file of filings) {
        const doc = read(file);
        expect(parseDocumentFast(doc), `${file}: checked in place`).toBe(doc);
        expect(await checkDocument(doc)).toBe(doc);
        expect(exact(doc), file).toBe(exact(Document.parse(doc)));
      }
    },
  );

  it('is the PDF reader’s own Document too', { timeout: 180_000 }, async () => {
    const file = dataPath('financebench', 'pdfs', '3M_2018_10K.pdf');
    const doc = await ingestPdf({ name: basename(file), bytes: readFileSync(file) });
    expect(doc.tables.some((t) => t.cells.some((c) => c.range !== undefined))).toBe(true);
    expect(parseDocumentFast(doc), 'checked in place').toBe(doc);
    expect(exact(doc)).toBe(exact(Document.parse(doc)));
  });

  // A real Document, one entry changed at a time (seeded): zod's verdict and the fast
  // check's agree, and the value comes back itself only where zod returns its equal.
  it(
    'answers as zod does on a real Document with one entry changed, deleted, moved or hidden',
    { timeout: 180_000 },
    () => {
      const original = read('sec/TSLA_10-Q_2025Q2/tsla-10-q-2025-07-24.html');
      const paths = entryPaths(original);
      const random = mulberry32(23); // seeded, so a failure can be replayed
      const tally = { inPlace: 0, copied: 0, rejected: 0 };
      for (let i = 0; i < 160; i++) {
        const path = paths[Math.floor(random() * paths.length)]!;
        const change = changes[Math.floor(random() * changes.length)];
        const doc = structuredClone(original) as unknown;
        let holder = doc as Record<string | number, unknown>;
        for (const k of path.slice(0, -1)) holder = holder[k] as Record<string | number, unknown>;
        const key = path[path.length - 1]!;
        const target = holder[key];
        const isObj = typeof target === 'object' && target !== null && !Array.isArray(target);
        if (change === 'delete') {
          if (Array.isArray(holder)) holder.splice(key as number, 1);
          else delete holder[key];
        } else if (change === 'move last') {
          if (Array.isArray(holder)) continue;
          delete holder[key];
          holder[key] = target;
        } else if (change === 'hide') {
          if (Array.isArray(holder)) continue;
          Object.defineProperty(holder, key, { enumerable: false });
        } else if (change === 'prototype' || change === 'extra key') {
          if (!isObj) continue;
          if (change === 'prototype') Object.setPrototypeOf(target, { inherited: 1 });
          else (target as Record<string, unknown>).extra = 1;
        } else holder[key] = change;
        const what = `$.${path.join('.')} ← ${typeof change === 'string' ? change : exact(change)}`;
        const zod = Document.safeParse(doc);
        const fast = parseDocumentFast(doc);
        if (!zod.success) {
          expect(fast, `${what}: zod rejects it`).toBeUndefined();
          tally.rejected++;
          continue;
        }
        expect(fast, `${what}: zod accepts it`).toBeDefined();
        expect(exact(fast), what).toBe(exact(zod.data));
        if (fast === doc) {
          expect(['hide', 'prototype'], `${what}: vouched for`).not.toContain(change);
          tally.inPlace++;
        } else tally.copied++;
      }
      // each outcome seen often enough for the loop to have tested it
      expect(tally.rejected, exact(tally)).toBeGreaterThan(40);
      expect(tally.inPlace, exact(tally)).toBeGreaterThan(10);
      expect(tally.copied, exact(tally)).toBeGreaterThan(15);
    },
  );
});
