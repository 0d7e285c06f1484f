import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractProgram, type ExtractedProgram } from '../../../shared/sandbox/extract-program';
import { dataPath, hasData } from '../../support/data-dir';

function js(output: string): string {
  const r = extractProgram(output);
  if (r.kind !== 'javascript') throw new Error(`expected javascript, got ${JSON.stringify(r)}`);
  return r.program;
}

describe('extractProgram: fenced JavaScript', () => {
  it('takes a ```javascript block and drops the prose around it', () => {
    const out =
      'Here is the program:\n\n```javascript\nfunction solution() {\n  return 1 + 2;\n}\n```\n\nThis returns 3, the answer.';
    expect(js(out)).toBe('function solution() {\n  return 1 + 2;\n}');
  });

  it('accepts ```js and an untagged block that reads as JavaScript', () => {
    expect(js('```js\nconst x = 2;\nx * 21;\n```')).toBe('const x = 2;\nx * 21;');
    expect(js('```\nfunction solution() { return Math.sqrt(4); }\n```')).toContain('Math.sqrt');
  });

  it('prefers the block that defines solution over helper or example blocks', () => {
    const out = [
      'First the data:',
      '```js\nconst revenue = [1, 2];\n```',
      'Then:',
      '```js\nfunction solution() {\n  return 42;\n}\n```',
      'And a usage example:',
      '```js\nconsole.log(solution());\n```',
    ].join('\n');
    expect(js(out)).toBe('function solution() {\n  return 42;\n}');
  });

  it('takes the last definition when the model revised its answer', () => {
    const out =
      '```js\nfunction solution() { return 1; }\n```\nWait, fix:\n```js\nfunction solution() { return 2; }\n```';
    expect(js(out)).toBe('function solution() { return 2; }');
  });

  it('does not take a fence mentioned mid-sentence for a code block', () => {
    const out =
      'Answer in a ```javascript block, like this:\n```javascript\nfunction solution() { return 3; }\n```';
    expect(js(out)).toBe('function solution() { return 3; }');
  });

  it('closes a block at a fence written on the last code line', () => {
    expect(js('```js\nconst solution = () => 4;```\nThat is all.')).toBe(
      'const solution = () => 4;',
    );
  });

  it('reads an unterminated block (truncated answer) to the end', () => {
    expect(js('```javascript\nfunction solution() {\n  return 5;\n}\n')).toBe(
      'function solution() {\n  return 5;\n}',
    );
  });

  it('prefers a JavaScript block over a Python one in the same answer', () => {
    const out =
      '```python\ndef solution():\n    return 1\n```\nIn JavaScript:\n```js\nfunction solution() { return 1; }\n```';
    expect(extractProgram(out)).toMatchObject({ kind: 'javascript', from: 'fence' });
  });

  it('removes export / module.exports wrappers a plain script cannot run', () => {
    const program = js(
      '```js\nexport default function solution() {\n  return 7;\n}\nmodule.exports = solution;\n```',
    );
    expect(program).toBe('function solution() {\n  return 7;\n}');
  });
});

describe('extractProgram: code in prose', () => {
  it('cuts a bare function solution() out of the surrounding prose', () => {
    const out =
      'The growth is computed as follows. function solution() { const a = 100; const b = 120; return (b - a) / a * 100; } So the answer is 20%.';
    expect(js(out)).toBe(
      'function solution() { const a = 100; const b = 120; return (b - a) / a * 100; }',
    );
  });

  it('keeps the code lines above solution (helpers) and drops trailing prose', () => {
    const out = [
      'We need a helper:',
      '',
      'function growth(a, b) {',
      '  return (b - a) / a;',
      '}',
      'function solution() {',
      '  const s = `${1}}`; // a brace inside a template literal',
      '  return growth(100, 125) * 100;',
      '}',
      '',
      'The result is 25 percent.',
    ].join('\n');
    const program = js(out);
    expect(program.startsWith('function growth(a, b) {')).toBe(true);
    expect(program.endsWith('return growth(100, 125) * 100;\n}')).toBe(true);
    expect(program).not.toContain('The result');
    expect(program).not.toContain('We need');
  });

  it('handles arrow functions: expression bodies and block bodies', () => {
    expect(js('Answer: const solution = () => 1250 * 0.04; That is the interest.')).toBe(
      'const solution = () => 1250 * 0.04;',
    );
    const block = js(
      'Try this:\nconst solution = () => {\n  const r = 0.05;\n  return 100 * r;\n}\nDone.',
    );
    expect(block).toBe('const solution = () => {\n  const r = 0.05;\n  return 100 * r;\n}');
  });

  it('takes a whole output that is only JavaScript code', () => {
    expect(extractProgram('const a = 5;\nconst b = 6;\na * b;')).toEqual({
      kind: 'javascript',
      program: 'const a = 5;\nconst b = 6;\na * b;',
      from: 'whole-output',
    });
  });
});

