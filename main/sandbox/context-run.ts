import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten-core';
import { TableSet } from '../../shared/sandbox/cell-lookup';
import type { SandboxFact } from '../../shared/sandbox/fact-index';
import { FactSet } from '../../shared/sandbox/fact-lookup';
import {
  classifyThrown,
  parseThrownDescription,
  PROGRAM_FILE,
  UNINSPECTABLE,
  type ThrownDescription,
} from '../../shared/sandbox/classify-thrown';
import type { SandboxLimits } from '../../shared/sandbox/limits';
import type { SandboxError, SandboxTable, SandboxValue } from '../../shared/sandbox/types';
import {
  createCellFunction,
  createCellHelper,
  createFactFunction,
  createTableFunction,
  prepareArgumentReading,
  type LogSink,
  type TraceRecorder,
} from './host-helpers';
import {
  captureJsonRequestTools,
  enableFastHostCalls,
  setGlobal,
  typeOfHandle,
} from './fast-host-call';
import { evalGlobal } from './raw-eval';
import { readResult } from './read-result';
import {
  CELL_INFO_SNIPPET,
  DESCRIBE_SNIPPET,
  FACT_SNIPPET,
  FACTS_SNIPPET,
  SOLUTION_CALL,
  SOLUTION_PROBE,
  SOLUTION_SUFFIX,
  TABLE_SNIPPET,
} from './snippets';

/**
 * One program's steps inside its fresh context: install the helpers it names, evaluate it,
 * call solution(), await an async answer, read the result or classify what it threw. The
 * runtime's lifecycle (limits, clock, disposal) is run-program.ts's.
 */

export interface ProgramJob {
  program: string;
  tables: SandboxTable[];
  /** Tagged facts for fact()/facts(); absent or empty when the context has none. */
  facts?: SandboxFact[];
  limits: SandboxLimits;
}

/** execute() asks for the program to be run again on its own (see SOLUTION_SUFFIX). */
export const RUN_ALONE = Symbol('run alone');

/** Budget for our own calls after the program stopped (describing what it threw). */
const AFTERCARE_MS = 50;
/** Memory granted on top of the limit for that aftercare, so an OOM can still be described. */
const AFTERCARE_BYTES = 1024 * 1024;
/** Pending jobs run per executePendingJobs call while awaiting an async answer. */
const JOB_SLICE = 256;

/** What evalCode/callFunction return (the package does not export a name for it). */
type ContextResult = ReturnType<QuickJSContext['evalCode']>;

export type Outcome = { ok: true; value: SandboxValue } | { ok: false; error: SandboxError };

export interface Deadline {
  /** performance.now() value after which the interrupt handler stops the program. */
  at: number;
  /** Off during our aftercare, when the program's garbage may still fill the heap. */
  watchHeap: boolean;
  interruptedBy: 'deadline' | 'memory' | undefined;
}

export interface HelperNeeds {
  console: boolean;
  cell: boolean;
  cellInfo: boolean;
  table: boolean;
  fact: boolean;
  facts: boolean;
}

/** The helpers' names as whole words; the longer of two names sharing a start first. */
const HELPER_NAMES = /\b(?:console|cellInfo|cell|table|facts|fact)\b/g;

/**
 * Helpers are installed when the program's source names them: each costs host functions and
 * property writes (table() also a parse) and most programs use none. A program reaching one
 * through a computed name finds it missing: it can only fail, not reach more.
 */
export function helpersNamedIn(program: string): HelperNeeds {
  const needs: HelperNeeds = {
    console: false,
    cell: false,
    cellInfo: false,
    table: false,
    fact: false,
    facts: false,
  };
  // One scan for all six words (six scans were ~1.5 µs of a small program's run).
  HELPER_NAMES.lastIndex = 0;
  for (let m = HELPER_NAMES.exec(program); m; m = HELPER_NAMES.exec(program))
    needs[m[0] as keyof HelperNeeds] = true;
  return needs;
}

