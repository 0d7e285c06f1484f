import { describe, expect, it } from 'vitest';
import { builtinTemplate, openProgramTail } from '../../../shared/ask/templates';
import { extractPythonProgram } from '../../../shared/sandbox/extract-python';

describe('extractPythonProgram (DocMath-Eval rules)', () => {
  it('takes the first closed ```python block', () => {
    const out = 'Here:\n```python\ndef solution():\n    return 1\n```\nand\n```python\nx = 2\n```';
    expect(extractPythonProgram(out)).toEqual({
      kind: 'python',
      program: 'def solution():\n    return 1\n',
      from: 'python-fence',
    });
  });

  it('falls back to the first closed ``` block', () => {
    expect(extractPythonProgram('```\nanswer = 3\n```')).toMatchObject({
      program: 'answer = 3\n',
      from: 'fence',
    });
  });

  it('ignores an unclosed block and wraps the output with only the first line indented', () => {
    const r = extractPythonProgram('```python\ndef solution():\n    return 1');
    expect(r).toMatchObject({ from: 'continuation' });
    expect(r.kind === 'python' && r.program.startsWith('def solution():\n    ```python')).toBe(
      true,
    );
    expect(extractPythonProgram(' a = 1\n return a')).toMatchObject({
      program: 'def solution():\n     a = 1\n return a',
    });
  });

  it('has no program for empty or argparse outputs', () => {
    expect(extractPythonProgram('  \n')).toMatchObject({ kind: 'none' });
    expect(extractPythonProgram('import argparse\n')).toMatchObject({ kind: 'none' });
  });

  it('continues the prompt open program when the output does not define solution()', () => {
    const open =
      'def solution():\n    # Define variables name and value based on the given context\n';
    const r = extractPythonProgram('    revenue = 10\n    return revenue * 2\n```\nDone.', open);
    expect(r).toEqual({
      kind: 'python',
      program: `${open}    revenue = 10\n    return revenue * 2\n`,
      from: 'continuation',
    });
    const whole = extractPythonProgram('```python\ndef solution():\n    return 5\n```', open);
    expect(whole).toMatchObject({
      from: 'python-fence',
      program: 'def solution():\n    return 5\n',
    });
  });

  it('the built-in pot-python prompt ends inside def solution(), which the output continues', () => {
    const user = builtinTemplate('pot-python')!.user;
    const tail = openProgramTail(user, 'python');
    expect(tail).toBe(
      'def solution():\n    # Define variables name and value based on the given context\n',
    );
    expect(openProgramTail(user)).toBeUndefined();
    const r = extractPythonProgram('    x = 2\n    return x * 21\n```', tail);
    expect(r).toMatchObject({ kind: 'python', from: 'continuation' });
  });
});
