import type { AskAnswer, AskResult, CellRead } from '../../shared/ask/ask';
import { answerFromProgram } from '../../shared/ask/answer';
import { readsFromTrace } from '../../shared/ask/reads';
import { openProgramTail } from '../../shared/ask/templates';
import type { ChatMessage } from '../../shared/llm/provider';
import { extractPythonProgram } from '../../shared/sandbox/extract-python';
import type { SandboxFact } from '../../shared/sandbox/fact-index';
import type { SandboxTable } from '../../shared/sandbox/types';
import type { PythonResult } from '../sandbox/python';
import { sharedPythonSandbox } from '../sandbox/python/shared-sandbox';
import { askCancelled, NoProgramError, type AskProgress } from './ask-progress';
import { withOneRepair } from './repair-round';

/** One pot-python sample, shaped as answer-core's program samples are. */
export interface PythonSample {
  output: string;
  answer: AskAnswer;
  program: string | null;
  execution: AskResult['execution'];
  repaired: boolean;
  /** The cells of the facts the program read with fact() (the host's trace). */
  reads: CellRead[];
  prediction: string | number | boolean | null;
}

/** What a Python program may read besides the prompt: a tagged filing's facts. */
export interface PythonSampleContext {
  facts: readonly SandboxFact[];
  tables: () => readonly SandboxTable[];
}

type Problem = { kind: 'none'; reason: string } | { kind: 'failed'; line: string };

interface Attempt {
  program: string | null;
  reads?: CellRead[];
  value?: string | number | boolean;
  problem?: Problem;
}

const ASK =
  'Answer with the whole program in one ```python block that defines def solution(): and returns the answer as a number. Available: the Python standard library (math, statistics, decimal, fractions, datetime, itertools…) and a small subset of numpy (1-D arrays and their math) and scipy (scipy.stats norm, t, binom, poisson, lognorm; scipy.special); other packages, numpy.linalg, files, the network and os are not.';

function repairText(p: Problem): string {
  return p.kind === 'none'
    ? `Your answer has no Python program (${p.reason}). ${ASK}`
    : `Running your program failed with ${p.line}\nFix the program. ${ASK}`;
}

/** A result the graders can use: one number, string or boolean. */
function usable(r: PythonResult): { value: string | number | boolean } | { line: string } {
  if (!r.ok) return { line: `${r.error.kind}: ${r.error.message}` };
  if (r.value === null) return { line: 'python-error: solution() returned None' };
  if (Array.isArray(r.value))
    return { line: 'python-error: the result is a list; return one number' };
  return { value: r.value };
}

/**
 * DocMath-Eval's Python PoT: the model's program (a ```python block, or the continuation of the
 * prompt's open `def solution():`) runs in the Pyodide sandbox; on no program or a failed run
 * the model is asked once more, with the error.
 */
export async function pythonSample(
  askId: string,
  messages: ChatMessage[],
  call: (msgs: ChatMessage[], sampleIndex: number) => Promise<string>,
  sampleIndex: number,
  signal: AbortSignal,
  emit: (e: AskProgress) => void,
  timeoutMs?: number,
  context?: PythonSampleContext,
): Promise<PythonSample> {
  const userPrompt = messages[messages.length - 1]?.content ?? '';
  const open = openProgramTail(userPrompt, 'python');
  const attempt = async (output: string): Promise<Attempt> => {
    const extracted = extractPythonProgram(output, open);
    if (extracted.kind === 'none') return { program: null, problem: extracted };
    if (signal.aborted) throw askCancelled();
    emit({ askId, phase: 'executing' });
    // Cancelling the ask stops its program (the process is replaced), not only what follows.
    const result = await sharedPythonSandbox()
      .run(
        extracted.program,
        timeoutMs ? { timeoutMs } : {},
        context && context.facts.length > 0 ? { facts: context.facts } : {},
        { signal },
      )
      .catch((e: unknown) => {
        throw signal.aborted ? askCancelled() : e;
      });
    const reads = result.trace && context ? readsFromTrace(result.trace, context.tables()) : [];
    const u = usable(result);
    return 'value' in u
      ? { program: extracted.program, value: u.value, reads }
      : { program: extracted.program, reads, problem: { kind: 'failed', line: u.line } };
  };

  const { output, tried, repaired } = await withOneRepair(
    messages,
    (msgs) => call(msgs, sampleIndex),
    attempt,
    (p) => ({
      line: p.kind === 'none' ? `no program found (${p.reason})` : p.line,
      message: repairText(p),
    }),
    (line) => emit({ askId, phase: 'repairing', message: line }),
  );
  const { program, value, problem } = tried;
  const reads = tried.reads ?? [];
  if (problem?.kind === 'none')
    throw new NoProgramError(
      `the model wrote no Python program (${problem.reason}), also when asked again; try another model or the cot mode`,
      output,
      repaired,
    );
  if (problem || value === undefined)
    return {
      output,
      answer: { text: '', value: null, unit: null, scale: null },
      program,
      execution: {
        ok: false,
        value: null,
        error: problem?.kind === 'failed' ? problem.line : 'not run',
      },
      repaired,
      reads,
      prediction: null,
    };
  return {
    output,
    answer: answerFromProgram(value, reads),
    program,
    execution: { ok: true, value, error: null },
    repaired,
    reads,
    prediction: value,
  };
}
