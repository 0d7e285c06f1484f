import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ingestPdf } from '../../../../main/ingest/pdf';
import { loadPdfJs } from '../../../../main/ingest/pdf/pdfjs';
import { Document } from '../../../../shared/document';
import { dataPath, hasData, noDataMessage } from '../../../support/data-dir';
import { makePdf, sampleTablePage } from './make-pdf';

/** pdf.js's own page count from a separate open on this thread, to compare the model with. */
async function pdfJsPages(bytes: Uint8Array): Promise<number> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 });
  try {
    return (await task.promise).numPages;
  } finally {
    await task.destroy();
  }
}

const ingest = (name: string, bytes: Uint8Array) =>
  ingestPdf({ name, bytes }).then((d) => Document.parse(d));

describe('PDF page count and warnings', () => {
  it('a page without text is named as unreadable; the others are read', async () => {
    const bytes = makePdf([sampleTablePage(), [], sampleTablePage()]);
    const doc = await ingest('mixed.pdf', bytes);
    expect(doc.pageCount).toBe(3);
    expect(doc.pageCount).toBe(await pdfJsPages(bytes));
    expect(doc.tables.map((t) => t.page)).toEqual([1, 3]);
    expect(doc.warnings).toEqual([
      'Page 2 has no text layer (scanned image?): no text or tables could be read from it.',
    ]);
  });

  it('consecutive textless pages are one range; a text PDF with tables has no warnings', async () => {
    const table = sampleTablePage();
    const ranges = await ingest('scans.pdf', makePdf([table, [], [], [], table, []]));
    expect(ranges.warnings).toEqual([
      'Pages 2–4, 6 have no text layer (scanned images?): no text or tables could be read from them.',
    ]);
    const clean = await ingest('clean.pdf', makePdf([table]));
    expect(clean.pageCount).toBe(1);
    expect(clean.warnings).toEqual([]);
  });

  it('a PDF with no text at all reads as a scan, not as a PDF without tables', async () => {
    const doc = await ingest('scan.pdf', makePdf([[], []]));
    expect(doc.blocks).toEqual([]);
    expect(doc.warnings).toEqual([
      'No page has a text layer (pages 1–2): this looks like a scanned PDF, so no text or tables could be read.',
    ]);
  });

  it('text without any table says no tables were detected', async () => {
    const doc = await ingest(
      'letter.pdf',
      makePdf([[{ text: 'Dear shareholders, we had a good year.', x: 72, y: 700 }]]),
    );
    expect(doc.tables).toEqual([]);
    expect(doc.warnings).toEqual([
      'No tables were detected on any page: its numbers can be read only in the text blocks.',
    ]);
  });

  describe.skipIf(!hasData)(`FinanceBench (${hasData ? 'present' : noDataMessage})`, () => {
    it.each(['ULTABEAUTY_2023Q4_EARNINGS.pdf', 'AMCOR_2023Q4_EARNINGS.pdf'])(
      '%s: pageCount equals pdf.js numPages',
      async (file) => {
        const bytes = new Uint8Array(readFileSync(dataPath('financebench', 'pdfs', file)));
        const doc = await ingest(file, bytes);
        const expected = await pdfJsPages(bytes);
        expect(expected).toBeGreaterThan(1);
        expect(doc.pageCount).toBe(expected);
        // text PDFs: nothing unreadable to report
        expect(doc.warnings.filter((w) => /text layer/.test(w))).toEqual([]);
      },
      120_000,
    );
  });
});
