import { describe, expect, it } from 'vitest';
import { dataPath, hasData } from '../../../support/data-dir';
import { realPage } from './parse-pages';

// Issue 23: "Shares used to compute basic net income per share" (Adobe, a 10-K the user read)
// was read as dollars per share because its label ends in "per share". Adobe's FY2016 10-K in
// the FinanceBench PDFs has the same rows on three pages: the income statement (p. 62),
// selected financial data (p. 36) and the earnings-per-share note (p. 94). A row is per share
// only if its own words say it is the per-share figure; a share count stays a share count.
const adobe = () => dataPath('financebench', 'pdfs', 'ADOBE_2016_10K.pdf');

async function rowsOn(page: number, label: RegExp) {
  const { tables } = await realPage(adobe(), page);
  return tables
    .flatMap((t) => t.cells)
    .filter((c) => label.test(c.rowPath.at(-1) ?? ''))
    .map((c) => [c.rowPath.at(-1), c.text, c.scale, c.unit]);
}

describe.skipIf(!hasData)('share rows of a PDF income statement (Adobe FY2016 10-K)', () => {
  it('reads "Shares used to compute … per share" as shares in thousands (p. 62)', async () => {
    const rows = await rowsOn(62, /^Shares used to compute|net income per share$/);
    expect(rows).toEqual([
      ['Basic net income per share', '$2.35', 1, 'USD/share'],
      ['Basic net income per share', '$1.26', 1, 'USD/share'],
      ['Basic net income per share', '$0.54', 1, 'USD/share'],
      ['Shares used to compute basic net income per share', '498,345', 1e3, 'shares'],
      ['Shares used to compute basic net income per share', '498,764', 1e3, 'shares'],
      ['Shares used to compute basic net income per share', '497,867', 1e3, 'shares'],
      ['Diluted net income per share', '$2.32', 1, 'USD/share'],
      ['Diluted net income per share', '$1.24', 1, 'USD/share'],
      ['Diluted net income per share', '$0.53', 1, 'USD/share'],
      ['Shares used to compute diluted net income per share', '504,299', 1e3, 'shares'],
      ['Shares used to compute diluted net income per share', '507,164', 1e3, 'shares'],
      ['Shares used to compute diluted net income per share', '508,480', 1e3, 'shares'],
    ]);
  });

  it('does the same in selected financial data (p. 36) and the EPS note (p. 94)', async () => {
    for (const page of [36, 94]) {
      const rows = await rowsOn(page, /^Shares used to compute/);
      expect(rows.length).toBeGreaterThanOrEqual(6);
      for (const [, , scale, unit] of rows) expect([scale, unit]).toEqual([1e3, 'shares']);
    }
    // the dilutive awards between them are share counts too, and net income stays dollars
    expect(await rowsOn(94, /^Stock options$|^Net income$/)).toEqual([
      ['Net income', '$ 1,168,782', 1e3, 'USD'],
      ['Net income', '$629,551', 1e3, 'USD'],
      ['Net income', '$268,395', 1e3, 'USD'],
      ['Stock options', '499', 1e3, 'shares'],
      ['Stock options', '1,011', 1e3, 'shares'],
      ['Stock options', '2,027', 1e3, 'shares'],
    ]);
  });
});
