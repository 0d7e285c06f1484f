import { describe, expect, it } from 'vitest';
import { livePdfWorkers } from '../../../../main/ingest/pdf';
import { pageCountOk, runFinanceBench } from '../../../bench/pdf-tables';
import { hasData } from '../../../support/data-dir';

// All 25 FinanceBench PDFs (~3,500 pages) through the worker: minutes, not seconds.
describe.skipIf(!hasData)('FinanceBench PDFs', () => {
  it('every file ingests in a worker with the right page count and no error', async () => {
    const { runs, wallMs } = await runFinanceBench();
    const pages = runs.reduce((n, r) => n + r.pages, 0);
    console.log(
      `FinanceBench: ${runs.length} files, ${pages} pages, ${(wallMs / 1000).toFixed(1)} s wall`,
    );
    expect(runs).toHaveLength(25);
    const bad = runs
      .filter((r) => !pageCountOk(r))
      .map(
        (r) =>
          `${r.file}: ${r.error ?? `${r.pages} pages, pdf.js ${r.expectedPages}, raw ${r.rawCount}`}`,
      );
    expect(bad).toEqual([]);
    // Every file has tables but PepsiCo's 8-K of 2023-05-30: two credit agreements whose only
    // aligned text is their contents lists (checked on the pages; contents are not tables).
    expect(runs.filter((r) => r.tables === 0).map((r) => r.file)).toEqual([
      'PEPSICO_2023_8K_dated-2023-05-30.pdf',
    ]);
    expect(runs.flatMap((r) => r.problems.map((p) => `${r.file}: ${p}`))).toEqual([]);
    expect(livePdfWorkers()).toBe(0);
  }, 1_800_000);
});
