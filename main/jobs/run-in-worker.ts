import type { TransferListItem } from 'node:worker_threads';
import type { JobKind, ProgressUnit } from '../../shared/jobs/job';
import { abortReason, JobError, type LastProgress } from './job-error';
import { refusingJobs, track } from './live';
import { startThread } from './worker-handle';
import type { JobWorkerMessage } from './worker-protocol';
import { compact } from '../../shared/util/compact';

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
  signal?: AbortSignal | undefined;
  onProgress?: (done: number, total: number, unit: ProgressUnit) => void;
}

const replacements = new Map<JobKind, WorkerJob<unknown>['module']>();

/**
 * Tests only (no API, CLI or setting reaches it): the next worker of `kind` runs `module`
 * instead of its own, e.g. one that exits mid-run, to prove that each kind of job reports a
 * crash in its own words and that the job after it runs normally.
 */
export function testOnlyReplaceNextWorker(
  kind: JobKind,
  module: WorkerJob<unknown>['module'],
): void {
  replacements.set(kind, module);
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
  type Outcome = { ok: R } | { err: JobError };
  let last: LastProgress | undefined;
  let settle: (o: Outcome) => void = () => undefined;
  const outcome = new Promise<Outcome>((resolve) => (settle = resolve));
  let settled = false;
  const onAbort = () => cancel(abortReason(job.signal));
  const cancel = (reason: string) => fail('cancelled', reason);
  const fail = (end: JobError['end'], message: string, detail: JobError['detail'] = {}) =>
    finish({ err: new JobError(end, message, { ...detail, ...compact({ lastProgress: last }) }) });
  const finish = (o: Outcome) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    job.signal?.removeEventListener('abort', onAbort);
    settle(o);
  };
  const module = replacements.get(job.kind) ?? job.module;
  replacements.delete(job.kind);
  const worker = startThread<JobWorkerMessage<R>>(
    {
      module,
      options: {
        workerData: job.input,
        ...(job.transfer ? { transferList: job.transfer } : {}),
        resourceLimits: {
          ...compact({ maxOldGenerationSizeMb: job.maxHeapMb, stackSizeMb: job.stackSizeMb }),
        },
      },
    },
    {
      message: (m) => {
        if (settled) return;
        if (m.type === 'progress') {
          last = { done: m.done, total: m.total, unit: m.unit };
          job.onProgress?.(m.done, m.total, m.unit);
        } else if (m.type === 'done') finish({ ok: m.result });
        else fail('failed', m.error.message, { error: m.error });
      },
      stopped: (stop) =>
        stop.outOfMemory
          ? fail('out-of-memory', `needed more than ${job.maxHeapMb ?? '?'} MB of memory`)
          : fail(
              'crashed',
              stop.reason,
              stop.exitCode !== undefined ? { exitCode: stop.exitCode } : {},
            ),
    },
  );
  const exited = outcome.then(() => worker.kill());
  track({ kind: job.kind, what: 'worker', cancel, settled: exited });
  const timer = setTimeout(
    () => fail('timeout', `took longer than ${job.timeoutMs / 1000} s`),
    job.timeoutMs,
  );
  job.signal?.addEventListener('abort', onAbort, { once: true });
  const result = await outcome;
  // The worker is always gone before the job settles.
  await exited;
  if ('err' in result) throw result.err;
  return result.ok;
}
