// A Python sandbox process (issue 21): one Pyodide instance, loaded once (seconds) and reused
// for every program, each in fresh globals (harness-source.ts). It runs in a process of its
// own, started by launch-python-process.ts under Node's permission model and with code
// generation from strings off; lockdown.ts closes the network and the host globals before the
// first program. The app speaks to it over the IPC channel only (messages.ts).
//
// This file and everything it imports must stay inside this folder: the process may read only
// this folder and Pyodide's package folder.
import type * as Pyodide from 'pyodide';
import { HARNESS_SOURCE } from './harness-source';
import { NUMERIC_SUBSET_SOURCE } from './numeric-subset-source';
import type { HostToPythonProcess, PythonProcessArgs, PythonProcessToHost } from './messages';
import {
  deadlineInterrupt,
  installHeapCap,
  loadSandboxedPyodide,
  type SandboxedPyodide,
} from './load-pyodide';
import {
  answerConstantsBinding,
  closeNetwork,
  permissionsHold,
  removeHostGlobals,
} from './lockdown';
import { pythonFailure, type PythonJob, type PythonResult } from './types';

// Kept in this module's scope (strict mode: no stack frame hands it out) for the IPC channel.
const proc = process;
const args = JSON.parse(proc.argv[2] ?? '{}') as PythonProcessArgs;
const interrupt = deadlineInterrupt();

function post(message: PythonProcessToHost): void {
  proc.send?.(message);
}

function runOne(py: SandboxedPyodide, job: PythonJob): PythonResult {
  const startedAt = performance.now();
  interrupt.arm(startedAt + job.timeoutMs);
  try {
    const json = py.run(job.program, job.seed, job.maxLogChars, job.factsJson);
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
  } finally {
    interrupt.disarm();
  }
}

/**
 * Test-only (the launcher passes it only when a test asks): hands programs the JavaScript of
 * this process as an escape would find it, to prove that the wall holds on its own. Installed
 * as a builtin before the harness copies the builtins.
 */
function installTestHook(py: Pyodide.PyodideAPI): void {
  const hook = {
    globalThis,
    Function,
    process: proc,
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require: (name: string): unknown => require(name),
  };
  const builtins = py.pyimport('builtins') as unknown as Record<string, unknown>;
  builtins.test_js_hook = hook;
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  if (!args.pyodideDir) throw new Error('no Pyodide folder given');
  // Refuse to run at all without the permission model: it is the wall everything else backs.
  if (!permissionsHold(proc))
    throw new Error('the permission model is not in force in the sandbox process');
  closeNetwork();
  answerConstantsBinding();
  installHeapCap(args.maxHeapBytes);
  // By absolute path: resolving a package would read folders the process may not read.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { loadPyodide } = require(`${args.pyodideDir}/pyodide.js`) as typeof Pyodide;
  const py = await loadSandboxedPyodide(
    loadPyodide,
    args.pyodideDir,
    interrupt.buffer,
    args.testOnlyHarness ?? HARNESS_SOURCE,
    [NUMERIC_SUBSET_SOURCE],
    args.testOnlyJsHook ? installTestHook : undefined,
  );
  removeHostGlobals(proc);
  post({ type: 'ready', loadMs: performance.now() - startedAt });
  proc.on('message', (m: HostToPythonProcess) => {
    if (m?.type !== 'run') return;
    const result = runOne(py, m.job);
    post({ type: 'result', id: m.id, result, heapBytes: py.heapBytes() });
    // A fatal error leaves the interpreter unusable: the host replaces a process that exits.
    if (py.broken()) proc.exit(1);
  });
  // The app went away: nothing is left running.
  proc.on('disconnect', () => proc.exit(0));
}

main().catch((e: unknown) => {
  post({ type: 'load-failed', message: e instanceof Error ? e.message : String(e) });
  proc.exitCode = 1;
  proc.disconnect?.();
});
