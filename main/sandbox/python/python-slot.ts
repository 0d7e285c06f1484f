import {
  processHandle,
  type WorkerEvents,
  type WorkerHandle,
  type WorkerStop,
} from '../../jobs/worker-handle';
import { WorkerLifecycle } from '../../jobs/worker-lifecycle';
import type { PoolControl, PoolSlot } from '../../jobs/worker-pool';
import { launchPythonProcess } from './launch-python-process';
import type { HostToPythonProcess, PythonProcessToHost } from './messages';
import { pythonFailure, type PythonErrorKind, type PythonJob, type PythonResult } from './types';
import { compact } from '../../../shared/util/compact';

export interface PendingPython {
  job: PythonJob;
  settle(result: PythonResult): void;
}

/** "Worker" below is one sandbox process (python-process.ts). */
export interface PythonSandboxStats {
  workersStarted: number;
  /** Workers killed because a program ignored its interrupt past deadline + grace. */
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

/** What a slot reads of its sandbox. */
export interface PythonSlotConfig {
  readonly stats: PythonSandboxStats;
  readonly graceMs: number;
  readonly maxHeapBytes: number;
  /** Tests only: see python-process.ts. */
  readonly testOnlyJsHook: boolean;
  readonly testOnlyHarness: string | undefined;
}

interface InFlight {
  id: number;
  pending: PendingPython;
  startedAt: number;
}

/** Lines of a crashed process's stderr kept for the message. */
const STDERR_KEEP_CHARS = 2000;

/**
 * One Python sandbox process and the program it runs; the process's start, crash, restart and
 * replacement are the shared lifecycle (jobs/worker-lifecycle.ts). At a program's deadline the
 * process interrupts it itself (Pyodide's interrupt buffer reads the clock: load-pyodide.ts),
 * and the program sees KeyboardInterrupt again at every check if it catches it; past deadline
 * + grace the app kills the process, reports a timeout and starts a new one. A fresh load
 * takes seconds, so an interrupt that works keeps the loaded interpreter. A cancelled program
 * is killed with its process at once (it has no result to wait for).
 */
export class PythonSlot implements PoolSlot<PendingPython> {
  private stderrTail = '';
  private inFlight: InFlight | undefined;
  private nextId = 1;
  private readonly lifecycle: WorkerLifecycle<PythonProcessToHost>;

  constructor(
    private readonly pool: PoolControl<PendingPython>,
    private readonly config: PythonSlotConfig,
  ) {
    this.lifecycle = new WorkerLifecycle<PythonProcessToHost>(
      {
        start: (events) => this.spawn(events),
        message: (m) => this.onMessage(m),
        crashed: (stop) => this.onCrash(stop),
        gaveUp: (message) => this.pool.fatal(message),
      },
      {
        keepsCrashing: (reason) => `the Python sandbox worker keeps failing (${reason})`,
        cannotStart: (e) => `the Python sandbox could not start: ${e.message}`,
      },
    );
  }

  /** True when a program can be sent now. */
  get available(): boolean {
    return !this.lifecycle.closed && this.lifecycle.ready && this.inFlight === undefined;
  }

  get busy(): boolean {
    return this.inFlight !== undefined;
  }

  get working(): boolean {
    return this.available || this.busy;
  }

  /** Starts the worker if needed; resolves when it has loaded (or failed to). */
  start(): Promise<void> {
    return this.lifecycle.start();
  }

  send(pending: PendingPython): void {
    const worker = this.lifecycle.current;
    if (!this.available || !worker) throw new Error('Python sandbox slot is not available');
    const id = this.nextId++;
    this.inFlight = { id, pending, startedAt: performance.now() };
    worker.hold();
    const message: HostToPythonProcess = { type: 'run', id, job: pending.job };
    worker.post(message);
  }

