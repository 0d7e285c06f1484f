import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSourceCliAsync } from '../../support/cli';
import { dataPath, hasData } from '../../support/data-dir';
import { sameVerdicts } from '../../support/same-verdicts';
import { tempDir } from '../../support/temp-dir';

// Issue 22 part B, "one reader per prediction format": the same file gives the same answers
// and the same verdicts through `workbench grade --dataset` and `workbench import-run`. First on
// small files written here with the cases the two readers used to read differently (a record
// with both an executed result and an extracted answer, a CoT file in a folder named "pot",
// answers that are not text, bad lines), then on every real prediction file in
// ../shared/data/model_outputs and financebench/human_graded_results.

async function cli(args: string[]): Promise<string> {
  const r = await runSourceCliAsync(args);
  if (r.code !== 0)
    throw new Error(`workbench ${args.join(' ')} exited ${r.code}: ${r.stderr.trim()}`);
  return r.stdout;
}

async function importDataset(ws: string, format: string, file: string): Promise<number> {
  const out = await cli(['import-dataset', '--format', format, file, '--json', '--workspace', ws]);
  return (JSON.parse(out) as { datasetId: number }).datasetId;
}

describe('one reader per prediction format: written files', () => {
  let tmp: ReturnType<typeof tempDir>;
  let datasetId: number;
  const q = (i: number) => `validation-${i}`;
  beforeAll(async () => {
    tmp = tempDir('workbench-one-reader-');
    const questions = [12.5, 20, 7, 4, 3, 100].map((gold, i) => ({
      question_id: q(i),
      question: `What is the value of item ${i} (in USD millions)?`,
      tables: [`| item | value |\n|---|---|\n| item ${i} | ${gold} |`],
      python_solution: `def solution():\n    return ${gold}`,
      ground_truth: gold,
      topic: 'written',
    }));
    const file = join(tmp.dir, 'validation.json');
    writeFileSync(file, JSON.stringify(questions));
    datasetId = await importDataset(tmp.dir, 'docmath', file);
  }, 60_000);
  afterAll(() => tmp?.cleanup());

  it('DocMath processed outputs: executed result first, PoT from the records, not the folder', async () => {
    // A folder whose name says PoT holding mostly CoT records (the old import-run read every
    // record of it as a program's result, and found none).
    const dir = join(tmp.dir, 'processed_pot_outputs');
    mkdirSync(dir);
    const file = join(dir, 'model-x.json');
    const base = (i: number) => ({ question_id: q(i), ground_truth: 0, question: 'ignored' });
    writeFileSync(
      file,
      JSON.stringify([
        {
          ...base(0),
          output: ['Therefore, the answer is 12.5.'],
          extracted_pred_answer: '12.5',
          result: { acc: 1, execution_rate: 1 },
        },
        // Both fields: the PoT pass wrote `result` last, so its executed result is the answer
        // (grade used to take extracted_pred_answer first).
        {
          ...base(1),
          output: ['```python\ndef solution():\n    return 20\n```'],
          extracted_pred_answer: '1',
          result: { acc: 1, execution_rate: 1, prediction_executed_result: 20 },
        },
        // A number where text is expected is read as its text.
        { ...base(2), output: ['7'], extracted_pred_answer: 7, result: { acc: 1 } },
        // An object is an error for that record only.
        { ...base(3), output: ['4'], extracted_pred_answer: { value: 4 } },
        // No extracted answer, no executed result: the raw output, graded as text.
        { ...base(4), output: ['So the total is 3.'] },
        { ...base(5), output: [{ text: 'x' }], extracted_pred_answer: '100' },
        { output: ['no id'] },
      ]),
    );
    const r = await sameVerdicts({
      workspace: tmp.dir,
      datasetId,
      format: 'docmath-processed',
      file,
      scorers: ['docmath', 'strict', 'analyst'],
      outDir: tmp.dir,
    });
    expect(r.differences).toEqual([]);
    const byId = new Map(r.lines.map((l) => [l.externalId, l]));
    expect(byId.get(q(1))).toMatchObject({ answer: 20, answerKind: 'executed' });
    expect(byId.get(q(1))!.program).toContain('return 20');
    expect(byId.get(q(0))).toMatchObject({ answer: '12.5', answerKind: 'extracted' });
    expect(byId.get(q(2))).toMatchObject({ answer: '7', answerKind: 'extracted' });
    expect(byId.get(q(4))).toMatchObject({ answer: 'So the total is 3.', answerKind: 'text' });
    // Three CoT records, one PoT: the run's mode is CoT whatever the folder says.
    expect(r.lines[0]!.source.mode).toBe('cot');
    expect(r.imported.warnings[0]).toMatch(/1 records carry a program's executed result/);
    expect(r.imported.unreadable.examples).toEqual([
      'validation-3: extracted_pred_answer is a JSON object, not text',
      'validation-5: output[0] is a JSON object, not text',
      'record 6: missing question_id',
    ]);
    const strict = new Map(r.graded.strict!.map((i) => [i.id, i]));
    expect(strict.get(q(1))).toMatchObject({ outcome: 'correct' });
    expect(strict.get(q(3))).toMatchObject({
      outcome: 'error',
      rule: 'extracted_pred_answer is a JSON object, not text',
    });
  }, 120_000);

  it('generic JSONL: answers that are not text and bad lines, one item each', async () => {
    const file = join(tmp.dir, 'answers.jsonl');
    writeFileSync(
      file,
      [
        JSON.stringify({ id: q(0), output: 'Therefore, the answer is 12.5.' }),
        JSON.stringify({ id: q(1), output: 20 }),
        JSON.stringify({ id: q(2), output: null }),
        JSON.stringify({ id: q(3), output: { value: 4 } }),
        JSON.stringify({ id: q(4), output: ['3'] }),
        '{"id": "validation-5", "output": ',
        JSON.stringify({ id: q(0), output: 'a second answer' }),
        JSON.stringify({ id: 'not-a-question', output: '1' }),
        JSON.stringify({ output: 'no id' }),
      ].join('\n'),
    );
    const r = await sameVerdicts({
      workspace: tmp.dir,
      datasetId,
      format: 'jsonl',
      file,
      scorers: ['analyst', 'strict'],
      outDir: tmp.dir,
    });
    expect(r.differences).toEqual([]);
    // The first item of an id (its duplicate, later, is an error item).
    const analyst = new Map([...r.graded.analyst!].reverse().map((i) => [i.id, i]));
    expect(analyst.get(q(0))).toMatchObject({ outcome: 'correct' });
    expect(analyst.get(q(1))).toMatchObject({ answer: '20', outcome: 'correct' });
    expect(analyst.get(q(2))).toMatchObject({ answer: null, outcome: 'no-answer' });
    expect(analyst.get(q(3))).toMatchObject({
      outcome: 'error',
      rule: 'output is a JSON object, not text',
    });
    expect(analyst.get(q(4))?.rule).toBe('output is a JSON list, not text');
    expect(analyst.get('line 6')?.rule).toMatch(/^line 6 is not valid JSON/);
    expect(analyst.get('line 9')?.rule).toBe('missing id');
    expect(r.imported).toMatchObject({
      matched: 3,
      unknownIds: { count: 1 },
      unreadable: { count: 4 },
      duplicates: { count: 1 },
    });
  }, 120_000);

  it('lm-eval samples: filtered_resps as text, through grade as through import-run', async () => {
    const dir = join(tmp.dir, 'results', 'org__model');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'samples_docmath_2026-01-01T00-00-00.jsonl');
    const sample = (i: number, filtered: unknown, resp: unknown) =>
      JSON.stringify({
        doc_id: i,
        doc: { question_id: q(i) },
        resps: [[resp]],
        filtered_resps: [filtered],
        filter: 'none',
        metrics: ['exact_match'],
        exact_match: 0,
      });
    writeFileSync(
      file,
      [
        sample(0, '12.5', 'The answer is 12.5'),
        sample(1, 20, 'twenty'),
        sample(2, { a: 1 }, 'x'),
        'not json',
      ].join('\n'),
    );
    const r = await sameVerdicts({
      workspace: tmp.dir,
      datasetId,
      format: 'lm-eval',
      file,
      scorers: ['strict'],
      outDir: tmp.dir,
    });
    expect(r.differences).toEqual([]);
    expect(r.graded.strict!.map((i) => [i.id, i.answer, i.outcome])).toEqual([
      [q(0), '12.5', 'correct'],
      [q(1), '20', 'correct'],
      [q(2), null, 'error'],
      ['line 4', null, 'error'],
    ]);
  }, 120_000);
});

