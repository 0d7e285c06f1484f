import { parentPort, workerData } from 'node:worker_threads';
import { resolveLimits } from '../../shared/sandbox/limits';
import type { SandboxResult } from '../../shared/sandbox/types';
import type { HostToWorker, WorkerData, WorkerToHost } from './messages';
import { loadQuickJS, type QuickJSInstance } from './quickjs-module';
import { packResults } from './result-pack';
import { runProgram } from './run-program';

/**
 * A sandbox worker thread: one QuickJS wasm instance, programs run one after another, each in a
 * fresh runtime and context (run-program.ts). A batch arrives in one message and its results
 * leave in one message; the host learns which program is running from a shared counter.
 *
 * The instance is replaced by a fresh one (new linear memory, ~15 ms) when
 * - QuickJS failed on the host side (the program is reported as failed: a "restart"), or its
 *   runtime could not be freed (the result stands: also a "restart"),
 * - a runtime had to be abandoned undisposed (see ProgramRun.retire: a "recycle"), or
 * - a program grew the heap past RECYCLE_HEAP_BYTES: wasm memory never shrinks, so without
 *   this one memory bomb would keep its pages resident for the worker's life, and the next
 *   program could fill those free pages unseen by its memory limit, which watches growth from
 *   its start (a "recycle"). 24 MiB is the initial 16 MiB plus what few programs ever use.
 */

if (!parentPort) throw new Error('sandbox worker must run in a worker thread');
const port = parentPort;
const data = workerData as WorkerData;
const progress = new Int32Array(data.progress);

const RECYCLE_HEAP_BYTES = 24 * 1024 * 1024;

let instance: Promise<QuickJSInstance> = loadQuickJS(data.maxHeapBytes);

function hostFailure(e: unknown, startedAt: number): SandboxResult {
  const text = e instanceof Error ? e.message : String(e);
  // A host RangeError means recursion overflowed the native stack before QuickJS's own limit.
  const stack = /maximum call stack size/i.test(text);
  return {
    ok: false,
    error: {
      kind: stack ? 'stack' : 'internal',
      message: stack
        ? 'exceeded the stack limit (host stack overflow)'
        : `the sandbox failed: ${text.split('\n', 1)[0] ?? ''}`.slice(0, 300),
    },
    trace: [],
    traceTruncated: false,
    logs: '',
    durationMs: performance.now() - startedAt,
  };
}

async function runBatch(message: HostToWorker): Promise<void> {
  const results: SandboxResult[] = [];
  let moduleRestarts = 0;
  let moduleRecycles = 0;
  let replaced = false;
  // One await per batch, not per program: `instance` changes only when it is replaced below.
  let current = await instance;
  for (const job of message.jobs) {
    if (replaced) current = await instance;
    replaced = false;
    Atomics.add(progress, 0, 1);
    // A crash the tests can cause: the host must report it and start a new worker.
    if (data.testOnlyExitOn !== undefined && job.program === data.testOnlyExitOn) process.exit(7);
    const startedAt = performance.now();
    try {
      const { result, retire } = runProgram(current, job);
      results.push(result);
      if (retire === 'broken') {
        moduleRestarts++;
        instance = loadQuickJS(data.maxHeapBytes);
        replaced = true;
      } else if (retire === 'abandoned' || current.memory.buffer.byteLength > RECYCLE_HEAP_BYTES) {
        moduleRecycles++;
        instance = loadQuickJS(data.maxHeapBytes);
        replaced = true;
      }
    } catch (e) {
      results.push(hostFailure(e, startedAt));
      moduleRestarts++;
      instance = loadQuickJS(data.maxHeapBytes);
      replaced = true;
    }
  }
  const reply: WorkerToHost = {
    type: 'results',
    batchId: message.batchId,
    results: packResults(results),
    moduleRestarts,
    moduleRecycles,
  };
  port.postMessage(reply);
}

/**
 * A fresh thread runs its first programs ~20× slower (measured: 130 ms instead of < 1 ms) while
 * V8 compiles the hot wasm and glue code; a few throwaway runs before "ready" pay that once,
 * up front, instead of on the first real program (or the first after a worker replacement).
 */
const WARM_UP_RUNS = 25;
const WARM_UP_PROGRAM =
  'function solution() { let s = 0; for (let i = 1; i < 50; i++) s += 1 / i; return s; }';

function warmUp(current: QuickJSInstance): void {
  const limits = resolveLimits();
  for (let i = 0; i < WARM_UP_RUNS; i++) {
    runProgram(current, { program: WARM_UP_PROGRAM, tables: [], limits });
  }
}

// Batches run strictly one after another, even if the host ever sends two. A failure to load
// QuickJS rejects this chain and, unhandled, crashes the worker: the host sees the crash.
let queue: Promise<void> = instance.then((current) => {
  warmUp(current);
  const ready: WorkerToHost = { type: 'ready' };
  port.postMessage(ready);
});
port.on('message', (message: HostToWorker) => {
  queue = queue.then(() => runBatch(message));
});
