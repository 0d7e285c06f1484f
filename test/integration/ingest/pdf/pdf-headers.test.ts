import { describe, expect, it } from 'vitest';
import { ingestPdf } from '../../../../main/ingest/pdf';
import { dataPath, hasData } from '../../../support/data-dir';

describe.skipIf(!hasData)('PDF column headers', () => {
  it('keeps a year and the unit set after it together, over the right column (AMCOR "2022 $ million")', async () => {
    const doc = await ingestPdf(dataPath('financebench', 'pdfs', 'AMCOR_2023Q4_EARNINGS.pdf'));
    const keyFinancials = doc.tables.find((t) => t.page === 1 && t.caption === 'Key Financials');
    const netSales = keyFinancials?.cells.filter((c) => c.rowPath.at(-1) === 'Net sales');
    expect(netSales?.map((c) => [c.text, c.colPath.at(-1)])).toEqual([
      ['14,544', '2022 $ million'],
      ['14,694', '2023 $ million'],
    ]);
  });
});
