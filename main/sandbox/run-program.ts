import type {
  Intrinsics,
  QuickJSContext,
  QuickJSHandle,
  QuickJSRuntime,
} from 'quickjs-emscripten-core';
import type { SandboxError, SandboxResult, SandboxValue } from '../../shared/sandbox/types';
import {
  ContextRun,
  helpersNamedIn,
  RUN_ALONE,
  type Deadline,
  type Outcome,
  type ProgramJob,
} from './context-run';
import { FixedClock } from './fixed-clock';
import { LogSink, type TraceRecorder } from './host-helpers';
import { intrinsicsFor } from './intrinsics';
import type { GrowCeiling, QuickJSInstance } from './quickjs-module';
import { DECLARES_SOLUTION } from './snippets';

export type { ProgramJob } from './context-run';

export interface RunProgramOptions {
  /** Override the per-program choice of built-ins (the bench uses this to compare). */
  intrinsics?: Intrinsics;
}

const clock = new FixedClock();

/*
 * The objects every run makes are class instances (and Array.of arrays), not object or array
 * literals. V8 tracks a literal's allocation site and, when most of a site's objects survive a
 * scavenge, allocates its later objects directly in the old generation ("pretenuring"). These
 * sites' objects measured 100% surviving in a long run of programs (node --trace-pretenuring on
 * 40,000 programs in one thread: six sites here went "tenure"), and a per-run object then
 * allocated old keeps the young objects it points to (the run's handles, its trace entries)
 * alive through every scavenge until the next full GC: 2.6-3.3 MB survived each scavenge
 * instead of 0.7-0.8 MB. A class instance or Array.of array has no allocation site, so it is
 * never pretenured.
 */
class Trace implements TraceRecorder {
  entries: TraceRecorder['entries'] = Array.of();
  truncated = false;
  constructor(readonly max: number) {}
}

class RunDeadline implements Deadline {
  watchHeap = true;
  interruptedBy: Deadline['interruptedBy'] = undefined;
  constructor(public at: number) {}
}

class ResumeFrom implements Resume {
  constructor(
    readonly until: number,
    readonly heapAtStart: number,
  ) {}
}

/*
 * A run's result, built field by field in the order the spread `{...base, ok, value}` gave
 * (structured clone and JSON keep that order). The spread cost ~7 µs per program (in-process
 * A/B, compiled, 12 alternating rounds of the bench's mix: 218.5 vs 211.6 µs median): V8 clones
 * `base` through a generic path before adding two properties. Classes for the reason above;
 * a worker's results reach the host as plain objects (structured clone drops the prototype).
 */
class OkResult {
  // Declared and assigned in the same order, so the keys come out in it either way.
  readonly trace: TraceRecorder['entries'];
  readonly traceTruncated: boolean;
  readonly logs: string;
  durationMs: number;
  readonly ok: true;
  readonly value: SandboxValue;
  constructor(
    trace: TraceRecorder['entries'],
    traceTruncated: boolean,
    logs: string,
    durationMs: number,
    value: SandboxValue,
  ) {
    this.trace = trace;
    this.traceTruncated = traceTruncated;
    this.logs = logs;
    this.durationMs = durationMs;
    this.ok = true;
    this.value = value;
  }
}

class FailedResult {
  readonly trace: TraceRecorder['entries'];
  readonly traceTruncated: boolean;
  readonly logs: string;
  durationMs: number;
  readonly ok: false;
  readonly error: SandboxError;
  constructor(
    trace: TraceRecorder['entries'],
    traceTruncated: boolean,
    logs: string,
    durationMs: number,
    error: SandboxError,
  ) {
    this.trace = trace;
    this.traceTruncated = traceTruncated;
    this.logs = logs;
    this.durationMs = durationMs;
    this.ok = false;
    this.error = error;
  }
}

