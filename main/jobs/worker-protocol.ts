import type { ProgressUnit } from '../../shared/jobs/job';

/**
 * What a job's worker thread posts to the runner: any number of progress messages, then exactly
 * one `done` or `failed`. One protocol for every worker, so deadline, cancel and crash handling
 * live once in run-in-worker.ts.
 */
export type JobWorkerMessage<R> =
  | { type: 'progress'; done: number; total: number; unit: ProgressUnit }
  | { type: 'done'; result: R }
  | { type: 'failed'; error: JobErrorData };

/**
 * A failure as plain data (class identity does not cross threads). `code` is the domain's own
 * (a WorkbenchError code, a PdfErrorCode); `details` carries anything else the client needs.
 */
export interface JobErrorData {
  code: string;
  message: string;
  details?: unknown;
}
