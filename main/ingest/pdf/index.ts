import type { Document } from '../../../shared/document';
import type { PdfProgress } from './parse-pdf';
import { parsePdfInWorker, type PdfInput, type PdfWorkerOptions } from './worker-client';

export { PdfIngestError, type PdfErrorCode } from './errors';
export {
  parsePdfBytes,
  defaultPdfLimits,
  type PdfLimits,
  type PdfParseResult,
  type PdfProgress,
} from './parse-pdf';
export {
  parsePdfInWorker,
  livePdfWorkers,
  type PdfInput,
  type PdfWorkerOptions,
} from './worker-client';

export interface IngestPdfOptions extends PdfWorkerOptions {
  onProgress?: (p: PdfProgress) => void;
}

/**
 * Reads a PDF (a path, or bytes with a name) into a Document: paragraphs and headings in
 * reading order, and tables recovered from the alignment of numbers. Parsing runs in a worker
 * thread; failures reject with a PdfIngestError whose message names the file and the reason.
 */
export async function ingestPdf(
  input: PdfInput,
  options: IngestPdfOptions = {},
): Promise<Document> {
  const { onProgress, ...rest } = options;
  const result = await parsePdfInWorker(input, onProgress, rest);
  return result.document;
}
