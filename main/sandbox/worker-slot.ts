import type { SandboxResult } from '../../shared/sandbox/types';
import { WorkerLifecycle } from '../jobs/worker-lifecycle';
import {
  startThread,
  type WorkerEvents,
  type WorkerHandle,
  type WorkerStop,
} from '../jobs/worker-handle';
import type { PoolControl, PoolSlot } from '../jobs/worker-pool';
import type { HostToWorker, WorkerData, WorkerToHost } from './messages';
import { unpackResults } from './result-pack';
import type { ProgramJob } from './run-program';
import { compact } from '../../shared/util/compact';

/** A program waiting for, or in, a worker. */
export interface PendingJob {
  job: ProgramJob;
  settle(result: SandboxResult): void;
}

export interface SandboxStats {
  workersStarted: number;
  /** Workers terminated by the watchdog because a program outlived its deadline. */
  workersTerminated: number;
  /** Workers that died on their own (a crash). */
  workerCrashes: number;
  /** QuickJS instances replaced because QuickJS failed on the host side (should stay 0). */
  moduleRestarts: number;
  /**
   * QuickJS instances replaced on purpose: to drop a runtime an interrupt left inconsistent
   * (inside a promise job), or to release a heap a program made grow.
   */
  moduleRecycles: number;
  programsRun: number;
}

/** What a slot reads of its sandbox. */
export interface SlotConfig {
  readonly stats: SandboxStats;
  readonly graceMs: number;
  readonly maxHeapBytes: number;
  /** Tests only: a worker that runs a program with exactly this source exits (code 7). */
  readonly testOnlyExitOn: string | undefined;
}

interface InFlight {
  id: number;
  jobs: PendingJob[];
  /** The worker's started-programs counter when the batch starts (batches run in order). */
  base: number;
  /** Index of the running program as last seen by the watchdog, and when it was first seen. */
  seenIndex: number;
  seenSince: number;
}

/**
 * The worker thread's native stack. QuickJS's stack limit (≤ 256 KiB) counts wasm shadow-stack
 * bytes; the same recursion also uses native stack for the wasm frames, up to ~29× as much in
 * the parser (measured: 4 MB native overflowed first at a 160 KiB QuickJS limit on deeply
 * nested `eval('((((…')`). Overflowing the native stack throws a host RangeError mid-C code and
 * corrupts the instance, so the worker gets 32 MB: 128× the QuickJS limit.
 */
const WORKER_STACK_MB = 32;

/**
 * Batches a worker holds at once: the running one and one queued behind it, so the worker goes
 * on to the next batch at once instead of idling while the host thread (busy, or waiting for a
 * core on a loaded machine) takes the results and sends more. Measured: the gaps between
 * batches were 5-10% of a worker's wall time at load average 7.
 */
const MAX_BATCHES_IN_FLIGHT = 2;

function failed(kind: 'timeout' | 'internal', message: string): SandboxResult {
  return {
    ok: false,
    error: { kind, message },
    trace: [],
    traceTruncated: false,
    logs: '',
    durationMs: 0,
  };
}

/**
 * One worker thread and the batch it is running; the worker's start, crash, restart and
 * replacement are the shared lifecycle (jobs/worker-lifecycle.ts). The watchdog (the pool
 * calls `watch`) is the backstop for programs QuickJS's interrupt handler cannot stop in time,
 * e.g. a memory bomb spending seconds inside one allocation-heavy built-in: past deadline +
 * grace the worker is terminated (~3 ms), that program is reported as a timeout, the rest of
 * its batch is queued again (programs are deterministic, so a rerun gives the same result) and
 * a new worker starts. Cancelling a program of the batch does the same, without a result.
 */
export class WorkerSlot implements PoolSlot<PendingJob> {
  /** Fresh per worker, so a dying worker can never bump the counter of its successor. */
  private progress = new Int32Array(new SharedArrayBuffer(4));
  /** In the order the worker runs them: [0] is running (or about to), [1] queued behind it. */
  private batches: InFlight[] = [];
  private nextBatchId = 1;
  private readonly lifecycle: WorkerLifecycle<WorkerToHost>;

  constructor(
    private readonly pool: PoolControl<PendingJob>,
    private readonly config: SlotConfig,
  ) {
    this.lifecycle = new WorkerLifecycle<WorkerToHost>(
      {
        start: (events) => this.spawn(events),
        message: (m) => this.onMessage(m),
        crashed: (stop) => this.onCrash(stop),
        restarted: () => this.pool.idle(),
        gaveUp: (message) => this.pool.fatal(message),
      },
      {
        keepsCrashing: (reason) => `the sandbox worker keeps crashing (${reason})`,
        cannotStart: (e) => `the sandbox worker could not start: ${e.message}`,
      },
    );
  }

  get busy(): boolean {
    return this.batches.length > 0 || this.lifecycle.closed;
  }

  /** Running a batch and able to take one more behind it. */
  get canQueue(): boolean {
    const n = this.batches.length;
    return n > 0 && n < MAX_BATCHES_IN_FLIGHT && !this.lifecycle.closed;
  }

