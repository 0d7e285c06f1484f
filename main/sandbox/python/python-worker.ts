import { parentPort, workerData } from 'node:worker_threads';
import { HARNESS_SOURCE } from './harness-source';
import { NUMERIC_SUBSET_SOURCE } from './numeric-subset-source';
import type { HostToPythonWorker, PythonWorkerData, PythonWorkerToHost } from './messages';
import { installHeapCap, loadSandboxedPyodide, type SandboxedPyodide } from './load-pyodide';
import { pythonFailure, type PythonJob, type PythonResult } from './types';

/**
 * A Python sandbox worker thread: one Pyodide instance, loaded once (seconds) and reused for
 * every program, each in fresh globals (harness-source.ts). Programs arrive one per message;
 * the host learns which one is running from a shared counter, and interrupts or terminates the
 * worker at a deadline (python-slot.ts).
 */

if (!parentPort) throw new Error('the Python sandbox worker must run in a worker thread');
const port = parentPort;
const data = workerData as PythonWorkerData;
const progress = new Int32Array(data.progress);

installHeapCap(data.maxHeapBytes);

function post(message: PythonWorkerToHost): void {
  port.postMessage(message);
}

function runOne(py: SandboxedPyodide, job: PythonJob): PythonResult {
  const startedAt = performance.now();
  try {
    const json = py.run(job.program, job.seed, job.maxLogChars);
    const parsed = JSON.parse(json) as Omit<PythonResult, 'durationMs'>;
    return { ...parsed, durationMs: performance.now() - startedAt } as PythonResult;
  } catch (e) {
    // Only the harness's own last lines can raise into JavaScript: an interrupt or a memory
    // failure while formatting the program's error, or a fatal error of the interpreter.
    const text = e instanceof Error ? e.message : String(e);
    const durationMs = performance.now() - startedAt;
    if (/KeyboardInterrupt/.test(text))
      return pythonFailure('timeout', 'interrupted at its deadline', durationMs);
    if (/MemoryError|out of memory|Cannot enlarge memory/i.test(text))
      return pythonFailure('memory', 'ran out of memory (the sandbox heap limit)', durationMs);
    return pythonFailure(
      'internal',
      `the sandbox failed: ${text.split('\n', 1)[0] ?? ''}`,
      durationMs,
    );
  }
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  let py: SandboxedPyodide;
  try {
    py = await loadSandboxedPyodide(new Int32Array(data.interrupt), HARNESS_SOURCE, [
      NUMERIC_SUBSET_SOURCE,
    ]);
  } catch (e) {
    post({ type: 'load-failed', message: e instanceof Error ? e.message : String(e) });
    return;
  }
  post({ type: 'ready', loadMs: performance.now() - startedAt });
  port.on('message', (m: HostToPythonWorker) => {
    if (m.type !== 'run') return;
    Atomics.add(progress, 0, 1);
    const result = runOne(py, m.job);
    post({ type: 'result', id: m.id, result, heapBytes: py.heapBytes() });
    // A fatal error leaves the interpreter unusable: the host replaces a worker that exits.
    if (py.broken()) process.exit(1);
  });
}

void main();
