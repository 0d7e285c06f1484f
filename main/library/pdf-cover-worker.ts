// Worker thread entry: the text of a PDF's first pages, one line per baseline, for the Library's
// filing facts (main/library/filing-facts-reader.ts). pdf.js runs here, never on the main thread.
import { serveJob } from '../jobs/serve-job';
import { loadPdfJs, pdfJsAssetDirs } from '../ingest/pdf/pdfjs';
import { pageText } from '../ingest/pdf/page-text';

export interface PdfCoverRequest {
  bytes: Uint8Array;
  pages: number;
}

serveJob<PdfCoverRequest, string>(async ({ bytes, pages }) => {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: bytes,
    verbosity: 0,
    isEvalSupported: false,
    useSystemFonts: false,
    ...pdfJsAssetDirs(),
  });
  try {
    const doc = await task.promise;
    const out: string[] = [];
    for (let n = 1; n <= Math.min(pages, doc.numPages); n++) {
      const page = await doc.getPage(n);
      const { words } = await pageText(page, n);
      // Words on one baseline (within 2 pt) form a line; lines top to bottom.
      const lines: { y: number; words: { x: number; text: string }[] }[] = [];
      for (const w of words) {
        const line = lines.find((l) => Math.abs(l.y - w.y) <= 2);
        if (line) line.words.push({ x: w.x, text: w.text });
        else lines.push({ y: w.y, words: [{ x: w.x, text: w.text }] });
      }
      lines.sort((a, b) => b.y - a.y);
      for (const l of lines)
        out.push(
          l.words
            .sort((a, b) => a.x - b.x)
            .map((w) => w.text)
            .join(' '),
        );
      page.cleanup();
    }
    return out.join('\n');
  } finally {
    await task.destroy();
  }
});
