import type { SandboxFact } from '../../../shared/sandbox/fact-index';
import { factSetOf, namesFacts, withFactTrace } from '../fact-trace';
import { PythonSlot, type PendingPython, type PythonSandboxStats } from './python-slot';
import { settleInOrder } from '../settle-in-order';
import { Watchdog } from '../watchdog';
import { pythonFailure, resolvePythonLimits, type PythonLimits, type PythonResult } from './types';

export type { PythonSandboxStats } from './python-slot';

/** What a program may read besides its own source. */
export interface PythonContext {
  /** Tagged facts for fact()/facts() (shared/sandbox/fact-index.ts). */
  facts?: readonly SandboxFact[];
}

export interface PythonSandboxOptions {
  /** Worker threads, each with its own loaded Pyodide (default 1). */
  workers?: number;
  /** Defaults for every program; per-run options override them. */
  limits?: Partial<PythonLimits>;
  /** How long past its deadline an interrupted program may run before its worker is
   * terminated (default 500 ms). */
  graceMs?: number;
  /** Ceiling of each worker's wasm heap (default 256 MiB; at least 96 MiB for Pyodide itself). */
  maxHeapBytes?: number;
  /**
   * Tests only: programs get a `test_js_hook` builtin holding the sandbox process's JavaScript
   * (globalThis, Function, process, require), as a complete escape would, to prove that the
   * outer wall holds on its own.
   */
  testOnlyJsHook?: boolean;
  /**
   * Tests only: run programs under this harness instead of the real one, to prove that the
   * bridge and process layers hold with the harness bypassed completely.
   */
  testOnlyHarness?: string;
}

/**
 * Runs Python programs (model-written PoT, FinanceMath's gold python_solution) in Pyodide in
 * sandbox processes ("workers"): one interpreter per process, loaded once and reused with fresh
 * globals per program; a deadline (interrupt, then kill), a wasm heap ceiling, an import
 * allowlist and no JavaScript bridge (harness-source.ts, load-pyodide.ts), inside a process
 * that Node's permission model keeps from files, processes and threads and lockdown.ts from
 * the network (launch-python-process.ts; docs/SECURITY.md).
 * Results come back in input order.
 */
export class PythonSandbox {
  readonly stats: PythonSandboxStats = {
    workersStarted: 0,
    workersTerminated: 0,
    workerCrashes: 0,
    programsRun: 0,
    workersRecycled: 0,
    lastHeapBytes: 0,
    lastLoadMs: 0,
  };
  readonly graceMs: number;
  readonly maxHeapBytes: number;
  readonly testOnlyJsHook: boolean;
  readonly testOnlyHarness: string | undefined;
  private readonly defaults: Partial<PythonLimits>;
  private readonly slots: PythonSlot[];
  private queue: PendingPython[] = [];
  private readonly watchdog: Watchdog;
  private closed = false;
  private fatalMessage: string | undefined;

  constructor(options: PythonSandboxOptions = {}) {
    const workers = Math.max(1, Math.floor(options.workers ?? 1));
    this.graceMs = Math.max(0, options.graceMs ?? 500);
    this.maxHeapBytes = Math.max(96 * 1024 * 1024, options.maxHeapBytes ?? 256 * 1024 * 1024);
    this.defaults = options.limits ?? {};
    this.testOnlyJsHook = options.testOnlyJsHook === true;
    this.testOnlyHarness = options.testOnlyHarness;
    this.slots = Array.from({ length: workers }, () => new PythonSlot(this));
    this.watchdog = new Watchdog(this.slots);
  }

  /** Loads Pyodide in every worker (optional: the first program starts them). */
  async warmUp(): Promise<void> {
    this.assertOpen();
    await Promise.all(this.slots.map((s) => s.start()));
  }

  run(
    program: string,
    limits: Partial<PythonLimits> = {},
    context: PythonContext = {},
  ): Promise<PythonResult> {
    return this.runMany([program], limits, context).then((results) => {
      const [result] = results;
      if (!result) throw new Error('the Python sandbox returned no result');
      return result;
    });
  }

  runMany(
    programs: readonly string[],
    limits: Partial<PythonLimits> = {},
    context: PythonContext = {},
  ): Promise<PythonResult[]> {
    this.assertOpen();
    if (programs.length === 0) return Promise.resolve([]);
    const resolved = resolvePythonLimits({ ...this.defaults, ...definedOnly(limits) });
    const factSet = factSetOf(context.facts);
    let factsJson: string | undefined;
    const done = settleInOrder<string, PythonResult>(programs, (program, settle) => {
      const wantsFacts = factSet !== undefined && namesFacts(program);
      if (wantsFacts) factsJson ??= JSON.stringify(context.facts);
      this.queue.push({
        job: { ...resolved, program, ...(wantsFacts ? { factsJson } : {}) },
        // What the process reports of its fact() calls becomes the host's own trace.
        settle: (result) => settle(withFactTrace(result, wantsFacts ? factSet : undefined)),
      });
    });
    this.dispatch();
    return done;
  }

  /** Stops every worker; programs queued or running settle as `internal` errors. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.watchdog.stop();
    const pending = [...this.queue, ...this.slots.flatMap((s) => s.takeInFlight() ?? [])];
    this.queue = [];
    await Promise.all(this.slots.map((s) => s.close()));
    for (const p of pending) p.settle(pythonFailure('internal', 'the Python sandbox was closed'));
  }

  idle(): void {
    this.dispatch();
  }

  fatal(message: string): void {
    if (this.slots.some((s) => s.available || s.busy)) return;
    this.fatalMessage = message;
    const pending = this.queue;
    this.queue = [];
    for (const p of pending) p.settle(pythonFailure('internal', message));
    this.watchdog.stop();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('the Python sandbox is closed');
    if (this.fatalMessage) throw new Error(this.fatalMessage);
  }

  private dispatch(): void {
    if (this.closed || this.fatalMessage) return;
    for (const slot of this.slots) {
      if (this.queue.length === 0) break;
      if (slot.available) slot.send(this.queue.shift()!);
      else if (!slot.busy) void slot.start();
    }
    this.watchdog.update();
  }
}

/** `{timeoutMs: undefined}` must not override a default. */
function definedOnly(limits: Partial<PythonLimits>): Partial<PythonLimits> {
  const out: Partial<PythonLimits> = {};
  for (const key of ['timeoutMs', 'maxLogChars', 'seed'] as const) {
    const v = limits[key];
    if (v !== undefined) out[key] = v;
  }
  return out;
}
