/**
 * What the sandbox is given and what it answers. Plain data only: these values cross a
 * worker_threads boundary (structured clone) and may be stored or exported as JSON.
 */

/** One numeric cell, addressed by its full row-header and column-header paths. */
export interface SandboxCell {
  rowPath: string[];
  colPath: string[];
  /** null for an empty or non-numeric cell (cell() refuses to return it; table() shows it). */
  value: number | null;
}

/**
 * The minimal table shape a program can read. A later issue maps the Document model's tables
 * onto it; the sandbox itself knows nothing about documents.
 */
export interface SandboxTable {
  id: string;
  cells: SandboxCell[];
}

/** One read a program made through the helpers, recorded by the host (a program can't forge it). */
export type TraceEntry =
  | {
      fn: 'cell';
      args: [tableId: string, rowPath: string[], colPath: string[]];
      /** null when the lookup failed (the program saw an exception). */
      value: number | null;
    }
  | {
      fn: 'table';
      args: [tableId: string];
      value: SandboxTable | null;
    };

/** A number is the normal answer; booleans and strings are allowed for span answers. */
export type SandboxValue = number | boolean | string;

export type SandboxErrorKind =
  /** The program does not parse. */
  | 'syntax'
  /** It threw (including a failed cell() lookup). */
  | 'runtime'
  /** It ran past its deadline (interrupted, or its worker was terminated). */
  | 'timeout'
  /** It hit the memory limit. */
  | 'memory'
  /** It recursed past the stack limit. */
  | 'stack'
  /** It finished but its result is not a finite number, boolean or string. */
  | 'non-numeric'
  /** Its result (a string) is longer than the output limit. */
  | 'output-too-large'
  /** The sandbox itself failed; not the program's fault. */
  | 'internal';

export interface SandboxError {
  kind: SandboxErrorKind;
  /** One line, e.g. "ReferenceError: x is not defined" or "ran past its 1000 ms deadline". */
  message: string;
}

interface SandboxOutcomeBase {
  trace: TraceEntry[];
  /** True when the program made more reads than the trace keeps. */
  traceTruncated: boolean;
  /** What the program printed with console.log (truncated at the log limit). */
  logs: string;
  /** Wall time of the run inside the worker, in milliseconds. */
  durationMs: number;
}

export type SandboxResult =
  | (SandboxOutcomeBase & { ok: true; value: SandboxValue })
  | (SandboxOutcomeBase & { ok: false; error: SandboxError });

/** Per-program options; anything left out takes the sandbox's defaults (see limits.ts). */
export interface SandboxRunOptions {
  tables?: SandboxTable[];
  timeoutMs?: number;
  memoryBytes?: number;
  /** Seed of the program's Math.random. */
  seed?: number;
  /** What Date.now() and `new Date()` return inside the program (ms since the Unix epoch). */
  nowMs?: number;
}

export interface SandboxJob extends SandboxRunOptions {
  program: string;
}
