import { readFileSync } from 'node:fs';
import { parsePdfBytes } from '../../../../main/ingest/pdf';
import { parsePage } from '../../../../main/ingest/pdf/page-parse';
import { pageText } from '../../../../main/ingest/pdf/page-text';
import { loadPdfJs } from '../../../../main/ingest/pdf/pdfjs';
import { makePdf, type TextRun } from './make-pdf';

/** A generated one-page PDF of `runs`, parsed in this thread. */
export const parseRuns = async (name: string, runs: TextRun[]) =>
  (await parsePdfBytes(name, makePdf([runs]))).document;

/** One page of a real PDF through the page parser (no worker: these pages are checked alone). */
export async function realPage(file: string, page: number) {
  const pdfjs = await loadPdfJs();
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(file)), verbosity: 0 })
    .promise;
  try {
    return parsePage(await pageText(await pdf.getPage(page), page));
  } finally {
    await pdf.destroy();
  }
}
