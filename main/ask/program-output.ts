import { openProgramTail } from '../../shared/ask/templates';
import { extractProgram, type ExtractedProgram } from '../../shared/sandbox/extract-program';
import type { SandboxResult } from '../../shared/sandbox/types';

const DEFINES_SOLUTION = /\bfunction\s+solution\s*\(|\b(?:const|let|var)\s+solution\s*=/;

/**
 * The program in a model's output. A prompt that ends inside an open ```javascript block (the
 * DocMath-Eval PoT preset) is continued by the output: when the output does not define
 * solution() itself, the prompt's open program and the output up to its closing fence are
 * joined and read as one program.
 */
export function programFromOutput(output: string, userPrompt: string): ExtractedProgram {
  const extracted = extractProgram(output);
  if (extracted.kind === 'javascript' && DEFINES_SOLUTION.test(extracted.program)) return extracted;
  const tail = openProgramTail(userPrompt);
  if (tail !== undefined && extracted.kind !== 'python') {
    const fence = output.indexOf('```');
    const continuation = fence < 0 ? output : output.slice(0, fence);
    const joined = `${tail}${continuation}`.replace(/\s+$/, '');
    const again = extractProgram(`\`\`\`javascript\n${joined}\n\`\`\``);
    if (again.kind === 'javascript' && DEFINES_SOLUTION.test(again.program)) return again;
  }
  return extracted;
}

/** Why the first program could not be used, as the repair round tells the model. */
export type ProgramProblem =
  | { kind: 'none'; reason: string }
  | { kind: 'python'; reason: string }
  | { kind: 'sandbox'; result: SandboxResult & { ok: false } };

/** One line for messages and the `ask.progress` event. */
export function problemLine(p: ProgramProblem): string {
  switch (p.kind) {
    case 'none':
      return `no program found (${p.reason})`;
    case 'python':
      return `that is Python (${p.reason}); the sandbox runs JavaScript`;
    case 'sandbox':
      return `the program failed: ${p.result.error.kind}: ${p.result.error.message}`;
  }
}

/** The repair round's message: what went wrong and what to send instead. */
export function repairMessage(p: ProgramProblem): string {
  const ask =
    'Answer with the whole program in one ```javascript block that defines function solution() and returns the answer, reading numbers with cell() or cellInfo().';
  switch (p.kind) {
    case 'none':
      return `Your answer has no JavaScript program (${p.reason}). ${ask}`;
    case 'python':
      return `That is Python, but the sandbox runs JavaScript only (${p.reason}). Write the same program in JavaScript. ${ask}`;
    case 'sandbox':
      return `Running your program failed with ${p.result.error.kind}: ${p.result.error.message}\nFix the program. ${ask}`;
  }
}