/** Every real prediction file, with its format and the dataset it answers. */
function realFiles(): { format: string; file: string; dataset: string; scorers: string[] }[] {
  const out: ReturnType<typeof realFiles> = [];
  for (const mode of ['cot', 'pot']) {
    const dir = dataPath('model_outputs', 'financemath_validation', `processed_${mode}_outputs`);
    for (const f of readdirSync(dir)
      .filter((x) => x.endsWith('.json'))
      .sort())
      out.push({
        format: 'docmath-processed',
        file: join(dir, f),
        dataset: 'financemath',
        scorers: ['docmath', 'strict', 'analyst'],
      });
  }
  const tatqa = dataPath('model_outputs', 'tatqa_dev');
  for (const f of readdirSync(tatqa)
    .filter((x) => x.endsWith('.jsonl'))
    .sort())
    out.push({
      format: /cot/.test(f) ? 'tatqa-pred' : 'tatqa-pot',
      file: join(tatqa, f),
      dataset: 'tatqa',
      scorers: ['tatqa', 'strict'],
    });
  const graded = dataPath('financebench', 'human_graded_results');
  for (const f of readdirSync(graded)
    .filter((x) => x.endsWith('.jsonl'))
    .sort())
    out.push({
      format: 'financebench-graded',
      file: join(graded, f),
      dataset: 'financebench',
      scorers: ['analyst', 'strict'],
    });
  return out;
}

