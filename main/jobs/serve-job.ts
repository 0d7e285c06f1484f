/**
 * The worker-thread side of a job: receives the input as workerData, runs the work, posts
 * progress and one result or failure (worker-protocol.ts). Each job's worker module is one call.
 */
import { parentPort, workerData, type TransferListItem } from 'node:worker_threads';
import { WorkbenchError } from '../../shared/api/result';
import type { ProgressUnit } from '../../shared/jobs/job';
import type { JobErrorData, JobWorkerMessage } from './worker-protocol';

export type ReportProgress = (done: number, total: number, unit: ProgressUnit) => void;

export interface ServeJobOptions<I, R> {
  /** Buffers to move rather than copy (a big model's JSON bytes). */
  transfer?: (result: R) => TransferListItem[];
  /** How an error thrown by the work becomes data; default: a WorkbenchError's code, else internal. */
  describeError?: (error: unknown, input: I) => JobErrorData;
}

const defaultDescribe = (e: unknown): JobErrorData =>
  e instanceof WorkbenchError
    ? { code: e.code, message: e.message }
    : { code: 'internal', message: e instanceof Error ? e.message : String(e) };

export function serveJob<I, R>(
  work: (input: I, progress: ReportProgress) => Promise<R> | R,
  options: ServeJobOptions<I, R> = {},
): void {
  const port = parentPort;
  if (port === null) throw new Error('a job worker module must run in a worker thread');
  const input = workerData as I;
  const post = (m: JobWorkerMessage<R>, transfer: TransferListItem[] = []) =>
    port.postMessage(m, transfer);
  const progress: ReportProgress = (done, total, unit) =>
    post({ type: 'progress', done, total, unit });
  // Promise.resolve().then: a synchronous throw in `work` is reported like an async one.
  Promise.resolve()
    .then(() => work(input, progress))
    .then(
      (result) => post({ type: 'done', result }, options.transfer?.(result) ?? []),
      (e: unknown) =>
        post({ type: 'failed', error: (options.describeError ?? defaultDescribe)(e, input) }),
    );
}
