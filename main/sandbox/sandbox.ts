import { resolveLimits, type SandboxLimits } from '../../shared/sandbox/limits';
import type {
  SandboxJob,
  SandboxResult,
  SandboxRunOptions,
  SandboxTable,
} from '../../shared/sandbox/types';
import { WorkerPool } from '../jobs/worker-pool';
import { settleInOrder } from './settle-in-order';
import { WorkerSlot, type PendingJob, type SandboxStats, type SlotConfig } from './worker-slot';

export type { SandboxStats } from './worker-slot';

export interface SandboxOptions {
  /** Worker threads running programs in parallel (default 1). */
  workers?: number;
  /** Defaults for every program; per-run options override them. */
  limits?: Partial<SandboxLimits>;
  /**
   * How long past its deadline a program may keep its worker before the worker is terminated
   * (default 250 ms). The interrupt handler normally stops a program at its deadline; this is
   * the backstop for code that does not poll it (allocation-heavy built-ins).
   */
  graceMs?: number;
  /** Most programs sent to a worker in one message (default 64). */
  maxBatch?: number;
  /**
   * Hard ceiling of each worker's QuickJS heap (wasm linear memory), default 128 MiB. The
   * per-program `memoryBytes` limit is enforced below it; this bounds what any program, even
   * one slipping past QuickJS's allocation accounting, can make a worker hold.
   */
  maxHeapBytes?: number;
  /**
   * Tests only: a worker that is handed a program with exactly this source exits on the spot,
   * as a crashing worker would, to prove the crash is reported and the next program runs.
   */
  testOnlyExitOn?: string;
}

/** How a caller controls its programs once queued. */
export interface SandboxCallOptions {
  /**
   * Aborting drops the call's programs: queued ones leave the queue, a worker running one is
   * terminated and replaced (the other callers' programs of its batch run again), and the call
   * rejects with a JobError 'cancelled'.
   */
  signal?: AbortSignal;
}

const NO_TABLES: SandboxTable[] = [];

/**
 * Runs model-written JavaScript programs in QuickJS, in worker threads: a fresh runtime and
 * context per program, a deadline (interrupt handler, then worker termination), a memory limit,
 * a small stack limit, seeded Math.random and a fixed clock, and no host access except the
 * read-only `cell()`/`table()` helpers whose every call is traced.
 *
 * Programs are batched per worker message: a worker round trip costs more than a small program,
 * so `runMany` (and concurrent `run` calls) share messages. Results come back in input order.
 */
export class Sandbox implements SlotConfig {
  readonly stats: SandboxStats = {
    workersStarted: 0,
    workersTerminated: 0,
    workerCrashes: 0,
    moduleRestarts: 0,
    moduleRecycles: 0,
    programsRun: 0,
  };
  readonly graceMs: number;
  readonly maxHeapBytes: number;
  readonly testOnlyExitOn: string | undefined;
  private readonly defaults: Partial<SandboxLimits>;
  private readonly maxBatch: number;
  private readonly pool: WorkerPool<PendingJob, WorkerSlot>;

  constructor(options: SandboxOptions = {}) {
    this.graceMs = Math.max(0, options.graceMs ?? 250);
    this.maxBatch = Math.max(1, Math.floor(options.maxBatch ?? 64));
    this.maxHeapBytes = Math.max(32 * 1024 * 1024, options.maxHeapBytes ?? 128 * 1024 * 1024);
    this.testOnlyExitOn = options.testOnlyExitOn;
    this.defaults = options.limits ?? {};
    this.pool = new WorkerPool<PendingJob, WorkerSlot>({
      workers: options.workers ?? 1,
      slot: (control) => new WorkerSlot(control, this),
      assign: (slots, queue) => {
        // Idle workers first, then a batch queued behind a running one (see WorkerSlot).
        for (const open of [(s: WorkerSlot) => !s.busy, (s: WorkerSlot) => s.canQueue]) {
          const chosen = slots.filter(open);
          for (let i = 0; i < chosen.length && queue.length > 0; i++) {
            // Split the queue evenly over the workers, at most maxBatch each.
            const share = Math.ceil(queue.length / (chosen.length - i));
            chosen[i]?.send(queue.splice(0, Math.min(this.maxBatch, share)));
          }
        }
      },
      fail: (job, message) => job.settle(internal(message)),
      name: 'the sandbox',
    });
  }

  /** Starts the workers and waits until each has loaded QuickJS (optional: runs start them). */
  warmUp(): Promise<void> {
    return this.pool.warmUp();
  }

  run(
    program: string,
    options: SandboxRunOptions = {},
    call: SandboxCallOptions = {},
  ): Promise<SandboxResult> {
    return this.runMany([{ ...options, program }], call).then((results) => {
      const [result] = results;
      if (!result) throw new Error('sandbox returned no result');
      return result;
    });
  }

  async runMany(
    jobs: readonly SandboxJob[],
    call: SandboxCallOptions = {},
  ): Promise<SandboxResult[]> {
    this.pool.assertOpen();
    if (jobs.length === 0) return [];
    // Jobs with the same options share one limits object: a worker message then carries it
    // once (structured clone keeps shared references shared).
    const limitsByKey = new Map<string, SandboxLimits>();
    const limitsFor = (overrides: Partial<SandboxLimits>): SandboxLimits => {
      const key = JSON.stringify(overrides);
      let limits = limitsByKey.get(key);
      if (!limits) {
        limits = resolveLimits({ ...this.defaults, ...overrides });
        limitsByKey.set(key, limits);
      }
      return limits;
    };
    let defaults: SandboxLimits | undefined;
    const pending: PendingJob[] = [];
    const done = settleInOrder<SandboxJob, SandboxResult>(jobs, (job, settle) => {
      const { program, tables = NO_TABLES, facts } = job;
      // Most jobs override nothing: no rest object, no key to build for them.
      const limits = hasOverrides(job)
        ? limitsFor(definedOnly(job))
        : (defaults ??= limitsFor(NO_OVERRIDES));
      pending.push({
        job:
          facts && facts.length > 0
            ? { program, tables, facts, limits }
            : { program, tables, limits },
        settle,
      });
    });
    return this.pool.submit(pending, done, call.signal);
  }

  /** Stops every worker. Programs still queued or running settle as `internal` errors. */
  close(): Promise<void> {
    return this.pool.close();
  }
}

function internal(message: string): SandboxResult {
  return {
    ok: false,
    error: { kind: 'internal', message },
    trace: [],
    traceTruncated: false,
    logs: '',
    durationMs: 0,
  };
}

const NO_OVERRIDES: Partial<SandboxLimits> = {};

/** Whether a job sets any of the limits definedOnly reads. */
const hasOverrides = (job: SandboxRunOptions): boolean =>
  job.timeoutMs !== undefined ||
  job.memoryBytes !== undefined ||
  job.seed !== undefined ||
  job.nowMs !== undefined;

/** `{timeoutMs: undefined}` must not override a default. */
function definedOnly(options: Omit<SandboxRunOptions, 'tables' | 'facts'>): Partial<SandboxLimits> {
  const out: Partial<SandboxLimits> = {};
  if (options.timeoutMs !== undefined) out.timeoutMs = options.timeoutMs;
  if (options.memoryBytes !== undefined) out.memoryBytes = options.memoryBytes;
  if (options.seed !== undefined) out.seed = options.seed;
  if (options.nowMs !== undefined) out.nowMs = options.nowMs;
  return out;
}
