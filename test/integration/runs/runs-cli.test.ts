import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runSourceCli } from '../../support/cli';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempDir } from '../../support/temp-dir';

// The runs commands as users type them: --json shapes on stdout, readable text otherwise.

const cli = runSourceCli;
const fm = (model: string) =>
  dataPath('model_outputs', 'financemath_validation', 'processed_cot_outputs', `${model}.json`);

interface Json {
  [k: string]: unknown;
}
const parse = (r: { code: number | null; stdout: string; stderr: string }): Json => {
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Json;
};

describe.skipIf(!hasData)('workbench import-run / runs / report / regrade', () => {
  let tmp: ReturnType<typeof tempDir>;
  let ws: string[];
  beforeAll(() => {
    tmp = tempDir('workbench-runs-cli-');
    ws = ['--workspace', join(tmp.dir, 'ws')];
  });
  afterAll(() => tmp.cleanup());

  it('says what to import first when the dataset is not in the workspace', () => {
    const r = cli(['import-run', '--format', 'docmath-processed', fm('gpt-4o'), '--json', ...ws]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /workbench import-dataset --format docmath .*financemath\/validation\.json/,
    );
    const bad = cli(['import-run', '--format', 'nope', fm('gpt-4o'), ...ws]);
    expect(bad.code).toBe(2);
    // One list of prediction formats for import-run and grade (grade's order).
    expect(bad.stderr).toMatch(
      /--format must be one of docmath-processed, tatqa-pot, tatqa-pred, jsonl, financebench-graded, lm-eval/,
    );
  });

  it('imports, lists, reports, compares and re-grades', () => {
    expect(
      cli([
        'import-dataset',
        '--format',
        'docmath',
        dataPath('datasets', 'financemath', 'validation.json'),
        ...ws,
      ]).code,
    ).toBe(0);
    const a = parse(
      cli([
        'import-run',
        '--format',
        'docmath-processed',
        fm('gpt-4o'),
        '--dataset-id',
        '1',
        '--json',
        ...ws,
      ]),
    );
    expect(a).toMatchObject({ runId: 1, matched: 200, unknownIds: { count: 0, examples: [] } });
    const text = cli([
      'import-run',
      '--format',
      'docmath-processed',
      fm('gpt-3_5-turbo-0125'),
      ...ws,
    ]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('imported run #2: gpt-3_5-turbo-0125 (cot) on dataset #1');
    expect(text.stdout).toMatch(
      /accuracy: +docmath 21\.50%, strict \d+\.\d\d%, imported \(recorded in the file\) 21\.50%/,
    );

    const runs = parse(cli(['runs', '--json', ...ws])) as { runs: Json[] };
    expect(
      runs.runs.map((r) => [r.runId, r.status, r.done, r.total, r.model, r.mode, r.datasetId]),
    ).toEqual([
      [2, 'done', 200, 200, 'gpt-3_5-turbo-0125', 'cot', 1],
      [1, 'done', 200, 200, 'gpt-4o', 'cot', 1],
    ]);

    const report = parse(cli(['report', '1', '--json', ...ws])) as {
      runId: number;
      accuracy: Record<string, number>;
      intervals: Record<string, unknown>;
      subsets: { columns: string[] };
      items: Json[];
      comparison: null;
    };
    expect(report.runId).toBe(1);
    expect(report.accuracy).toMatchObject({ docmath: 55, imported: 55 });
    expect(Object.keys(report.intervals).sort()).toEqual(['docmath', 'imported', 'strict']);
    expect(report.subsets.columns).toContain('Accounting');
    expect(report.items).toHaveLength(200);
    expect(Object.keys(report.items[0]!)).toEqual(
      expect.arrayContaining(['questionId', 'externalId', 'outcome', 'correct', 'rule', 'answer']),
    );
    expect(report.comparison).toBeNull();

    const md = cli(['report', '1', '--compare', '2', ...ws]);
    expect(md.code).toBe(0);
    expect(md.stdout).toContain('| model | mode | scorer | Accounting |');
    expect(md.stdout).toContain('| gpt-4o | cot | imported (official) |');
    expect(md.stdout).toMatch(/Exact McNemar: \d+ right only in #1, \d+ right only in #2, p = /);
    expect(md.stdout).toContain('### Flips (');

    const out = join(tmp.dir, 'r1.csv');
    expect(cli(['report', '1', '--format', 'csv', '--out', out, ...ws]).code).toBe(0);
    const csv = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(csv).toHaveLength(201);
    expect(csv[0]).toMatch(/^question_id,external_id,subset,answer,docmath_correct/);

    const rg = parse(cli(['regrade', '1', '--scorer', 'analyst', '--json', ...ws]));
    expect(rg).toMatchObject({ runId: 1, scorer: { id: 'analyst' }, items: 200, previous: null });
    expect(cli(['regrade', '1', '--scorer', 'imported', ...ws]).stderr).toMatch(
      /come from the file itself/,
    );
    expect(cli(['report', '9', ...ws]).stderr).toMatch(/no run #9/);
  });
});

describe.skipIf(!hasData)('workbench import-run killed mid-way (kill -9)', () => {
  let tmp: ReturnType<typeof tempDir>;
  afterAll(() => tmp?.cleanup());

  it('keeps the committed batches and shows the run interrupted', async () => {
    tmp = tempDir('workbench-runs-kill-');
    const ws = ['--workspace', join(tmp.dir, 'ws')];
    const tatqa = dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json');
    expect(cli(['import-dataset', '--format', 'tatqa', tatqa, ...ws]).code).toBe(0);
    const preds = dataPath('model_outputs', 'tatqa_dev', 'tatqa_s0_e-1_11_08_11_09.jsonl');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(repoRoot, 'main', 'cli.ts'),
        'import-run',
        '--format',
        'tatqa-pot',
        preds,
        ...ws,
      ],
      { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    // Killed as soon as it reports its first committed batch.
    const firstBatch = await new Promise<number>((resolve, reject) => {
      let err = '';
      child.stderr.on('data', (b: Buffer) => {
        err += b.toString();
        const m = /run #1: (\d+)\/1667 items committed/.exec(err);
        if (m) {
          child.kill('SIGKILL');
          resolve(Number(m[1]));
        }
      });
      child.on('exit', () => reject(new Error(`import ended before it was killed: ${err}`)));
    });
    await new Promise((resolve) => child.once('exit', resolve));
    const runs = parse(cli(['runs', '--json', ...ws])) as {
      runs: { runId: number; status: string; done: number; total: number; message: string }[];
    };
    const run = runs.runs[0]!;
    expect(run.status).toBe('interrupted');
    expect(run.message).toMatch(/ended before the run did/);
    expect(run.total).toBe(1667);
    expect(run.done).toBeGreaterThanOrEqual(firstBatch);
    expect(run.done).toBeLessThan(1667);
    expect(run.done % 100).toBe(0);
    // An imported run has nothing to resume: the list offers no `eval --resume` for it.
    const words = cli(['runs', ...ws]);
    expect(words.stdout).toContain(`#${run.runId}  interrupted`);
    expect(words.stdout).not.toContain('goes on with');
    // What was committed reports (and re-grades) like any run.
    const report = parse(
      cli(['report', String(run.runId), '--format', 'json', '--json', ...ws]),
    ) as {
      n: number;
      status: string;
      scorers: { n: number }[];
    };
    expect(report).toMatchObject({ n: run.done, status: 'interrupted' });
    expect(report.scorers.every((x) => x.n === run.done)).toBe(true);
  });
});

if (!hasData) describe('runs CLI', () => it.skip(noDataMessage, () => {}));
