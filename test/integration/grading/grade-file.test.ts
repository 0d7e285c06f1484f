import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gradeFile, GradeInputError } from '../../../main/grading/grade-file';
import { MAX_OUTPUT_CHARS } from '../../../main/grading/input-limits';
import { tempDir } from '../../support/temp-dir';

describe('gradeFile', () => {
  let tmp: ReturnType<typeof tempDir>;
  beforeEach(() => {
    tmp = tempDir('workbench-grade-');
  });
  afterEach(() => tmp.cleanup());

  const write = (name: string, content: string) => {
    const p = join(tmp.dir, name);
    writeFileSync(p, content);
    return p;
  };

  it('grades good lines and turns every bad line into an error item with a clear message', async () => {
    const lines = [
      JSON.stringify({
        id: 'ok',
        gold: '$1,496.5 million',
        output: 'The answer is $1.4965 billion.',
      }),
      '{not json',
      JSON.stringify({ gold: '5', output: '5' }),
      JSON.stringify({ id: 'text-gold', gold: 'apples', output: 'apples' }),
      JSON.stringify({ id: 'nan', gold: 'NaN', output: '5' }),
      '{"id": "py-nan", "gold": NaN, "output": "5"}',
      '{"id": "py-inf", "gold": -Infinity, "output": "5"}',
      JSON.stringify({ id: 'huge', gold: '5', output: 'x'.repeat(MAX_OUTPUT_CHARS + 1) }),
      JSON.stringify({ id: 'ok', gold: '1', output: '1' }),
      JSON.stringify({ id: 'refuse', gold: '7', output: 'Cannot be determined from the data.' }),
      JSON.stringify({ id: 'wrong', gold: '3.2', output: 'Therefore, the answer is -3.2' }),
      '',
      '[1, 2]',
      JSON.stringify({ id: 'obj-output', gold: '1', output: { a: 1 } }),
    ];
    const r = await gradeFile({
      format: 'jsonl',
      predictionsPath: write('p.jsonl', lines.join('\n')),
      scorerId: 'strict',
    });
    // First item per id (the duplicate "ok" comes later).
    const byId = new Map([...r.items].reverse().map((i) => [i.id, i]));
    expect(r.items).toHaveLength(13);
    expect(byId.get('ok')).toMatchObject({ outcome: 'correct' });
    expect(byId.get('line 2')?.rule).toMatch(/line 2 is not valid JSON/);
    expect(byId.get('line 3')?.rule).toBe('missing id');
    expect(byId.get('text-gold')).toMatchObject({
      outcome: 'error',
      rule: 'non-numeric gold "apples"',
    });
    expect(byId.get('nan')?.rule).toBe('gold is NaN');
    expect(byId.get('py-nan')?.rule).toBe('gold is NaN');
    expect(byId.get('py-inf')?.rule).toBe('gold is -Infinity');
    expect(byId.get('huge')?.rule).toMatch(/^output too large/);
    expect(r.items.filter((i) => i.id === 'ok').map((i) => i.outcome)).toEqual([
      'correct',
      'error',
    ]);
    expect(byId.get('refuse')).toMatchObject({ outcome: 'refusal' });
    expect(byId.get('wrong')).toMatchObject({ outcome: 'incorrect', rule: 'sign flipped' });
    expect(byId.get('line 13')?.rule).toBe('record is not an object');
    // An output that is not text: an object is an error naming it (it used to be 'output must
    // be a string'; the one reader per format says what it found).
    expect(byId.get('obj-output')?.rule).toBe('output is a JSON object, not text');
    expect(r.summary).toMatchObject({ n: 13, correct: 1 });
    expect(r.summary.outcomes.error).toBe(10);
    expect(r.summary.rules['sign flipped']).toBe(1);
    expect(r.scorer.id).toBe('strict');
  });

  it('takes golds from a --gold file by id, reporting ids it lacks', async () => {
    const preds = write(
      'p.jsonl',
      [
        JSON.stringify({ id: 'a', gold: '0', output: 'the answer is 42' }),
        JSON.stringify({ id: 'b', gold: '0', output: 'the answer is 42' }),
      ].join('\n'),
    );
    const gold = write('g.json', JSON.stringify([{ question_id: 'a', ground_truth: 42 }]));
    const r = await gradeFile({
      format: 'jsonl',
      predictionsPath: preds,
      goldPath: gold,
      scorerId: 'strict',
    });
    expect(r.items.map((i) => [i.id, i.outcome, i.rule])).toEqual([
      ['a', 'correct', 'equal to the integer gold (taken as exact)'],
      ['b', 'error', 'id not found in the gold file'],
    ]);
  });

  it('reads TAT-QA dataset golds with their scale and answer type', async () => {
    const preds = write(
      'p.jsonl',
      JSON.stringify({
        question_id: 'q1',
        answer: 'x',
        answer_type: 'span',
        scale: '',
        generated: ['ans = 1496.5\nunits = "million"'],
        pred_answer: 1496.5,
        pred_scale: 'million',
      }),
    );
    const gold = write(
      'g.json',
      JSON.stringify([
        { questions: [{ uid: 'q1', answer: ['$1,496.5'], answer_type: 'span', scale: 'million' }] },
      ]),
    );
    const r = await gradeFile({
      format: 'tatqa-pot',
      predictionsPath: preds,
      goldPath: gold,
      scorerId: 'tatqa',
    });
    expect(r.items[0]).toMatchObject({ outcome: 'correct', em: 1, f1: 1 });
    expect(r.summary.em).toBe(1);
  });

  it('rejects an unknown scorer and an unreadable file as a whole', async () => {
    const p = write('p.jsonl', '');
    await expect(
      gradeFile({ format: 'jsonl', predictionsPath: p, scorerId: 'nope' }),
    ).rejects.toBeInstanceOf(GradeInputError);
    await expect(
      gradeFile({
        format: 'docmath-processed',
        predictionsPath: write('x.json', '{"a":1}'),
        scorerId: 'docmath',
      }),
    ).rejects.toThrow(/expected a JSON array/);
    await expect(
      gradeFile({ format: 'jsonl', predictionsPath: join(tmp.dir, 'missing'), scorerId: 'strict' }),
    ).rejects.toThrow(/ENOENT/);
  });

  it('grades DocMath records: CoT extracted answers, PoT results and raw outputs', async () => {
    const p = write(
      'd.json',
      JSON.stringify([
        {
          question_id: 'c',
          ground_truth: 3.2,
          output: ['… so the answer is -3.2'],
          extracted_pred_answer: '-3.2',
          result: { acc: 1, execution_rate: 1 },
        },
        {
          question_id: 'p',
          ground_truth: 0.5,
          output: ['```python\n```'],
          result: { acc: 0, execution_rate: 0, prediction_executed_result: null },
        },
        { ground_truth: 1 },
        { question_id: 'g', ground_truth: 'abc', extracted_pred_answer: '1' },
      ]),
    );
    const docmath = await gradeFile({
      format: 'docmath-processed',
      predictionsPath: p,
      scorerId: 'docmath',
    });
    expect(docmath.items.map((i) => [i.id, i.outcome])).toEqual([
      ['c', 'correct'],
      ['p', 'no-answer'],
      // Records of a JSON array are named by their 0-based place, as import-run names them.
      ['record 2', 'error'],
      ['g', 'error'],
    ]);
    const strict = await gradeFile({
      format: 'docmath-processed',
      predictionsPath: p,
      scorerId: 'strict',
      raw: true,
    });
    expect(strict.items[0]).toMatchObject({
      outcome: 'incorrect',
      rule: 'sign flipped',
      extracted: '-3.2',
    });
  });
});
