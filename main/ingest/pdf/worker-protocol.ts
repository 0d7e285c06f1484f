import type { PdfErrorData } from './errors';
import type { PdfLimits, PdfParseResult, PdfProgress } from './parse-pdf';

/** What the parent hands the worker (as workerData; the bytes' buffer is transferred). */
export interface PdfWorkerRequest {
  name: string;
  bytes: Uint8Array;
  limits: PdfLimits;
}

/** What the worker posts back: progress per page, then exactly one of done or error. */
export type PdfWorkerMessage =
  | ({ type: 'progress' } & PdfProgress)
  | { type: 'done'; result: PdfParseResult }
  | { type: 'error'; error: PdfErrorData };
