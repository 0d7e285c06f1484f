import { describe, expect, it } from 'vitest';
import { problemLine, programFromOutput, repairMessage } from '../../../main/ask/program-output';
import { builtinTemplate, defaultTemplate, fillTemplate } from '../../../shared/ask/templates';

const values = { question: 'Q?', context: 'Table t1', helpers: '' };
const docmathUser = fillTemplate(builtinTemplate('docmath-pot')!.user, values);
const potUser = fillTemplate(defaultTemplate('pot').user, values);

describe('programFromOutput', () => {
  it('takes a fenced program as the sandbox extractor does', () => {
    const r = programFromOutput(
      'Here:\n```javascript\nfunction solution() {\n  return 1 + 1;\n}\n```',
      potUser,
    );
    expect(r).toMatchObject({
      kind: 'javascript',
      program: 'function solution() {\n  return 1 + 1;\n}',
    });
  });

  it('joins a continuation to the open program the DocMath-Eval PoT prompt ends with', () => {
    const output =
      "  const revenue = cell('t1', 0, 0);\n  const cost = 871.8;\n  return revenue - cost;\n}\n```\nThat is the answer.";
    const r = programFromOutput(output, docmathUser);
    expect(r.kind).toBe('javascript');
    if (r.kind !== 'javascript') return;
    expect(r.program).toBe(
      "function solution() {\n  // Define variables name and value based on the given context\n  const revenue = cell('t1', 0, 0);\n  const cost = 871.8;\n  return revenue - cost;\n}",
    );
  });

  it('a complete program is taken as is even after a continuation prompt', () => {
    const r = programFromOutput(
      '```javascript\nfunction solution() { return 2; }\n```',
      docmathUser,
    );
    expect(r).toMatchObject({ kind: 'javascript', program: 'function solution() { return 2; }' });
  });

  it('Python stays Python (never run as JavaScript), prose has no program', () => {
    expect(
      programFromOutput('```python\ndef solution():\n    return 2\n```', docmathUser).kind,
    ).toBe('python');
    expect(programFromOutput('Revenue grew a lot.', potUser).kind).toBe('none');
  });
});

describe('repair messages', () => {
  it('say what went wrong and what to send', () => {
    expect(repairMessage({ kind: 'python', reason: 'Python code: def solution():' })).toMatch(
      /^That is Python, but the sandbox runs JavaScript only .* one ```javascript block/,
    );
    const failed = {
      kind: 'sandbox' as const,
      result: {
        ok: false as const,
        error: { kind: 'runtime' as const, message: 'LookupError: no cell; nearest: row 3' },
        trace: [],
        traceTruncated: false,
        logs: '',
        durationMs: 1,
      },
    };
    expect(repairMessage(failed)).toMatch(
      /^Running your program failed with runtime: LookupError: no cell; nearest: row 3\n/,
    );
    expect(problemLine(failed)).toBe(
      'the program failed: runtime: LookupError: no cell; nearest: row 3',
    );
    expect(problemLine({ kind: 'none', reason: 'no code block' })).toBe(
      'no program found (no code block)',
    );
  });
});
