import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeHtml } from '../../../main/ingest/ingest-bytes';
import { ingestSecHtml } from '../../../main/ingest/sec-html/ingest-sec-html';
import { cellFootnotes } from '../../../renderer/features/document/cell-footnotes';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';

if (!hasData) console.warn(`[skip] ${noDataMessage}`);

const tableOf = (html: string) => {
  const t = ingestSecHtml(html, { name: 'test.htm', bytes: html.length }).tables[0];
  if (t === undefined) throw new Error('no data table');
  return t;
};

describe('the footnote marks the cell panel shows', () => {
  // The shape of NVIDIA's repurchase table: marks on a column header and on a row label.
  const t = tableOf(
    '<html><body><p>(In millions, except per share data)</p><table>' +
      '<tr><td>Period</td><td>Total Number of Shares Purchased<sup>1</sup></td><td>Average Price Paid per Share<sup>2</sup></td></tr>' +
      '<tr><td>October 2024 (3)</td><td>10</td><td>$138.20</td></tr>' +
      '<tr><td>November 2024</td><td>12</td><td>$141.98</td></tr>' +
      '</table></body></html>',
  );
  const at = (label: string, col: string) =>
    t.cells.find((c) => c.rowPath.at(-1) === label && c.colPath.at(-1) === col)!;

  it('names the column header and the row label a mark was printed on', () => {
    expect(cellFootnotes(t, at('October 2024', 'Average Price Paid per Share'))).toEqual([
      'row label 3',
      'column "Average Price Paid per Share" 2',
    ]);
    expect(cellFootnotes(t, at('November 2024', 'Total Number of Shares Purchased'))).toEqual([
      'column "Total Number of Shares Purchased" 1',
    ]);
  });

  it.skipIf(!hasData)('NVIDIA 10-K: a price paid per share carries its column’s mark', () => {
    const nvda = ingestSecHtml(
      decodeHtml(readFileSync(dataPath('sec', 'NVDA_10-K_FY2025', 'nvda-10-k-2025-02-26.html'))),
      { name: 'nvda.htm', bytes: 1 },
    );
    const table = nvda.tables.find((x) =>
      x.cells.some((c) => c.colPath.at(-1) === 'Average Price Paid per Share'),
    )!;
    const cell = table.cells.find(
      (c) => c.colPath.at(-1) === 'Average Price Paid per Share' && c.value !== null,
    )!;
    expect(cellFootnotes(table, cell)).toContain('column "Average Price Paid per Share" 1');
  });
});
