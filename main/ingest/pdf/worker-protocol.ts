import type { PdfLimits } from './parse-pdf';

/**
 * What the parent hands the PDF worker (as workerData; the bytes' buffer is transferred). The
 * worker answers through the job protocol (main/jobs/worker-protocol.ts): progress in pages, a
 * PdfParseResult, or a failure whose `details` is the PdfErrorData.
 */
export interface PdfWorkerRequest {
  name: string;
  bytes: Uint8Array;
  limits: PdfLimits;
}
