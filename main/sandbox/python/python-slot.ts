import type { ChildProcess } from 'node:child_process';
import { launchPythonProcess } from './launch-python-process';
import type { HostToPythonProcess, PythonProcessToHost } from './messages';
import { pythonFailure, type PythonErrorKind, type PythonJob, type PythonResult } from './types';

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

export interface PythonSlotOwner {
  readonly stats: PythonSandboxStats;
  readonly graceMs: number;
  readonly maxHeapBytes: number;
  /** Tests only: see python-process.ts. */
  readonly testOnlyJsHook: boolean;
  readonly testOnlyHarness: string | undefined;
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

/** After this many crashes in a row (no program finishing in between) the slot gives up. */
const MAX_CONSECUTIVE_CRASHES = 3;
/** Lines of a crashed process's stderr kept for the message. */
const STDERR_KEEP_CHARS = 2000;

/**
 * One Python sandbox process and the program it runs. At a program's deadline the process
 * interrupts it itself (Pyodide's interrupt buffer reads the clock: load-pyodide.ts), and the
 * program sees KeyboardInterrupt again at every check if it catches it; past deadline + grace
 * the app kills the process, reports a timeout and starts a new one. A fresh load takes
 * seconds, so an interrupt that works keeps the loaded interpreter.
 */
export class PythonSlot {
  private worker: ChildProcess | undefined;
  private stderrTail = '';
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
    worker.ref();
    worker.channel?.ref();
    const message: HostToPythonProcess = { type: 'run', id, job: pending.job };
    worker.send(message);
  }

  /** Watchdog tick. */
  watch(now: number): void {
    const flight = this.inFlight;
    if (!flight) return;
    const elapsed = now - flight.startedAt;
    const { timeoutMs } = flight.pending.job;
    // Until deadline + grace the process interrupts the program itself.
    if (elapsed <= timeoutMs + this.owner.graceMs) return;
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
    if (worker) await kill(worker);
  }

  private spawn(): void {
    this.ready = false;
    this.stderrTail = '';
    let worker: ChildProcess;
    try {
      worker = launchPythonProcess({
        maxHeapBytes: this.owner.maxHeapBytes,
        testOnlyJsHook: this.owner.testOnlyJsHook,
        ...(this.owner.testOnlyHarness !== undefined
          ? { testOnlyHarness: this.owner.testOnlyHarness }
          : {}),
      });
    } catch (e) {
      this.closed = true;
      this.releaseWaiters();
      this.owner.fatal(`the Python sandbox could not start: ${(e as Error).message}`);
      return;
    }
    this.owner.stats.workersStarted++;
    worker.stderr?.setEncoding('utf8');
    worker.stderr?.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_KEEP_CHARS);
    });
    worker.on('message', (m: unknown) => {
      if (isProcessMessage(m)) this.onMessage(worker, m);
    });
    worker.on('error', (e) => this.onCrash(worker, e.message));
    worker.on('exit', (code, signal) =>
      this.onCrash(worker, signal ? `killed by ${signal}` : `exited with code ${code}`),
    );
    // Loading keeps the app alive (someone waits for it); idle, the process does not.
    this.worker = worker;
  }

  /** An idle sandbox process must not keep the app's event loop alive. */
  private idleRefs(worker: ChildProcess): void {
    worker.unref();
    worker.channel?.unref();
    (worker.stderr as { unref?: () => void } | null)?.unref?.();
  }

  private onMessage(worker: ChildProcess, m: PythonProcessToHost): void {
    if (worker !== this.worker) return;
    // Only loading says ready or failed; once programs run, only results count.
    if (m.type !== 'result' && this.ready) return;
    if (m.type === 'ready') {
      this.ready = true;
      this.idleRefs(worker);
      this.owner.stats.lastLoadMs = m.loadMs;
      this.releaseWaiters();
      this.owner.idle();
      return;
    }
    if (m.type === 'load-failed') {
      this.closed = true;
      this.worker = undefined;
      void kill(worker);
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
    this.idleRefs(worker);
    flight.pending.settle(m.result);
    if (m.heapBytes > this.owner.maxHeapBytes / 2) {
      this.owner.stats.workersRecycled++;
      this.replaceWorker();
      return;
    }
    this.owner.idle();
  }

  private onCrash(worker: ChildProcess, reason: string): void {
    if (worker !== this.worker || this.closed) return;
    const said = lastLine(this.stderrTail);
    if (said) reason = `${reason}: ${said}`;
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
    if (old) void kill(old);
    this.spawn();
  }

  private releaseWaiters(): void {
    const waiters = this.readyWaiters;
    this.readyWaiters = [];
    for (const w of waiters) w();
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

/** SIGKILL, resolved when the process has exited (a stuck program ignores anything softer). */
function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
