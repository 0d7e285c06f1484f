import type { PythonJob, PythonResult } from './types';

/** What the app and a Python sandbox process say to each other over IPC (plain JSON data). */

/** The process's one command-line argument, as JSON. */
export interface PythonProcessArgs {
  /** Pyodide's package folder (wasm, stdlib zip, lock file): the only other folder it reads. */
  pyodideDir: string;
  /** Ceiling of the wasm heap; growing past it fails like an out-of-memory. */
  maxHeapBytes: number;
  /** Tests only: hand programs this process's JavaScript (python-process.ts). */
  testOnlyJsHook?: boolean;
  /** Tests only: this harness instead of harness-source.ts (the walls without the harness). */
  testOnlyHarness?: string;
}

export type HostToPythonProcess = { type: 'run'; id: number; job: PythonJob };

export type PythonProcessToHost =
  | { type: 'ready'; loadMs: number }
  | { type: 'result'; id: number; result: PythonResult; heapBytes: number }
  | { type: 'load-failed'; message: string };
