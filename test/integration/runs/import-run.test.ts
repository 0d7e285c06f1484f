import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../../main/services';
import { WorkbenchError } from '../../../shared/api/result';
import { runsRepo } from '../../../main/db/runs-repo';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempServices } from '../../support/services';

// Importing prediction files as runs, on real data: FinanceMath processed outputs (with the
// official verdicts), the TAT-QA Program-of-Thoughts outputs, and small real-shaped
// lm-evaluation-harness and generic JSONL files written here from real FinanceMath questions.

const fm = (mode: 'cot' | 'pot', model: string) =>
  dataPath('model_outputs', 'financemath_validation', `processed_${mode}_outputs`, `${model}.json`);

async function failure(p: Promise<unknown>): Promise<WorkbenchError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof WorkbenchError) return e;
    throw e;
  }
  throw new Error('expected a WorkbenchError');
}

/** The official accuracy: mean of the recorded result.acc, in percent. */
function officialAccuracy(file: string): number {
  const rows = JSON.parse(readFileSync(file, 'utf8')) as { result: { acc: number } }[];
  return Math.round((10000 * rows.reduce((s, r) => s + r.result.acc, 0)) / rows.length) / 100;
}

describe.skipIf(!hasData)('import-run', () => {
  let env: Awaited<ReturnType<typeof tempServices>>;
  let s: Services;
  let financemath: number;
  beforeAll(async () => {
    env = await tempServices();
    s = env.services;
    financemath = (
      await s.datasets.importFile('docmath', dataPath('datasets', 'financemath', 'validation.json'))
    ).datasetId;
  });
  afterAll(() => env?.cleanup());

  it('imports FinanceMath CoT outputs with the official verdicts beside ours', async () => {
    const file = fm('cot', 'gpt-4o');
    const r = await s.runs.importFile({ format: 'docmath-processed', path: file });
    expect(r).toMatchObject({
      status: 'done',
      datasetId: financemath,
      records: 200,
      matched: 200,
      unanswered: 0,
    });
    expect(r.unknownIds.count).toBe(0);
    expect(r.accuracy.imported).toBe(officialAccuracy(file));
    // Our port of the official scorer agrees with the recorded verdict on every CoT item.
    expect(r.accuracy.docmath).toBe(r.accuracy.imported);
    const { summary, manifest } = s.runs.get(r.runId);
    expect(summary).toMatchObject({
      model: 'gpt-4o',
      mode: 'cot',
      done: 200,
      total: 200,
      source: 'imported',
    });
    expect(manifest.imported).toMatchObject({
      format: 'docmath-processed',
      file: 'gpt-4o.json',
      records: 200,
    });
    expect(manifest.imported!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.dataset).toMatchObject({
      id: financemath,
      format: 'docmath',
      questionCount: 200,
    });
    expect(manifest.templateHash).toBeNull();
    expect(manifest.scorers.map((x) => x.id)).toEqual(['docmath', 'strict', 'imported']);
    const verdicts = runsRepo(s.workspace.db).verdicts(r.runId);
    expect(verdicts).toHaveLength(600);
  });

  it('imports FinanceMath PoT outputs with program, execution and execution rate', async () => {
    const file = fm('pot', 'gpt-4o');
    const r = await s.runs.importFile({ format: 'docmath-processed', path: file });
    expect(r.accuracy.imported).toBe(officialAccuracy(file));
    const items = runsRepo(s.workspace.db).items(r.runId);
    expect(items[0]!.program).toContain('def solution');
    expect(items[0]!.answerKind).toBe('executed');
    const { report } = s.runs.report(r.runId);
    expect(report.mode).toBe('pot-python');
    const rows = JSON.parse(readFileSync(file, 'utf8')) as { result: { execution_rate: number } }[];
    const ran = rows.filter((x) => x.result.execution_rate === 1).length;
    expect(report.executionRate).toBe(Math.round((10000 * ran) / rows.length) / 100);
  });

  it('imports the TAT-QA PoT and CoT outputs against the stored TAT-QA dev set', async () => {
    await s.datasets.importFile('tatqa', dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'));
    const pot = await s.runs.importFile({
      format: 'tatqa-pot',
      path: dataPath('model_outputs', 'tatqa_dev', 'tatqa_s0_e-1_11_08_11_09.jsonl'),
    });
    // The 1,667 predictions of the 1,668 dev questions; EM as docs/BENCHMARKS.md gives it.
    expect(pot).toMatchObject({ records: 1667, matched: 1667, unanswered: 1 });
    expect(pot.accuracy.tatqa).toBe(68.99);
    expect(pot.accuracy.imported).toBeUndefined();
    const { report } = s.runs.report(pot.runId);
    expect(report.subsets.columns.sort()).toEqual(['table', 'table-text', 'text']);
    expect(report.breakdowns.map((b) => b.by)).toEqual(['answer type', 'evidence source']);
    const cot = await s.runs.importFile({
      format: 'tatqa-pred',
      path: dataPath('model_outputs', 'tatqa_dev', 'tatqa_cot_gpt3_s0_e-1_11_13_21_05.jsonl'),
    });
    expect(s.runs.get(cot.runId).summary.mode).toBe('cot');
    expect(cot.accuracy.tatqa).toBe(42.53);
  });

  it('imports lm-evaluation-harness --log_samples JSONL: one filter, the recorded metric as imported', async () => {
    const questions = s.datasets.storedQuestions(financemath).slice(0, 3);
    const dir = join(env.dir, 'results', 'org__some-model');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'samples_financemath_2026-11-23T18-00-00.jsonl');
    const sample = (
      docId: number,
      doc: object,
      resp: string,
      filtered: string,
      em: number,
      filter: string,
    ) => ({
      doc_id: docId,
      doc,
      target: 'x',
      arguments: { gen_args_0: { arg_0: 'prompt', arg_1: {} } },
      resps: [[resp]],
      filtered_resps: [filtered],
      filter,
      metrics: ['exact_match'],
      doc_hash: 'h',
      prompt_hash: 'h',
      target_hash: 'h',
      exact_match: em,
    });
    const gold0 = String(questions[0]!.gold.answer);
    const lines = [
      sample(
        0,
        { question_id: questions[0]!.externalId, question: questions[0]!.question },
        `So the answer is ${gold0}.`,
        gold0,
        1,
        'strict-match',
      ),
      sample(
        1,
        { question_id: questions[1]!.externalId },
        'I think 12345.',
        '12345',
        0,
        'strict-match',
      ),
      sample(2, { question_id: 'not-a-question' }, '7', '7', 0, 'strict-match'),
      sample(0, { question_id: questions[0]!.externalId }, 'x', 'x', 0, 'flexible-extract'),
    ];
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const r = await s.runs.importFile({ format: 'lm-eval', path: file });
    expect(r).toMatchObject({ records: 3, matched: 2, unanswered: 198 });
    expect(r.unknownIds).toEqual({ count: 1, examples: ['not-a-question'] });
    expect(r.warnings).toEqual([
      'imported filter "strict-match"; 1 samples of other filters were skipped',
    ]);
    // Graded by the DocMath dataset's scorers (shared/grading/default-scorers.ts), whatever the
    // file's format: the official port and strict, as an engine run on it would be.
    expect(r.accuracy).toEqual({ docmath: 50, strict: 50, imported: 50 });
    const { summary, manifest } = s.runs.get(r.runId);
    expect(summary.model).toBe('org__some-model');
    expect(manifest.model.params).toEqual({ recordedVerdicts: 'exact_match' });
    expect(manifest.subset).toBeNull();
    const items = runsRepo(s.workspace.db).items(r.runId);
    expect(items[0]).toMatchObject({
      output: `So the answer is ${gold0}.`,
      answer: gold0,
      answerKind: 'text',
    });
  });

  it('imports generic {id, output} JSONL; unknown ids, bad lines and duplicates are reported', async () => {
    const q = s.datasets.storedQuestions(financemath);
    const file = join(env.dir, 'answers.jsonl');
    writeFileSync(
      file,
      [
        JSON.stringify({
          id: q[0]!.externalId,
          output: `The answer is ${String(q[0]!.gold.answer)}.`,
        }),
        JSON.stringify({ id: q[1]!.externalId, output: 'I cannot tell from the table.' }),
        '{"id": "validation-9999", "output": "1"}',
        '{"id": "unknown-2", "output": "2"}',
        '{not json',
        JSON.stringify({ id: q[0]!.externalId, output: 'a second answer' }),
      ].join('\n'),
    );
    const r = await s.runs.importFile({
      format: 'jsonl',
      path: file,
      model: 'my-model',
      mode: 'direct',
    });
    expect(r.matched).toBe(2);
    expect(r.unknownIds).toEqual({ count: 2, examples: ['validation-9999', 'unknown-2'] });
    expect(r.unreadable.count).toBe(1);
    expect(r.unreadable.examples[0]).toMatch(/^line 5: line 5 is not valid JSON/);
    expect(r.duplicates).toEqual({ count: 1, examples: [q[0]!.externalId] });
    // The dataset's scorers (DocMath: its official port, then strict), not the file format's.
    expect(Object.keys(r.accuracy)).toEqual(['docmath', 'strict']);
    expect(r.accuracy.strict).toBe(50);
    expect(s.runs.get(r.runId).summary).toMatchObject({ model: 'my-model', mode: 'direct' });
    const { report } = s.runs.report(r.runId);
    expect(report.unanswered).toBe(198);
    expect(report.n).toBe(2);
    expect(report.items.find((i) => i.externalId === q[1]!.externalId)).toMatchObject({
      correct: false,
      outcome: 'no-answer',
      cause: 'no answer extracted',
    });
  });

  it('refuses clearly: no dataset with the ids, no matching record, unknown scorer, missing file', async () => {
    const file = join(env.dir, 'strangers.jsonl');
    writeFileSync(file, '{"id": "zz-1", "output": "1"}\n');
    // Each call starts only when awaited: a rejection created earlier and awaited later would
    // count as unhandled while the calls before it run.
    const cases: [() => Promise<unknown>, string, RegExp][] = [
      [
        () => s.runs.importFile({ format: 'jsonl', path: file }),
        'not-found',
        /no dataset in this workspace has the questions of strangers\.jsonl.*workbench import-dataset/,
      ],
      [
        () => s.runs.importFile({ format: 'jsonl', path: file, datasetId: financemath }),
        'invalid-input',
        /none of the 1 records/,
      ],
      [
        () =>
          s.runs.importFile({
            format: 'jsonl',
            path: file,
            datasetId: financemath,
            scorers: ['nope'],
          }),
        'invalid-input',
        /unknown scorer "nope"/,
      ],
      [
        () => s.runs.importFile({ format: 'jsonl', path: join(env.dir, 'missing.jsonl') }),
        'file-unreadable',
        /missing\.jsonl/,
      ],
      [
        () => s.runs.importFile({ format: 'docmath-processed', path: file }),
        'invalid-input',
        /cannot read strangers\.jsonl as docmath-processed/,
      ],
    ];
    for (const [call, code, message] of cases) {
      const e = await failure(call());
      expect(e.code).toBe(code);
      expect(e.message).toMatch(message);
    }
    // Nothing half-made: no run was created by any of these.
    expect(s.runs.list().every((r) => r.status === 'done')).toBe(true);
  });
});

if (!hasData) describe('import-run', () => it.skip(noDataMessage, () => {}));