  get working(): boolean {
    return !this.lifecycle.closed;
  }

  /** Resolves once the worker has loaded QuickJS (or stopped trying). */
  start(): Promise<void> {
    return this.lifecycle.start();
  }

  send(jobs: PendingJob[]): void {
    const n = this.batches.length;
    const worker = n < MAX_BATCHES_IN_FLIGHT ? this.lifecycle.ensure() : undefined;
    if (!worker) throw new Error('sandbox worker slot is busy');
    const id = this.nextBatchId++;
    const last = this.batches[n - 1];
    // The worker counts every program it starts, so a queued batch starts where the last ends.
    const base = last ? last.base + last.jobs.length : Atomics.load(this.progress, 0);
    this.batches.push({ id, jobs, base, seenIndex: -1, seenSince: 0 });
    if (n === 0) worker.hold();
    const message: HostToWorker = { type: 'batch', batchId: id, jobs: jobs.map((j) => j.job) };
    worker.post(message);
  }

  /** Watchdog tick: terminates the worker if its running program is far past its deadline. */
  watch(now: number): void {
    const batch = this.batches[0];
    if (!batch || !this.lifecycle.current) return;
    const index = this.runningIndex(batch);
    if (index !== batch.seenIndex) {
      batch.seenIndex = index;
      batch.seenSince = now;
      return;
    }
    // Past its end, the worker is on the queued batch: watched once these results are in.
    const running = batch.jobs[index];
    if (!running) return;
    const limit = running.job.limits.timeoutMs + this.config.graceMs;
    if (now - batch.seenSince <= limit) return;
    this.config.stats.workersTerminated++;
    this.cutBatch(
      index,
      failed(
        'timeout',
        `ran past its ${running.job.limits.timeoutMs} ms deadline and did not stop; its worker was terminated`,
      ),
    );
    this.replaceWorker();
  }

  /** A queued batch cannot be taken back from the worker: cancelling in it also replaces it. */
  cancel(items: ReadonlySet<PendingJob>): void {
    if (!this.batches.some((b) => b.jobs.some((j) => items.has(j)))) return;
    const jobs = this.takeInFlight();
    this.pool.requeue(jobs.filter((j) => !items.has(j)));
    this.replaceWorker();
  }

  async close(): Promise<void> {
    this.batches = [];
    await this.lifecycle.close();
  }

  /** The jobs of the in-flight batches in order, for a closing sandbox to fail. */
  takeInFlight(): PendingJob[] {
    const jobs = this.batches.flatMap((b) => b.jobs);
    this.batches = [];
    return jobs;
  }

  private spawn(events: WorkerEvents<WorkerToHost>): WorkerHandle {
    this.progress = new Int32Array(new SharedArrayBuffer(4));
    const data: WorkerData = {
      progress: this.progress.buffer,
      maxHeapBytes: this.config.maxHeapBytes,
      ...compact({ testOnlyExitOn: this.config.testOnlyExitOn }),
    };
    const worker = startThread<WorkerToHost>(
      {
        module: { callerFilename: __filename, dir: __dirname, name: 'worker' },
        options: { workerData: data, resourceLimits: { stackSizeMb: WORKER_STACK_MB } },
      },
      events,
    );
    this.config.stats.workersStarted++;
    worker.release();
    return worker;
  }

  private onMessage(m: WorkerToHost): void {
    if (m.type === 'ready') {
      // Idle, the worker must not keep the app alive (a batch holds it while it runs).
      if (this.batches.length === 0) this.lifecycle.current?.release();
      this.lifecycle.markReady();
      return;
    }
    const batch = this.batches[0];
    if (!batch || batch.id !== m.batchId) return;
    this.batches.shift();
    this.lifecycle.succeeded();
    const { stats } = this.config;
    stats.moduleRestarts += m.moduleRestarts;
    stats.moduleRecycles += m.moduleRecycles;
    const results = unpackResults(m.results);
    stats.programsRun += results.length;
    if (this.batches.length === 0) this.lifecycle.current?.release();
    batch.jobs.forEach((job, i) => {
      job.settle(results[i] ?? failed('internal', 'the sandbox worker returned no result'));
    });
    this.pool.idle();
  }

  private onCrash(stop: WorkerStop): void {
    this.config.stats.workerCrashes++;
    const batch = this.batches[0];
    if (batch) {
      this.cutBatch(
        this.runningIndex(batch),
        failed('internal', `the sandbox worker crashed (${stop.reason})`),
      );
    }
  }

  /** Which program of the batch the worker is running (the shared counter). */
  private runningIndex(batch: InFlight): number {
    return Atomics.load(this.progress, 0) - batch.base - 1;
  }

  /**
   * Settles the job at `index` (counted from the start of the first batch, through the queued
   * one) with `result` and queues the rest of the in-flight jobs again.
   */
  private cutBatch(index: number, result: SandboxResult): void {
    const jobs = this.takeInFlight();
    const culprit = jobs[index];
    culprit?.settle(result);
    this.pool.requeue(jobs.filter((j) => j !== culprit));
  }

  private replaceWorker(): void {
    this.lifecycle.replace();
    this.pool.idle();
  }
}
