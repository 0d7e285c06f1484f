import type { TransferListItem, Worker } from 'node:worker_threads';
import type { JobKind, ProgressUnit } from '../../shared/jobs/job';
import { startWorker } from '../util/worker-file';
import { JobError, type LastProgress } from './job-error';
import { refusingJobs, track } from './live';
import type { JobWorkerMessage } from './worker-protocol';

export interface WorkerJob<I> {
  kind: JobKind;
  /**
   * The worker module (it calls serveJob): the caller's `__filename` and `__dirname` and the
   * module's base name next to it, so product (.js) and tests (.ts) start the same code.
   */
  module: { callerFilename: string; dir: string; name: string };
  /** Passed as workerData (structured clone; `transfer` moves buffers instead of copying). */
  input: I;
  transfer?: TransferListItem[];
  /** Past this the worker is terminated wherever it is, even inside one long native call. */
  timeoutMs: number;
  /**
   * Old-generation heap cap (worker resourceLimits): a job that needs more ends its worker
   * with end 'out-of-memory' instead of taking the app down. Node enforces it on a best-effort
   * basis (nodejs/node#47224: one allocation far past the cap can still abort the process);
   * parsers grow by many small objects, which the check catches.
   */
  maxHeapMb?: number;
  stackSizeMb?: number;
  /** Aborting terminates the worker at once (end 'cancelled'). */
  signal?: AbortSignal;
  onProgress?: (done: number, total: number, unit: ProgressUnit) => void;
}

/**
 * The one way the app runs long work in a worker thread. The worker is always terminated, and
 * its termination awaited, before the promise settles: on success, on failure, on the deadline,
 * on cancel and when it dies. So "the job ended" always means "its thread is gone".
 */
export async function runInWorker<I, R>(job: WorkerJob<I>): Promise<R> {
  if (job.signal?.aborted) throw new JobError('cancelled', 'cancelled before it started');
  const refused = refusingJobs();
  if (refused !== undefined) throw new JobError('cancelled', refused);
  const worker = startWorker(job.module.callerFilename, job.module.dir, job.module.name, {
    workerData: job.input,
    ...(job.transfer ? { transferList: job.transfer } : {}),
    resourceLimits: {
      ...(job.maxHeapMb !== undefined ? { maxOldGenerationSizeMb: job.maxHeapMb } : {}),
      ...(job.stackSizeMb !== undefined ? { stackSizeMb: job.stackSizeMb } : {}),
    },
  });
  let cancel: (reason: string) => void = () => undefined;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  track({ kind: job.kind, what: 'worker', cancel: (r) => cancel(r), settled: exited });

  type Outcome = { ok: R } | { err: JobError };
  let last: LastProgress | undefined;
  const outcome = await new Promise<Outcome>((resolve) => {
    let settled = false;
    const settle = (o: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      job.signal?.removeEventListener('abort', onAbort);
      resolve(o);
    };
    const fail = (end: JobError['end'], message: string, detail: JobError['detail'] = {}) =>
      settle({ err: new JobError(end, message, { ...detail, lastProgress: last }) });
    const timer = setTimeout(
      () => fail('timeout', `took longer than ${job.timeoutMs / 1000} s`),
      job.timeoutMs,
    );
    cancel = (reason) => fail('cancelled', reason);
    const onAbort = () => cancel(abortReason(job.signal));
    job.signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (m: JobWorkerMessage<R>) => {
      if (settled) return;
      if (m.type === 'progress') {
        last = { done: m.done, total: m.total, unit: m.unit };
        job.onProgress?.(m.done, m.total, m.unit);
      } else if (m.type === 'done') settle({ ok: m.result });
      else fail('failed', m.error.message, { error: m.error });
    });
    worker.on('error', (e: NodeJS.ErrnoException) =>
      e.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? fail('out-of-memory', `needed more than ${job.maxHeapMb ?? '?'} MB of memory`)
        : fail('crashed', e.message),
    );
    worker.on('exit', (code) => fail('crashed', `exited with code ${code}`, { exitCode: code }));
  });
  await stop(worker, exited);
  if ('err' in outcome) throw outcome.err;
  return outcome.ok;
}

async function stop(worker: Worker, exited: Promise<void>): Promise<void> {
  await worker.terminate();
  await exited;
}

function abortReason(signal: AbortSignal | undefined): string {
  const r: unknown = signal?.reason;
  if (typeof r === 'string') return r;
  // AbortController.abort() without a reason gives a DOMException named AbortError.
  return r instanceof Error && r.name !== 'AbortError' ? r.message : 'cancelled';
}