/**
 * Lookup indexes per tables array. The programs of one batch share one array (structured clone
 * keeps shared references shared), so a document's tables are indexed once per batch, not once
 * per program (building the index of a 60-cell statement cost ~80 µs, a quarter of a run). Host
 * state only, read-only after it is built: no program can reach or change it.
 */
const tableSets = new WeakMap<readonly SandboxTable[], TableSet>();

/** Fact indexes per facts array, shared by a batch's programs like the table sets above. */
const factSets = new WeakMap<readonly SandboxFact[], FactSet>();

function factSetFor(facts: readonly SandboxFact[]): FactSet {
  let set = factSets.get(facts);
  if (!set) {
    set = new FactSet(facts);
    factSets.set(facts, set);
  }
  return set;
}

/**
 * The set last built for a tables array, by the array's first table: callers that pick each
 * program's tables anew (a fresh array per job, e.g. only the tables the program names) still
 * hand over the same table objects, and within a batch structured clone keeps them shared, so
 * an array holding exactly the same tables reuses that set and its path lookups (the bench's
 * cell() program: ~10 µs of ~210).
 */
const tableSetsByFirst = new WeakMap<
  SandboxTable,
  { tables: readonly SandboxTable[]; set: TableSet }
>();

const sameTables = (a: readonly SandboxTable[], b: readonly SandboxTable[]): boolean =>
  a.length === b.length && a.every((t, i) => t === b[i]);

function tableSetFor(tables: readonly SandboxTable[]): TableSet {
  let set = tableSets.get(tables);
  if (set) return set;
  const first = tables[0];
  const known = first ? tableSetsByFirst.get(first) : undefined;
  if (known && sameTables(known.tables, tables)) set = known.set;
  else {
    set = new TableSet(tables);
    if (first) tableSetsByFirst.set(first, { tables, set });
  }
  tableSets.set(tables, set);
  return set;
}

const NO_FACTS: SandboxFact[] = [];

/** Every handle a ContextRun creates goes to `owned`, which its caller disposes. */
export class ContextRun {
  /** An interrupt landed while promise jobs ran (see ProgramRun.retire). */
  interruptedInJobs = false;
  /** When the program's own time ends (the aftercare after a throw has its own deadline). */
  programDeadline = 0;

  constructor(
    private readonly ctx: QuickJSContext,
    private readonly rt: QuickJSRuntime,
    private readonly job: ProgramJob,
    private readonly deadline: Deadline,
    private readonly owned: QuickJSHandle[],
  ) {}

  private own(h: QuickJSHandle): QuickJSHandle {
    this.owned.push(h);
    return h;
  }

  /** Our own snippets must evaluate; if one does not, that is a sandbox bug. */
  private unwrap(result: ContextResult, what: string): QuickJSHandle {
    if (result.error) {
      result.error.dispose();
      throw new Error(`sandbox ${what} failed to install`);
    }
    return this.own(result.value);
  }

  /** Evaluates `snippet` (a function) and calls it with `hostFn`, before the program runs. */
  private install(snippet: string, hostFn: QuickJSHandle, what: string): void {
    const { ctx } = this;
    const installer = this.unwrap(ctx.evalCode(snippet, `sandbox-${what}.js`), what);
    this.unwrap(ctx.callFunction(installer, ctx.undefined, this.own(hostFn)), what);
  }

