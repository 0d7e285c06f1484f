import type { PythonJob, PythonResult } from './types';

/** What the host and a Python worker say to each other (structured-clone data only). */

export interface PythonWorkerData {
  /** Int32Array: [0] counts programs started, read by the host's watchdog. */
  progress: SharedArrayBuffer;
  /** Pyodide's interrupt buffer: the host writes 2 (SIGINT) at a program's deadline. */
  interrupt: SharedArrayBuffer;
  /** Ceiling of the worker's wasm heap; growing past it fails like an out-of-memory. */
  maxHeapBytes: number;
}

export type HostToPythonWorker = { type: 'run'; id: number; job: PythonJob };

export type PythonWorkerToHost =
  | { type: 'ready'; loadMs: number }
  | { type: 'result'; id: number; result: PythonResult; heapBytes: number }
  | { type: 'load-failed'; message: string };
