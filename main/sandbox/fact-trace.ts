import type { SandboxFact } from '../../shared/sandbox/fact-index';
import { FactSet } from '../../shared/sandbox/fact-lookup';
import type { TraceEntry } from '../../shared/sandbox/types';
import type { PythonFactRead, PythonResult } from './python/types';
import { factTraceEntry } from './host-helpers';

/**
 * The Python sandbox's trace of fact()/facts() calls, made on the host: the process reports
 * only what each call asked (concept, period, dims), and every one is looked up again here in
 * the host's own copy of the facts, so the trace's values, periods and cells are the host's,
 * whatever an escaped program might send. (A program can at most claim reads it did not make.)
 */
export function withFactTrace(result: PythonResult, facts: FactSet | undefined): PythonResult {
  const { reads, ...rest } = result;
  if (!reads || reads.length === 0 || !facts) return rest;
  return { ...rest, trace: reads.map((r) => traceOf(r, facts)) };
}

function traceOf(read: PythonFactRead, facts: FactSet): TraceEntry {
  if (read[0] === 'facts') {
    const list = facts.all(read[1]);
    return { fn: 'facts', args: [read[1]], value: list ? list.length : null };
  }
  const [, concept, period, dims] = read;
  const found = facts.find(concept, period, dims);
  return factTraceEntry({ concept, period, dims }, found.ok ? found.fact : null);
}

/** Whether a program's source names fact() or facts() (only those get the facts sent). */
export const namesFacts = (program: string): boolean => /\bfacts?\b/.test(program);

export const factSetOf = (facts: readonly SandboxFact[] | undefined): FactSet | undefined =>
  facts && facts.length > 0 ? new FactSet(facts) : undefined;