  installHelpers(needs: HelperNeeds, trace: TraceRecorder, logs: LogSink): void {
    const lookups = needs.cell || needs.cellInfo || needs.table || needs.fact || needs.facts;
    // Most programs name no helper: nothing to make for them, not even the closure below.
    if (!lookups && !needs.console) return;
    const { ctx } = this;
    const own = (h: QuickJSHandle) => this.own(h);
    // The wrappers of cell/cellInfo/fact/facts pass checked requests (readRequest): only
    // console and table() read strings of any length.
    if (needs.console || needs.table) prepareArgumentReading(ctx, own);
    if (needs.console) logs.install(ctx, own);
    if (!lookups) return;
    // The lookups' host functions answer through the short C → host path (fast-host-call.ts).
    enableFastHostCalls(ctx);
    if (needs.fact || needs.facts) {
      const facts = factSetFor(this.job.facts ?? NO_FACTS);
      if (needs.fact)
        this.install(FACT_SNIPPET, createFactFunction(ctx, facts, trace, 'fact'), 'fact');
      if (needs.facts)
        this.install(FACTS_SNIPPET, createFactFunction(ctx, facts, trace, 'facts'), 'facts');
    }
    const set = tableSetFor(this.job.tables);
    if (needs.cell) {
      // A host function, no wrapper to parse (see newJsonRequestFunction).
      const cell = own(createCellHelper(ctx, captureJsonRequestTools(ctx, own), set, trace));
      setGlobal(ctx, 'cell', cell);
    }
    if (needs.cellInfo)
      this.install(CELL_INFO_SNIPPET, createCellFunction(ctx, set, trace, 'cellInfo'), 'cell-info');
    if (needs.table) this.install(TABLE_SNIPPET, createTableFunction(ctx, set, trace), 'table');
  }

  /**
   * Runs the program and reads its answer. With `joined` (a program that declares solution,
   * see DECLARES_SOLUTION) the program and the solution() call are one evaluation; RUN_ALONE
   * then means this run's result must be dropped and the program run again, without
   * `joined`, in a fresh runtime, until `programDeadline` (see SOLUTION_SUFFIX for when).
   */
  execute(joined: boolean, until?: number): Outcome | typeof RUN_ALONE {
    const { ctx, job, deadline } = this;
    // A program run again alone keeps the deadline of its first run (`until`): together the
    // two never run longer than its limit.
    deadline.at = until ?? performance.now() + job.limits.timeoutMs;
    this.programDeadline = deadline.at;
    if (joined) return this.executeJoined();
    const evaluated = evalGlobal(ctx, job.program, '', PROGRAM_FILE);
    if (evaluated.error) return this.thrown(evaluated.error);
    let answer = this.own(evaluated.value);
    // Host code the program called (console's formatter running a toJSON or a getter) may have
    // caught the interrupt and let the program go on: the verdict stands all the same.
    if (deadline.interruptedBy) return this.interrupted();

    if (/\bsolution\b/.test(job.program)) {
      const called = ctx.evalCode(SOLUTION_CALL, 'sandbox-call.js', { type: 'global' });
      if (called.error) return this.thrown(called.error);
      const value = this.own(called.value);
      if (deadline.interruptedBy) return this.interrupted();
      let type = typeOfHandle(ctx, value);
      if (type === 'undefined') {
        // Either solution() answered undefined or there is no solution function at all.
        const isFunction = this.solutionIsFunction();
        if (typeof isFunction !== 'boolean') return isFunction;
        if (!isFunction) type = typeOfHandle(ctx, answer);
        else answer = value;
      } else answer = value;
      return this.settle(answer, type);
    }
    return this.settle(answer, typeOfHandle(ctx, answer));
  }

  private executeJoined(): Outcome | typeof RUN_ALONE {
    const { ctx, job, deadline } = this;
    const evaluated = evalGlobal(ctx, job.program, SOLUTION_SUFFIX, PROGRAM_FILE);
    if (evaluated.error) {
      const outcome = this.thrown(evaluated.error);
      if (outcome.ok || deadline.interruptedBy) return outcome;
      // A SyntaxError may be the suffix's doing (or, thrown at run time, the program's own:
      // running it again alone answers both exactly).
      if (outcome.error.kind === 'syntax') return RUN_ALONE;
      if (outcome.error.kind !== 'runtime') return outcome;
      // The program, or solution(), threw; or there is no solution function to call (the
      // suffix calls it unchecked): then the answer is the program's completion value.
      const isFunction = this.solutionIsFunction();
      if (typeof isFunction !== 'boolean') return isFunction;
      return isFunction ? outcome : RUN_ALONE;
    }
    // solution() was called: an undefined answer is its own.
    const value = this.own(evaluated.value);
    if (deadline.interruptedBy) return this.interrupted();
    return this.settle(value, typeOfHandle(ctx, value));
  }

