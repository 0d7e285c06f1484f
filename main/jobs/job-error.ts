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

/**
 * Why a signal aborted, in words: its reason if it gave one. AbortController.abort() without a
 * reason gives a DOMException named AbortError, which says nothing: then `fallback`.
 */
export function abortReason(signal: AbortSignal | undefined, fallback = 'cancelled'): string {
  const r: unknown = signal?.reason;
  if (typeof r === 'string') return r;
  return r instanceof Error && r.name !== 'AbortError' ? r.message : fallback;
}
