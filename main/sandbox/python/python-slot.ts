import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../util/worker-file';
import type { HostToPythonWorker, PythonWorkerData, PythonWorkerToHost } from './messages';
import { pythonFailure, type PythonJob, type PythonResult } from './types';

export interface PendingPython {
  job: PythonJob;
  settle(result: PythonResult): void;
}

export interface PythonSandboxStats {
  workersStarted: number;
  /** Workers terminated because a program ignored its interrupt past deadline + grace. */
  workersTerminated: number;
  /** Workers that died on their own (a fatal interpreter error, a crash). */
  workerCrashes: number;
  programsRun: number;
  /**
   * Workers replaced on purpose after a program left the wasm heap above half its ceiling:
   * wasm memory never shrinks, and a fragmented heap near the ceiling would fail the next
   * program's large allocations.
   */
  workersRecycled: number;
  /** Wasm heap of the last worker to answer, in bytes. */
  lastHeapBytes: number;
  /** Milliseconds the last worker took to load Pyodide and the harness. */
  lastLoadMs: number;
}

export interface PythonSlotOwner {
  readonly stats: PythonSandboxStats;
  readonly graceMs: number;
  readonly maxHeapBytes: number;
  /** The slot can take a program. */
  idle(): void;
  /** The slot cannot get a working worker; everything pending must fail. */
  fatal(message: string): void;
}

interface InFlight {
  id: number;
  pending: PendingPython;
  startedAt: number;
}

/** Pyodide's JS glue and the harness's parser recursion want more than the default. */
const WORKER_STACK_MB = 16;
/** V8 heap of a worker (Pyodide's glue and the strings it converts); the wasm heap is separate. */
const WORKER_OLD_GENERATION_MB = 256;
/** After this many crashes in a row (no program finishing in between) the slot gives up. */
const MAX_CONSECUTIVE_CRASHES = 3;
const SIGINT = 2;

/**
 * One Python worker and the program it runs. At a program's deadline the host writes SIGINT
 * into Pyodide's interrupt buffer (the program sees KeyboardInterrupt, and again on every
 * watchdog tick if it catches it); past deadline + grace the worker is terminated, the program
 * reported as a timeout and a new worker loads. A fresh load takes seconds, so an interrupt
 * that works keeps the loaded interpreter.
 */
export class PythonSlot {
  private worker: Worker | undefined;
  private interrupt = new Int32Array(new SharedArrayBuffer(4));
  private ready = false;
  private readyWaiters: (() => void)[] = [];
  private inFlight: InFlight | undefined;
  private nextId = 1;
  private crashesInARow = 0;
  private closed = false;

  constructor(private readonly owner: PythonSlotOwner) {}

  /** True when a program can be sent now. */
  get available(): boolean {
    return !this.closed && this.ready && this.inFlight === undefined;
  }

  get busy(): boolean {
    return this.inFlight !== undefined;
  }

  /** Starts the worker if needed; resolves when it has loaded (or failed to). */
  start(): Promise<void> {
    if (this.closed || this.ready) return Promise.resolve();
    if (!this.worker) this.spawn();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  send(pending: PendingPython): void {
    const worker = this.worker;
    if (!this.available || !worker) throw new Error('Python sandbox slot is not available');
    const id = this.nextId++;
    this.inFlight = { id, pending, startedAt: performance.now() };
    Atomics.store(this.interrupt, 0, 0);
    worker.ref();
    const message: HostToPythonWorker = { type: 'run', id, job: pending.job };
    worker.postMessage(message);
  }

  /** Watchdog tick. */
  watch(now: number): void {
    const flight = this.inFlight;
    if (!flight) return;
    const elapsed = now - flight.startedAt;
    const { timeoutMs } = flight.pending.job;
    if (elapsed < timeoutMs) return;
    if (elapsed <= timeoutMs + this.owner.graceMs) {
      Atomics.store(this.interrupt, 0, SIGINT);
      return;
    }
    this.owner.stats.workersTerminated++;
    this.inFlight = undefined;
    flight.pending.settle(
      pythonFailure(
        'timeout',
        `timed out after ${timeoutMs} ms (the program ignored its interrupt; its worker was terminated)`,
        elapsed,
      ),
    );
    this.replaceWorker();
  }

  takeInFlight(): PendingPython | undefined {
    const pending = this.inFlight?.pending;
    this.inFlight = undefined;
    return pending;
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.ready = false;
    this.releaseWaiters();
    if (worker) await worker.terminate();
  }

  private spawn(): void {
    this.ready = false;
    this.interrupt = new Int32Array(new SharedArrayBuffer(4));
    const data: PythonWorkerData = {
      progress: new SharedArrayBuffer(4),
      interrupt: this.interrupt.buffer,
      maxHeapBytes: this.owner.maxHeapBytes,
    };
    const worker = startWorker(__filename, __dirname, 'python-worker', {
      workerData: data,
      // The program must not see the host's environment, even through a JavaScript escape.
      env: {},
      resourceLimits: {
        stackSizeMb: WORKER_STACK_MB,
        maxOldGenerationSizeMb: WORKER_OLD_GENERATION_MB,
      },
    });
    this.owner.stats.workersStarted++;
    worker.unref();
    worker.on('message', (m: PythonWorkerToHost) => this.onMessage(worker, m));
    worker.on('error', (e) => this.onCrash(worker, e.message));
    worker.on('exit', (code) => this.onCrash(worker, `exited with code ${code}`));
    this.worker = worker;
  }

  private onMessage(worker: Worker, m: PythonWorkerToHost): void {
    if (worker !== this.worker) return;
    if (m.type === 'ready') {
      this.ready = true;
      this.owner.stats.lastLoadMs = m.loadMs;
      this.releaseWaiters();
      this.owner.idle();
      return;
    }
    if (m.type === 'load-failed') {
      this.closed = true;
      this.releaseWaiters();
      this.owner.fatal(`Pyodide failed to load: ${m.message}`);
      return;
    }
    const flight = this.inFlight;
    if (!flight || flight.id !== m.id) return;
    this.inFlight = undefined;
    this.crashesInARow = 0;
    this.owner.stats.programsRun++;
    this.owner.stats.lastHeapBytes = m.heapBytes;
    worker.unref();
    flight.pending.settle(m.result);
    if (m.heapBytes > this.owner.maxHeapBytes / 2) {
      this.owner.stats.workersRecycled++;
      this.replaceWorker();
      return;
    }
    this.owner.idle();
  }

  private onCrash(worker: Worker, reason: string): void {
    if (worker !== this.worker || this.closed) return;
    this.worker = undefined;
    this.ready = false;
    this.owner.stats.workerCrashes++;
    this.crashesInARow++;
    const pending = this.takeInFlight();
    pending?.settle(pythonFailure('internal', `the Python sandbox worker stopped (${reason})`));
    if (this.crashesInARow >= MAX_CONSECUTIVE_CRASHES) {
      this.closed = true;
      this.releaseWaiters();
      this.owner.fatal(`the Python sandbox worker keeps failing (${reason})`);
      return;
    }
    this.spawn();
  }

  private replaceWorker(): void {
    const old = this.worker;
    this.worker = undefined;
    // Its exit event is ignored (it is no longer this.worker).
    if (old) void old.terminate();
    this.spawn();
  }

  private releaseWaiters(): void {
    const waiters = this.readyWaiters;
    this.readyWaiters = [];
    for (const w of waiters) w();
  }
}