  /** Watchdog tick. */
  watch(now: number): void {
    const flight = this.inFlight;
    if (!flight) return;
    const elapsed = now - flight.startedAt;
    const { timeoutMs } = flight.pending.job;
    // Until deadline + grace the process interrupts the program itself.
    if (elapsed <= timeoutMs + this.config.graceMs) return;
    this.config.stats.workersTerminated++;
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

  cancel(items: ReadonlySet<PendingPython>): void {
    const flight = this.inFlight;
    if (!flight || !items.has(flight.pending)) return;
    this.inFlight = undefined;
    this.replaceWorker();
  }

  takeInFlight(): PendingPython[] {
    const pending = this.inFlight?.pending;
    this.inFlight = undefined;
    return pending ? [pending] : [];
  }

  close(): Promise<void> {
    return this.lifecycle.close();
  }

  private spawn(events: WorkerEvents<PythonProcessToHost>): WorkerHandle {
    this.stderrTail = '';
    const child = launchPythonProcess({
      maxHeapBytes: this.config.maxHeapBytes,
      testOnlyJsHook: this.config.testOnlyJsHook,
      ...compact({ testOnlyHarness: this.config.testOnlyHarness }),
    });
    this.config.stats.workersStarted++;
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_KEEP_CHARS);
    });
    // Loading keeps the app alive (someone waits for it); idle, the process does not.
    return processHandle(child, isProcessMessage, {
      message: events.message,
      // What the process last said on stderr says why it stopped.
      stopped: (stop) => {
        const said = lastLine(this.stderrTail);
        events.stopped(said ? { ...stop, reason: `${stop.reason}: ${said}` } : stop);
      },
    });
  }

  private onMessage(m: PythonProcessToHost): void {
    const worker = this.lifecycle.current;
    if (!worker) return;
    // Only loading says ready or failed; once programs run, only results count.
    if (m.type !== 'result' && this.lifecycle.ready) return;
    if (m.type === 'ready') {
      worker.release();
      this.config.stats.lastLoadMs = m.loadMs;
      this.lifecycle.markReady();
      this.pool.idle();
      return;
    }
    if (m.type === 'load-failed') {
      this.lifecycle.stop();
      this.pool.fatal(`Pyodide failed to load: ${m.message}`);
      return;
    }
    const flight = this.inFlight;
    if (!flight || flight.id !== m.id) return;
    this.inFlight = undefined;
    this.lifecycle.succeeded();
    const { stats } = this.config;
    stats.programsRun++;
    stats.lastHeapBytes = m.heapBytes;
    worker.release();
    flight.pending.settle(m.result);
    if (m.heapBytes > this.config.maxHeapBytes / 2) {
      stats.workersRecycled++;
      this.replaceWorker();
      return;
    }
    this.pool.idle();
  }

  private onCrash(stop: WorkerStop): void {
    this.config.stats.workerCrashes++;
    const [pending] = this.takeInFlight();
    pending?.settle(
      pythonFailure('internal', `the Python sandbox worker stopped (${stop.reason})`),
    );
  }

  private replaceWorker(): void {
    this.lifecycle.replace();
  }
}

/**
 * Messages from the process are checked for shape, down to the result's value: an escaped
 * program could send anything over the channel, and the app must only ever get a result a
 * program could have returned.
 */
function isProcessMessage(m: unknown): m is PythonProcessToHost {
  if (typeof m !== 'object' || m === null) return false;
  const { type } = m as { type?: unknown };
  if (type === 'ready') return typeof (m as { loadMs?: unknown }).loadMs === 'number';
  if (type === 'load-failed') return typeof (m as { message?: unknown }).message === 'string';
  if (type !== 'result') return false;
  const r = m as { id?: unknown; heapBytes?: unknown; result?: unknown };
  return typeof r.id === 'number' && typeof r.heapBytes === 'number' && isResult(r.result);
}

const ERROR_KINDS: readonly string[] = [
  'timeout',
  'memory',
  'refused-module',
  'python-error',
  'internal',
] satisfies PythonErrorKind[];
const SOURCES: readonly string[] = ['solution', 'answer', 'ans'];

function isResult(r: unknown): r is PythonResult {
  if (typeof r !== 'object' || r === null) return false;
  const x = r as Record<string, unknown>;
  if (typeof x.logs !== 'string' || typeof x.logsTruncated !== 'boolean') return false;
  if (x.trace !== undefined) return false;
  if (x.reads !== undefined && !areReads(x.reads)) return false;
  if (x.ok === true) return SOURCES.includes(x.source as string) && isValue(x.value, 0);
  if (x.ok !== false || typeof x.error !== 'object' || x.error === null) return false;
  const e = x.error as Record<string, unknown>;
  return ERROR_KINDS.includes(e.kind as string) && typeof e.message === 'string';
}

/** Most fact()/facts() calls a result may report (the harness keeps as many). */
const MAX_READS = 10_000;
const MAX_NAME = 300;

const isName = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_NAME;

/** The harness's record of fact()/facts() calls: names and periods as asked, nothing else. */
function areReads(v: unknown): boolean {
  if (!Array.isArray(v) || v.length > MAX_READS) return false;
  return v.every((r: unknown) => {
    if (!Array.isArray(r)) return false;
    if (r[0] === 'facts') return r.length === 2 && isName(r[1]);
    if (r[0] !== 'fact' || r.length !== 4 || !isName(r[1]) || !isName(r[2])) return false;
    const dims: unknown = r[3];
    if (typeof dims !== 'object' || dims === null || Array.isArray(dims)) return false;
    const entries = Object.entries(dims);
    return entries.length <= 16 && entries.every(([a, m]) => isName(a) && isName(m));
  });
}

/** The harness answers numbers, strings, booleans, None and lists of them (types.ts). */
function isValue(v: unknown, depth: number): boolean {
  if (v === null || ['number', 'string', 'boolean'].includes(typeof v)) return true;
  return depth < 64 && Array.isArray(v) && v.every((e) => isValue(e, depth + 1));
}

function lastLine(text: string): string {
  const lines = text.trim().split('\n');
  return (lines[lines.length - 1] ?? '').slice(0, 300);
}
