import type { TraceEntry } from '../../../shared/sandbox/types';

/**
 * What the Python sandbox is given and answers: plain data (it crosses a worker boundary and is
 * stored with run items).
 */

export type PythonErrorKind =
  /** Ran past its deadline (interrupted, or its worker terminated). */
  | 'timeout'
  /** Hit the worker's heap limit. */
  | 'memory'
  /** Imported a module outside the allowlist (os, subprocess, socket, ctypes, js, pandas, numpy.linalg…). */
  | 'refused-module'
  /** Did not parse, raised, reached a refused name, or returned nothing usable. */
  | 'python-error'
  /** The sandbox itself failed; not the program's fault. */
  | 'internal';

/** A result as JSON: numbers, strings, booleans, null (None) and lists of them. */
export type PythonValue = number | string | boolean | null | PythonValue[];

/** A fact()/facts() call as the Python process reports it (untrusted: looked up again here). */
export type PythonFactRead =
  | [fn: 'fact', concept: string, period: string, dims: Record<string, string>]
  | [fn: 'facts', concept: string];

interface PythonOutcomeBase {
  /** What the program printed, up to the log limit. */
  logs: string;
  /** The process's report of its fact()/facts() calls; replaced by `trace` on the host. */
  reads?: PythonFactRead[];
  /**
   * The program's fact()/facts() reads, each looked up by the host in its own copy of the
   * facts (as the QuickJS sandbox's trace); absent when it made none.
   */
  trace?: TraceEntry[];
  logsTruncated: boolean;
  /** Wall time inside the worker (or until the deadline cut it), in milliseconds. */
  durationMs: number;
}

export type PythonResult =
  | (PythonOutcomeBase & {
      ok: true;
      value: PythonValue;
      /** Where the value came from: DocMath-Eval's solution(), else an answer/ans variable. */
      source: 'solution' | 'answer' | 'ans';
    })
  | (PythonOutcomeBase & { ok: false; error: { kind: PythonErrorKind; message: string } });

export interface PythonLimits {
  timeoutMs: number;
  /** Printed characters kept per program. */
  maxLogChars: number;
  /** Seed of `random` for the program (reproducible runs). */
  seed: number;
}

export const DEFAULT_PYTHON_LIMITS: Readonly<PythonLimits> = Object.freeze({
  // DocMath-Eval's own runner gives a program 3 s (signal.alarm).
  timeoutMs: 3000,
  maxLogChars: 16_384,
  seed: 20240101,
});

export interface PythonJob extends PythonLimits {
  program: string;
  /** Tagged facts for fact()/facts(), as JSON (sent only to a program naming them). */
  factsJson?: string;
}

export function resolvePythonLimits(overrides: Partial<PythonLimits> = {}): PythonLimits {
  const pick = (key: keyof PythonLimits): number => {
    const v = overrides[key];
    return typeof v === 'number' && Number.isFinite(v) ? v : DEFAULT_PYTHON_LIMITS[key];
  };
  return {
    timeoutMs: Math.min(10 * 60_000, Math.max(1, Math.round(pick('timeoutMs')))),
    maxLogChars: Math.min(10_000_000, Math.max(0, Math.round(pick('maxLogChars')))),
    seed: pick('seed') >>> 0,
  };
}

export function pythonFailure(
  kind: PythonErrorKind,
  message: string,
  durationMs = 0,
): PythonResult {
  return { ok: false, error: { kind, message }, logs: '', logsTruncated: false, durationMs };
}