describe.skipIf(!hasData)('one reader per prediction format: every real prediction file', () => {
  let tmp: ReturnType<typeof tempDir>;
  const datasets: Record<string, number> = {};
  beforeAll(async () => {
    tmp = tempDir('workbench-one-reader-real-');
    datasets.financemath = await importDataset(
      tmp.dir,
      'docmath',
      dataPath('datasets', 'financemath', 'validation.json'),
    );
    datasets.tatqa = await importDataset(
      tmp.dir,
      'tatqa',
      dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'),
    );
    datasets.financebench = await importDataset(
      tmp.dir,
      'financebench',
      dataPath('financebench', 'questions.jsonl'),
    );
  }, 300_000);
  afterAll(() => tmp?.cleanup());

  const files = hasData ? realFiles() : [];
  it('finds a file of every format', () => {
    expect(new Set(files.map((f) => f.format))).toEqual(
      new Set(['docmath-processed', 'tatqa-pot', 'tatqa-pred', 'financebench-graded']),
    );
    expect(files.length).toBeGreaterThanOrEqual(17);
  });

  it.each(files.map((f) => [f.file.split('/').slice(-2).join('/'), f] as const))(
    '%s: same answers and verdicts from grade and import-run',
    async (_name, f) => {
      const r = await sameVerdicts({
        workspace: tmp.dir,
        datasetId: datasets[f.dataset]!,
        format: f.format,
        file: f.file,
        scorers: f.scorers,
        outDir: tmp.dir,
      });
      expect(r.differences.slice(0, 20)).toEqual([]);
      expect(r.lines.length).toBe(r.imported.matched);
      expect(r.imported.matched).toBeGreaterThan(0);
    },
    300_000,
  );
});
