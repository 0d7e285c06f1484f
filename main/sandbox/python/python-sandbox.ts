import type { SandboxFact } from '../../../shared/sandbox/fact-index';
import { factSetOf, namesFacts, withFactTrace } from '../fact-trace';
import { WorkerPool } from '../../jobs/worker-pool';
import {
  PythonSlot,
  type PendingPython,
  type PythonSandboxStats,
  type PythonSlotConfig,
} from './python-slot';
import { settleInOrder } from '../settle-in-order';
import { pythonFailure, resolvePythonLimits, type PythonLimits, type PythonResult } from './types';
import { compact } from '../../../shared/util/compact';

export type { PythonSandboxStats } from './python-slot';

/** What a program may read besides its own source. */
export interface PythonContext {
  /** Tagged facts for fact()/facts() (shared/sandbox/fact-index.ts). */
  facts?: readonly SandboxFact[];
}

/** How a caller controls its programs once queued. */
export interface PythonCallOptions {
  /**
   * Aborting drops the call's programs: queued ones leave the queue, a process running one is
   * killed and replaced (Pyodide loads again), and the call rejects with a JobError 'cancelled'.
   */
  signal?: AbortSignal;
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
export class PythonSandbox implements PythonSlotConfig {
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
  private readonly pool: WorkerPool<PendingPython, PythonSlot>;

  constructor(options: PythonSandboxOptions = {}) {
    this.graceMs = Math.max(0, options.graceMs ?? 500);
    this.maxHeapBytes = Math.max(96 * 1024 * 1024, options.maxHeapBytes ?? 256 * 1024 * 1024);
    this.defaults = options.limits ?? {};
    this.testOnlyJsHook = options.testOnlyJsHook === true;
    this.testOnlyHarness = options.testOnlyHarness;
    this.pool = new WorkerPool<PendingPython, PythonSlot>({
      workers: options.workers ?? 1,
      slot: (control) => new PythonSlot(control, this),
      // One program per process at a time; a process not started yet starts loading.
      assign: (slots, queue) => {
        for (const slot of slots) {
          if (queue.length === 0) break;
          if (slot.available) slot.send(queue.shift()!);
          else if (!slot.busy) void slot.start();
        }
      },
      fail: (p, message) => p.settle(pythonFailure('internal', message)),
      name: 'the Python sandbox',
    });
  }

  /** Loads Pyodide in every worker (optional: the first program starts them). */
  warmUp(): Promise<void> {
    return this.pool.warmUp();
  }

  run(
    program: string,
    limits: Partial<PythonLimits> = {},
    context: PythonContext = {},
    call: PythonCallOptions = {},
  ): Promise<PythonResult> {
    return this.runMany([program], limits, context, call).then((results) => {
      const [result] = results;
      if (!result) throw new Error('the Python sandbox returned no result');
      return result;
    });
  }

  runMany(
    programs: readonly string[],
    limits: Partial<PythonLimits> = {},
    context: PythonContext = {},
    call: PythonCallOptions = {},
  ): Promise<PythonResult[]> {
    this.pool.assertOpen();
    if (programs.length === 0) return Promise.resolve([]);
    const resolved = resolvePythonLimits({ ...this.defaults, ...definedOnly(limits) });
    const factSet = factSetOf(context.facts);
    let factsJson: string | undefined;
    const pending: PendingPython[] = [];
    const done = settleInOrder<string, PythonResult>(programs, (program, settle) => {
      const wantsFacts = factSet !== undefined && namesFacts(program);
      const facts = wantsFacts ? (factsJson ??= JSON.stringify(context.facts)) : undefined;
      pending.push({
        job: { ...resolved, program, ...compact({ factsJson: facts }) },
        // What the process reports of its fact() calls becomes the host's own trace.
        settle: (result) => settle(withFactTrace(result, wantsFacts ? factSet : undefined)),
      });
    });
    return this.pool.submit(pending, done, call.signal);
  }

  /** Stops every worker; programs queued or running settle as `internal` errors. */
  close(): Promise<void> {
    return this.pool.close();
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
