import type { ProgressUnit } from '../../shared/jobs/job';
import type { JobErrorData } from './worker-protocol';

/** How a worker job ended when it did not succeed. */
export type JobEnd = 'cancelled' | 'timeout' | 'out-of-memory' | 'crashed' | 'failed';

export interface LastProgress {
  done: number;
  total: number;
  unit: ProgressUnit;
}

/**
 * Why runInWorker rejected. Callers turn it into their own domain's error (a WorkbenchError, a
 * PdfIngestError) with the wording their users already know; `end` says which case it was.
 */
export class JobError extends Error {
  override readonly name = 'JobError';
  constructor(
    readonly end: JobEnd,
    message: string,
    readonly detail: {
      /** What the worker reported (end === 'failed'). */
      error?: JobErrorData;
      /** Exit code of a worker that stopped on its own (end === 'crashed'). */
      exitCode?: number;
      /** The last progress the worker reported, to say where it stopped. */
      lastProgress?: LastProgress;
    } = {},
  ) {
    super(message);
  }
}
