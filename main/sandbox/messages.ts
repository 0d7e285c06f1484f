import type { PackedResults } from './result-pack';
import type { ProgramJob } from './run-program';

/** What the host and a sandbox worker say to each other (structured-clone data only). */

export interface WorkerData {
  /**
   * Int32Array over this buffer; [0] counts the programs the worker has started. The host's
   * watchdog reads it to know which program of a batch is running and since when, without a
   * message per program.
   */
  progress: SharedArrayBuffer;
  /** Hard ceiling of the worker's QuickJS linear memory (see quickjs-module.ts). */
  maxHeapBytes: number;
  /** Tests only (SandboxOptions.testOnlyExitOn): exit the thread on this program. */
  testOnlyExitOn?: string;
}

export type HostToWorker = { type: 'batch'; batchId: number; jobs: ProgramJob[] };

export type WorkerToHost =
  | { type: 'ready' }
  | {
      type: 'results';
      batchId: number;
      /** The batch's results in order (result-pack.ts). */
      results: PackedResults;
      /** Unplanned instance replacements: QuickJS failed on the host side. */
      moduleRestarts: number;
      /** Planned instance replacements: an abandoned runtime, or a heap left large. */
      moduleRecycles: number;
    };
