import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeHtml } from '../../../main/ingest/ingest-bytes';
import { ingestSecHtml } from '../../../main/ingest/sec-html/ingest-sec-html';
import { findScaleNote } from '../../../main/ingest/table/scale-note';
import type { Cell, Document } from '../../../shared/document';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';

// Every cell says where its scale and unit were read, so the cell details can show "per-share
// row: 'except per share data'". Rows from real filings: the ones the reader was tuned on
// (sec/) and ones it was not (sec-more/).

if (!hasData) console.warn(`[skip] ${noDataMessage}`);

const filings = {
  nvda: ['sec', 'NVDA_10-K_FY2025', 'nvda-10-k-2025-02-26.html'],
  aapl: ['sec', 'AAPL_10-Q_2025Q1', 'aapl-20250329.htm'],
  amzn: ['sec-more', 'amzn-10-k-2025-02-07.html'],
  ba: ['sec-more', 'ba-10-k-2025-02-03.html'],
  hd: ['sec-more', 'hd-10-k-2025-03-21.html'],
  nflx: ['sec-more', 'nflx-10-q-2025-07-18.html'],
  unp: ['sec-more', 'unp-10-q-2025-07-24.html'],
} as const;

const read = new Map<string, Document>();
function filing(key: keyof typeof filings): Document {
  let doc = read.get(key);
  if (doc === undefined) {
    doc = ingestSecHtml(decodeHtml(readFileSync(dataPath(...filings[key]))), {
      name: key,
      bytes: 1,
    });
    read.set(key, doc);
  }
  return doc;
}

/**
 * What the visible-text reader read: on a cell the filing tags, its value, scale and unit are
 * the tag's and the reading (with its bases) is kept in `visible` (docs/document-json.md).
 */
const reading = (c: Cell): Cell => (c.visible === undefined ? c : { ...c, ...c.visible });
const cells = (doc: Document) => doc.tables.flatMap((t) => t.cells.map(reading));
const find = (doc: Document, test: (c: Cell) => boolean): Cell => {
  const found = cells(doc).find(test);
  if (found === undefined) throw new Error('no such cell');
  return found;
};
const isQuantity = (c: Cell) => c.kind === 'number' || c.kind === 'dash' || c.kind === 'range';

describe.skipIf(!hasData)('where a cell’s scale and unit came from (real filings)', () => {
  it('a per-share row in an "except per share" table: the row names the unit, the exception the scale', () => {
    const expected = [
      ['nvda', /^Net income per diluted share$/, 'except per share data'],
      ['amzn', /^Diluted earnings per share$/, 'except per share data'],
      ['ba', /^Diluted loss per share$/, 'except per share data'],
      ['hd', /^Diluted earnings per share$/, 'except per share data'],
      ['unp', /^Earnings per share - diluted$/, 'except per share amounts'],
      ['nflx', /^Diluted$/, 'except per share data'],
    ] as const;
    for (const [key, label, exception] of expected) {
      // in a table whose statement has the exception (a per-share row elsewhere is unscaled
      // because per-share amounts never are: its basis is the row label alone)
      const excepting = filing(key).tables.filter((t) => /except/i.test(t.scaleNote ?? ''));
      const eps = excepting
        .flatMap((t) => t.cells.map(reading))
        .find((c) => label.test(c.rowPath.at(-1) ?? '') && c.unit === 'USD/share' && c.value !== 0);
      if (eps === undefined) throw new Error(`${key}: no per-share row`);
      expect(eps.scale, key).toBe(1);
      expect(eps.scaleBasis, key).toEqual({ source: 'table-exception', phrase: exception });
      expect(eps.unitBasis?.source, key).toBe('row-label');
      expect(eps.unitBasis?.phrase, key).toMatch(/\bper\b.*\bshare\b|^Earnings per share$/i);
    }
  });

  it('share counts under the same statement take its scale, and say so', () => {
    const shares = find(
      filing('nvda'),
      (c) =>
        c.rowPath.join(' > ') === 'Weighted average shares used in per share computation > Diluted',
    );
    expect(shares).toMatchObject({
      unit: 'shares',
      scale: 1e6,
      scaleBasis: { source: 'caption', phrase: '(In millions, except per share data)' },
      unitBasis: {
        source: 'row-label',
        phrase: 'Weighted average shares used in per share computation',
      },
    });
    // Apple: "(In millions, except number of shares, which are reflected in thousands, and
    // per-share amounts)": shares in thousands, from that statement
    const apple = find(
      filing('aapl'),
      (c) => c.unit === 'shares' && /^Diluted$/.test(c.rowPath.at(-1) ?? ''),
    );
    expect(apple.scale).toBe(1e3);
    expect(apple.scaleBasis?.phrase).toMatch(/shares, which are reflected in thousands/);
  });

  it('a statement over one column is that column’s (NVIDIA’s share repurchases)', () => {
    const purchased = find(filing('nvda'), (c) =>
      /^Total Number of Shares Purchased \(In millions\)$/.test(c.colPath.at(-1) ?? ''),
    );
    expect(purchased).toMatchObject({
      unit: 'shares',
      scale: 1e6,
      scaleBasis: { source: 'column-header', phrase: '(In millions)' },
    });
    const price = find(filing('ba'), (c) => /Average Price Paid per Share/.test(c.colPath.join()));
    expect(price).toMatchObject({
      unit: 'USD/share',
      scale: 1,
      scaleBasis: { source: 'table-exception', phrase: 'except per share data' },
      unitBasis: { source: 'column-header', phrase: '(b) Average Price Paid per Share' },
    });
  });

  it('percent columns, the filing’s usual scale and a statement inside the table', () => {
    const share = find(
      filing('hd'),
      (c) => c.colPath.at(-1) === '% of Net Sales' && c.rowPath.at(-1) === 'Bath',
    );
    expect(share).toMatchObject({
      unit: '%',
      scale: 0.01,
      scaleBasis: { source: 'column-values', phrase: '%' },
    });
    const assumed = find(
      filing('ba'),
      (c) => c.scaleBasis?.source === 'filing-usual' && c.unit === 'USD',
    );
    expect(assumed.scale).toBe(1e6);
    expect(assumed.scaleBasis?.phrase).toMatch(/^in millions \(assumed/);
    const hdSales = find(filing('hd'), (c) => c.scaleBasis?.source === 'table-note');
    expect(findScaleNote(hdSales.scaleBasis?.phrase ?? '')?.scale).toBe(hdSales.scale);
  });

  it('every number has both reasons, and each agrees with the scale it explains', () => {
    for (const key of Object.keys(filings) as (keyof typeof filings)[]) {
      const wrong: string[] = [];
      for (const c of cells(filing(key))) {
        if (!isQuantity(c)) {
          expect(c.scaleBasis, key).toBeUndefined();
          continue;
        }
        const basis = c.scaleBasis;
        if (basis === undefined || c.unitBasis === undefined) {
          wrong.push(`no basis: ${c.text}`);
          continue;
        }
        // "no scale stated" and an exception both mean the number is read as shown
        if ((basis.source === 'default' || basis.source === 'table-exception') && c.scale !== 1) {
          wrong.push(`${basis.source} at scale ${c.scale}: ${c.text}`);
        }
        // a dollar amount scaled by a statement is scaled as that statement says
        const stated = findScaleNote(basis.phrase);
        if (c.unit === 'USD' && stated !== null && stated.scale !== c.scale) {
          wrong.push(`"${basis.phrase}" but scale ${c.scale}: ${c.text}`);
        }
      }
      expect(wrong, key).toEqual([]);
    }
  });
});