/** What runInRuntime hands back (a class for the reason above). */
class InRuntime {
  constructor(
    readonly outcome: Outcome | typeof RUN_ALONE,
    readonly abandon: boolean,
    readonly resume: Resume,
  ) {}
}
export interface ProgramRun {
  result: SandboxResult;
  /**
   * Why the QuickJS instance must not run another program, if it must not:
   * - 'abandoned': an interrupt landed inside a promise job. QuickJS (2025-09-13) then leaks
   *   objects, and freeing that runtime would fail an assertion and abort the instance; the
   *   runtime is left undisposed and the whole instance is replaced instead.
   * - 'broken': freeing the runtime failed anyway (e.g. a leaked handle). The result stands
   *   (it was read before), but the instance is dead.
   */
  retire: 'abandoned' | 'broken' | undefined;
}

/**
 * Runs one program in a fresh QuickJS runtime and a fresh context, both disposed before this
 * returns. A fresh runtime per program rather than one runtime reused with fresh contexts:
 * reuse measured only ~7% faster (median 333 vs 355 µs CPU per program, 16 interleaved rounds;
 * runtime create+free ≈ 110 µs is mostly paid back by the GC a shared runtime needs for the
 * garbage of earlier contexts), and a fresh runtime removes every channel a shared one keeps
 * between programs: the pending-job queue (a promise job left by program A would run inside
 * program B's executePendingJobs), the memory-limit accounting (A's uncollected cycles count
 * against B), runtime flags after an out-of-memory, the interrupt handler and the atom table.
 *
 * Program failures come back as results. This throws only if QuickJS failed on the host side
 * (e.g. the wasm instance aborted mid-program); the caller must then replace the instance.
 */
export function runProgram(
  instance: QuickJSInstance,
  job: ProgramJob,
  options: RunProgramOptions = {},
): ProgramRun {
  const started = performance.now();
  const joined = DECLARES_SOLUTION.test(job.program);
  const first = runOnce(instance, job, options, started, joined);
  if (!('runAlone' in first)) return first;
  // The joined evaluation could not answer exactly (a SyntaxError, or no solution function):
  // the same program alone, in a fresh runtime, with a fresh trace and log, within the
  // deadline and the memory of the first run.
  const alone = runOnce(instance, job, options, performance.now(), false, first.runAlone);
  if ('runAlone' in alone) throw new Error('sandbox: a program run alone asked to run alone');
  alone.result.durationMs = performance.now() - started;
  return alone;
}

/** What a program run again alone keeps of its first run: the deadline and the heap baseline. */
interface Resume {
  until: number;
  heapAtStart: number;
}

function runOnce(
  { qjs, memory, growCeiling }: QuickJSInstance,
  job: ProgramJob,
  options: RunProgramOptions,
  started: number,
  joined: boolean,
  resume?: Resume,
): ProgramRun | { runAlone: Resume } {
  const { limits } = job;
  const trace: TraceRecorder = new Trace(limits.maxTraceEntries);
  const logs = new LogSink(limits.maxLogChars);

  // The seed becomes Math.random's state when the context is created; then time is fixed.
  clock.install(limits.seed);
  let ran: InRuntime | undefined;
  let retire: ProgramRun['retire'];
  try {
    const rt = qjs.newRuntime();
    try {
      ran = runInRuntime(
        rt,
        memory,
        growCeiling,
        job,
        options,
        started,
        trace,
        logs,
        joined,
        resume,
      );
    } finally {
      if (ran?.abandon) retire = 'abandoned';
      else {
        try {
          rt.dispose();
        } catch {
          // After a failure inside runInRuntime this abort is only its consequence, and the
          // first error propagates. After a clean run the outcome stands; the instance retires.
          if (ran) retire = 'broken';
        }
      }
    }
  } finally {
    growCeiling.bytes = Infinity;
    clock.restore();
  }
  const { outcome } = ran;
  if (outcome === RUN_ALONE) {
    // Asked only before any promise job ran; an instance that cannot free a runtime must not
    // run the program again: the caller replaces it, as after any host-side failure.
    if (retire) throw new Error('sandbox: the QuickJS runtime could not be freed');
    return { runAlone: ran.resume };
  }
  const durationMs = performance.now() - started;
  return {
    result: outcome.ok
      ? new OkResult(trace.entries, trace.truncated, logs.text, durationMs, outcome.value)
      : new FailedResult(trace.entries, trace.truncated, logs.text, durationMs, outcome.error),
    retire,
  };
}