describe('extractProgram: Python and nothing', () => {
  it.each<[string, string]>([
    ['```python\ndef solution():\n    return 1\n```', '```python code block'],
    ['def solution():\n    revenue = 100\n    return revenue * 2', 'def solution'],
    ['import math\nx = math.sqrt(4)\nprint(x)', 'import statement'],
    ['```\ndef solution():\n    return 2\n```', 'untagged code block'],
    [' rate = 0.05\nprincipal = 1000\n\n# return answer\nreturn principal * rate', '# comments'],
    ['years = 5\nfor i in range(years):\n    total += 1', 'colon-terminated blocks'],
  ])('%j → python', (output, reasonPart) => {
    const r = extractProgram(output);
    expect(r.kind).toBe('python');
    expect((r as Extract<ExtractedProgram, { kind: 'python' }>).reason).toContain(reasonPart);
  });

  it.each([
    'The answer is 42.',
    'Step 1: Revenue = $1,200. Step 2: Growth = 20%.\nTherefore the answer is 20.',
    '```json\n{"answer": 3}\n```',
    '',
  ])('%j → none', (output) => {
    expect(extractProgram(output).kind).toBe('none');
  });
});

interface PotRecord {
  output: string[];
}

describe.skipIf(!hasData)('extractProgram on real model outputs', () => {
  const potDir = dataPath('model_outputs', 'financemath_validation', 'processed_pot_outputs');
  const cotDir = dataPath('model_outputs', 'financemath_validation', 'processed_cot_outputs');
  const read = (dir: string, file: string) =>
    JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as PotRecord[];

  it('classifies every FinanceMath Program-of-Thought output (4 models × 200) as Python', () => {
    const files = readdirSync(potDir).filter((f) => f.endsWith('.json'));
    expect(files.length).toBe(4);
    const verdicts = files.flatMap((f) =>
      read(potDir, f).flatMap((r) => r.output.map(extractProgram)),
    );
    expect(verdicts.length).toBe(800);
    const notPython = verdicts.filter((v) => v.kind !== 'python');
    expect(notPython).toEqual([]);
    // The reasons name what gave the Python away.
    expect(verdicts.some((v) => v.kind === 'python' && v.reason.includes('python'))).toBe(true);
  });

  it('never finds a program in the chain-of-thought (prose) outputs of the same questions', () => {
    const files = readdirSync(cotDir).filter((f) => f.endsWith('.json'));
    const verdicts = files.flatMap((f) =>
      read(cotDir, f).flatMap((r) => r.output.map(extractProgram)),
    );
    expect(verdicts.length).toBe(800);
    expect(verdicts.filter((v) => v.kind === 'javascript')).toEqual([]);
    expect(verdicts.filter((v) => v.kind === 'none').length).toBeGreaterThanOrEqual(790);
  });

  it('classifies TAT-QA Program-of-Thought snippets (code-davinci-002) as Python, never JavaScript', () => {
    const dir = dataPath('model_outputs', 'tatqa_dev');
    const file = readdirSync(dir).find((f) => f.startsWith('tatqa_s0_') && f.endsWith('.jsonl'));
    expect(file).toBeDefined();
    const outputs = readFileSync(`${dir}/${file}`, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .flatMap((l) => (JSON.parse(l) as { generated: string[] }).generated);
    const verdicts = outputs.map(extractProgram);
    expect(verdicts.filter((v) => v.kind === 'javascript')).toEqual([]);
    expect(verdicts.filter((v) => v.kind === 'python').length / verdicts.length).toBeGreaterThan(
      0.99,
    );
  });
});