  /** Whether `solution` is a function, asked in the context (or how asking failed). */
  private solutionIsFunction(): boolean | Outcome {
    const { ctx, deadline } = this;
    const probe = ctx.evalCode(SOLUTION_PROBE, 'sandbox-call.js', { type: 'global' });
    if (probe.error) return this.thrown(probe.error);
    const isFunction = ctx.sameValue(this.own(probe.value), ctx.true);
    if (deadline.interruptedBy) return this.interrupted();
    return isFunction;
  }

  /**
   * The answer, awaited if it is a promise (an async solution()), then read. Only an object can
   * be a promise: for the usual number the promise machinery is skipped.
   */
  private settle(answer: QuickJSHandle, type: string): Outcome {
    const { ctx, rt, job, deadline } = this;
    if (type === 'object') {
      // An async solution() answers with a promise: run its jobs until it settles or time is up.
      let state = ctx.getPromiseState(answer);
      while (state.type === 'pending' && rt.hasPendingJob() && !deadline.interruptedBy) {
        const ran = rt.executePendingJobs(JOB_SLICE);
        if (deadline.interruptedBy) this.interruptedInJobs = true;
        if (ran.error) return this.thrown(ran.error);
        state = ctx.getPromiseState(answer);
      }
      switch (state.type) {
        case 'pending':
          return deadline.interruptedBy
            ? this.interrupted()
            : {
                ok: false,
                error: { kind: 'non-numeric', message: 'returned a promise that never settles' },
              };
        case 'rejected':
          return this.thrown(state.error);
        case 'fulfilled':
          if (!state.notAPromise) {
            answer = this.own(state.value);
            type = typeOfHandle(ctx, answer);
          }
          break;
      }
    }
    if (deadline.interruptedBy) return this.interrupted();
    return readResult(ctx, answer, job.limits.maxOutputChars, type);
  }

  private interrupted(): Outcome {
    return { ok: false, error: this.classify(UNINSPECTABLE) };
  }

  private classify(description: ThrownDescription): SandboxError {
    return classifyThrown(description, {
      interruptedBy: this.deadline.interruptedBy,
      timeoutMs: this.job.limits.timeoutMs,
      memoryBytes: this.job.limits.memoryBytes,
    });
  }

  private thrown(error: QuickJSHandle): Outcome {
    this.own(error);
    if (this.deadline.interruptedBy) return this.interrupted();
    // Fresh time and a little memory headroom, so an OOM or a trap can still be described.
    this.deadline.at = performance.now() + AFTERCARE_MS;
    this.deadline.watchHeap = false;
    this.rt.setMemoryLimit(this.job.limits.memoryBytes + AFTERCARE_BYTES);
    const description = this.describe(error);
    this.deadline.interruptedBy = undefined;
    return { ok: false, error: this.classify(description) };
  }

  private describe(error: QuickJSHandle): ThrownDescription {
    const { ctx } = this;
    const describer = ctx.evalCode(DESCRIBE_SNIPPET, 'sandbox-describe.js', { type: 'global' });
    if (describer.error) {
      describer.error.dispose();
      return UNINSPECTABLE;
    }
    const fn = this.own(describer.value);
    const result = ctx.callFunction(fn, ctx.undefined, error);
    if (result.error) {
      result.error.dispose();
      return UNINSPECTABLE;
    }
    const text = ctx.typeof(result.value) === 'string' ? ctx.getString(result.value) : '';
    result.value.dispose();
    return parseThrownDescription(text);
  }
}
