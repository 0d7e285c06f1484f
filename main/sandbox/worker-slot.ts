import type { Worker } from 'node:worker_threads';
import type { SandboxResult } from '../../shared/sandbox/types';
import type { HostToWorker, WorkerData, WorkerToHost } from './messages';
import type { ProgramJob } from './run-program';
import { startWorker } from '../util/worker-file';

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

export interface SlotOwner {
  readonly stats: SandboxStats;
  readonly graceMs: number;
  readonly maxHeapBytes: number;
  /** Jobs that must run again (their batch was cut short); they go to the front of the queue. */
  requeue(jobs: PendingJob[]): void;
  /** The slot can take a new batch. */
  idle(): void;
  /** The slot cannot get a working worker; everything pending must fail. */
  fatal(message: string): void;
}

interface InFlight {
  id: number;
  jobs: PendingJob[];
  /** The worker's started-programs counter when the batch was sent. */
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

/** After this many crashes in a row (no batch finishing in between) the slot gives up. */
const MAX_CONSECUTIVE_CRASHES = 3;

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
 * One worker thread and the batch it is running. The watchdog (Sandbox calls `watch`) is the
 * backstop for programs QuickJS's interrupt handler cannot stop in time, e.g. a memory bomb
 * spending seconds inside one allocation-heavy built-in: past deadline + grace the worker is
 * terminated (~3 ms), that program is reported as a timeout, the rest of its batch is queued
 * again (programs are deterministic, so a rerun gives the same result) and a new worker starts.
 */
export class WorkerSlot {
  private worker: Worker | undefined;
  /** Fresh per worker, so a dying worker can never bump the counter of its successor. */
  private progress = new Int32Array(new SharedArrayBuffer(4));
  private batch: InFlight | undefined;
  private nextBatchId = 1;
  private crashesInARow = 0;
  private closed = false;

  constructor(private readonly owner: SlotOwner) {}

  get busy(): boolean {
    return this.batch !== undefined || this.closed;
  }

  /** Resolves once the worker has loaded QuickJS. */
  start(): Promise<void> {
    if (this.closed) return Promise.resolve();
    const worker = this.worker ?? this.spawn();
    return new Promise((resolve) => {
      const onMessage = (m: WorkerToHost) => {
        if (m.type !== 'ready') return;
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        resolve();
      };
      const onExit = () => {
        worker.off('message', onMessage);
        resolve();
      };
      worker.on('message', onMessage);
      worker.once('exit', onExit);
    });
  }

  send(jobs: PendingJob[]): void {
    if (this.batch || this.closed) throw new Error('sandbox worker slot is busy');
    const worker = this.worker ?? this.spawn();
    const id = this.nextBatchId++;
    this.batch = { id, jobs, base: Atomics.load(this.progress, 0), seenIndex: -1, seenSince: 0 };
    worker.ref();
    const message: HostToWorker = { type: 'batch', batchId: id, jobs: jobs.map((j) => j.job) };
    worker.postMessage(message);
  }

  /** Watchdog tick: terminates the worker if its running program is far past its deadline. */
  watch(now: number): void {
    const batch = this.batch;
    if (!batch || !this.worker) return;
    const index = Atomics.load(this.progress, 0) - batch.base - 1;
    if (index !== batch.seenIndex) {
      batch.seenIndex = index;
      batch.seenSince = now;
      return;
    }
    const running = batch.jobs[index];
    if (!running) return;
    const limit = running.job.limits.timeoutMs + this.owner.graceMs;
    if (now - batch.seenSince <= limit) return;
    this.owner.stats.workersTerminated++;
    this.cutBatch(
      index,
      failed(
        'timeout',
        `ran past its ${running.job.limits.timeoutMs} ms deadline and did not stop; its worker was terminated`,
      ),
    );
    this.replaceWorker();
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.batch = undefined;
    if (worker) await worker.terminate();
  }

  /** The jobs of the in-flight batch, for a closing sandbox to fail. */
  takeInFlight(): PendingJob[] {
    const jobs = this.batch?.jobs ?? [];
    this.batch = undefined;
    return jobs;
  }

  private spawn(): Worker {
    this.progress = new Int32Array(new SharedArrayBuffer(4));
    const data: WorkerData = {
      progress: this.progress.buffer,
      maxHeapBytes: this.owner.maxHeapBytes,
    };
    const worker = startWorker(__filename, __dirname, 'worker', {
      workerData: data,
      resourceLimits: { stackSizeMb: WORKER_STACK_MB },
    });
    this.owner.stats.workersStarted++;
    worker.unref();
    worker.on('message', (m: WorkerToHost) => this.onMessage(worker, m));
    worker.on('error', (e) => this.onCrash(worker, e.message));
    worker.on('exit', (code) => this.onCrash(worker, `exited with code ${code}`));
    this.worker = worker;
    return worker;
  }

  private onMessage(worker: Worker, m: WorkerToHost): void {
    if (worker !== this.worker || m.type !== 'results') return;
    const batch = this.batch;
    if (!batch || batch.id !== m.batchId) return;
    this.batch = undefined;
    this.crashesInARow = 0;
    this.owner.stats.moduleRestarts += m.moduleRestarts;
    this.owner.stats.moduleRecycles += m.moduleRecycles;
    this.owner.stats.programsRun += m.results.length;
    worker.unref();
    batch.jobs.forEach((job, i) => {
      job.settle(m.results[i] ?? failed('internal', 'the sandbox worker returned no result'));
    });
    this.owner.idle();
  }

  private onCrash(worker: Worker, reason: string): void {
    if (worker !== this.worker || this.closed) return;
    this.worker = undefined;
    this.owner.stats.workerCrashes++;
    this.crashesInARow++;
    const batch = this.batch;
    if (batch) {
      const index = Atomics.load(this.progress, 0) - batch.base - 1;
      this.cutBatch(index, failed('internal', `the sandbox worker crashed (${reason})`));
    }
    if (this.crashesInARow >= MAX_CONSECUTIVE_CRASHES) {
      this.owner.fatal(`the sandbox worker keeps crashing (${reason})`);
      return;
    }
    this.spawn();
    this.owner.idle();
  }

  /** Settles the job at `index` with `result` and queues the rest of the batch again. */
  private cutBatch(index: number, result: SandboxResult): void {
    const batch = this.batch;
    if (!batch) return;
    this.batch = undefined;
    const culprit = batch.jobs[index];
    culprit?.settle(result);
    this.owner.requeue(batch.jobs.filter((j) => j !== culprit));
  }

  private replaceWorker(): void {
    const old = this.worker;
    this.worker = undefined;
    // Its exit event is ignored (it is no longer this.worker).
    if (old) void old.terminate();
    this.spawn();
    this.owner.idle();
  }
}