/**
 * The run's handles, newest first, then its context. A function of the module rather than a
 * closure made per run: one allocation less per program (and under tsx, whose keepNames
 * names every closure it makes, one Object.defineProperty less).
 */
function disposeAll(owned: readonly QuickJSHandle[], ctx: QuickJSContext): void {
  for (let i = owned.length - 1; i >= 0; i--) {
    const h = owned[i];
    if (h?.alive) h.dispose();
  }
  ctx.dispose();
}

function runInRuntime(
  rt: QuickJSRuntime,
  memory: QuickJSInstance['memory'],
  growCeiling: GrowCeiling,
  job: ProgramJob,
  options: RunProgramOptions,
  started: number,
  trace: TraceRecorder,
  logs: LogSink,
  joined: boolean,
  resume: Resume | undefined,
): InRuntime {
  const { limits } = job;
  rt.setMemoryLimit(limits.memoryBytes);
  rt.setMaxStackSize(limits.stackBytes);
  const deadline: Deadline = new RunDeadline(started + limits.timeoutMs);
  // QuickJS's own accounting undercounts (see quickjs-module.ts), so the handler also watches
  // the wasm heap: growth since the start is memory this program holds.
  // A run again alone measures from where the first run started: the pages that run grew
  // and freed count against the same limit, so the two together never hold more.
  const heapAtStart = resume?.heapAtStart ?? memory.buffer.byteLength;
  // ...and a hard ceiling stops growth soon after (see QuickJSInstance.growCeiling). Its margin
  // covers emscripten's habit of growing 5-20% more than asked, so a program within its limit
  // is never refused; the handler above gives the exact verdict.
  const margin = Math.max(limits.memoryBytes / 4, (heapAtStart + limits.memoryBytes) / 10);
  growCeiling.bytes = heapAtStart + limits.memoryBytes + margin;
  growCeiling.refused = () => {
    if (deadline.watchHeap) deadline.interruptedBy ??= 'memory';
  };
  rt.setInterruptHandler(() => {
    if (deadline.watchHeap && memory.buffer.byteLength - heapAtStart > limits.memoryBytes) {
      deadline.interruptedBy = 'memory';
      return true;
    }
    if (performance.now() <= deadline.at) return false;
    deadline.interruptedBy = 'deadline';
    return true;
  });
  const helpers = helpersNamedIn(job.program);
  const intrinsics =
    // The cell() and table() wrappers use JSON; console prints objects with it.
    options.intrinsics ??
    intrinsicsFor(
      job.program,
      helpers.console ||
        helpers.cell ||
        helpers.cellInfo ||
        helpers.table ||
        helpers.fact ||
        helpers.facts,
    );
  const ctx = rt.newContext({ intrinsics });
  clock.set(limits.nowMs);
  const owned: QuickJSHandle[] = Array.of<QuickJSHandle>();
  let outcome: Outcome | typeof RUN_ALONE;
  const run = new ContextRun(ctx, rt, job, deadline, owned);
  try {
    run.installHelpers(helpers, trace, logs);
    outcome = run.execute(joined, resume?.until);
  } catch (error) {
    try {
      disposeAll(owned, ctx);
    } catch {
      // The instance is already broken; the original error says why.
    }
    throw error;
  }
  disposeAll(owned, ctx);
  return new InRuntime(
    outcome,
    run.interruptedInJobs,
    new ResumeFrom(run.programDeadline, heapAtStart),
  );
}
