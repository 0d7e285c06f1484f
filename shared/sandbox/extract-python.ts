/**
 * Finds the Python program in a model's answer, as DocMath-Eval's evaluator takes it: the
 * first closed ```python block, else the first closed ``` block, else the whole output as the
 * body of `def solution():` (a model continuing a prompt that ended inside that function). An empty
 * output, or one that mentions argparse (a command-line script, not a function), has none.
 *
 * `openProgram` is the part of the prompt's open ```python block the model was asked to
 * continue ("def solution():\n    # Define variables…\n"): an output that does not define
 * solution() itself continues it, up to its own closing fence.
 */
export type ExtractedPython =
  | { kind: 'python'; program: string; from: 'python-fence' | 'fence' | 'continuation' }
  | { kind: 'none'; reason: string };

const DEFINES_SOLUTION = /^[ \t]*def[ \t]+solution[ \t]*\(/m;
/**
 * DocMath-Eval's wrapper indents only the first line: a body whose lines are indented
 * differently from that (Mistral's one-space bodies) fails with an IndentationError, which is
 * what its recorded results show for every unfenced output.
 */
const WRAP = 'def solution():\n    ';

/** The body of the first closed block opened by `opener` (an unclosed one does not count). */
function firstBlock(text: string, opener: RegExp): string | undefined {
  const match = opener.exec(text);
  if (!match) return undefined;
  const start = match.index + match[0].length;
  const close = text.indexOf('```', start);
  return close < 0 ? undefined : text.slice(start, close);
}

export function extractPythonProgram(output: string, openProgram?: string): ExtractedPython {
  const text = output.replace(/\r\n?/g, '\n');
  if (text.trim() === '') return { kind: 'none', reason: 'the output is empty' };
  if (text.includes('argparse'))
    return { kind: 'none', reason: 'the output is a command-line script (argparse)' };
  const python = firstBlock(text, /```python[^\n]*\n/);
  if (python !== undefined && (DEFINES_SOLUTION.test(python) || openProgram === undefined))
    return { kind: 'python', program: python, from: 'python-fence' };
  const any = firstBlock(text, /```[^\n]*\n/);
  if (any !== undefined && (DEFINES_SOLUTION.test(any) || openProgram === undefined))
    return { kind: 'python', program: any, from: 'fence' };
  const fence = text.indexOf('```');
  const continuation = fence < 0 ? text : text.slice(0, fence);
  return {
    kind: 'python',
    program: openProgram === undefined ? `${WRAP}${text}` : `${openProgram}${continuation}`,
    from: 'continuation',
  };
}
