import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSourceCli } from '../../support/cli';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempDir } from '../../support/temp-dir';

// Every command that takes a run reads it the same way (main/cli/run-ref.ts): `1`, `run:1` and
// `#1` name the same run, and a malformed one is the same usage error everywhere (issue 25:
// `report 1` took a number while `export` wanted `run:1`).

const cli = runSourceCli;
const fm = (model: string) =>
  dataPath('model_outputs', 'financemath_validation', 'processed_cot_outputs', `${model}.json`);

describe.skipIf(!hasData)('one run reference for every command', () => {
  let tmp: ReturnType<typeof tempDir>;
  let ws: string[];
  beforeAll(() => {
    tmp = tempDir('workbench-run-ref-');
    ws = ['--workspace', join(tmp.dir, 'ws')];
    const steps = [
      [
        'import-dataset',
        '--format',
        'docmath',
        dataPath('datasets', 'financemath', 'validation.json'),
      ],
      ['import-run', '--format', 'docmath-processed', fm('gpt-4o'), '--dataset-id', '1'],
      [
        'import-run',
        '--format',
        'docmath-processed',
        fm('gpt-3_5-turbo-0125'),
        '--dataset-id',
        '1',
      ],
    ];
    for (const args of steps) {
      const r = cli([...args, ...ws]);
      expect(r.code, r.stderr).toBe(0);
    }
  }, 180_000);
  afterAll(() => tmp?.cleanup());

  it('report: 1, run:1 and #1 are the same run, also for --compare', () => {
    const reports = ['1', 'run:1', '#1'].map((ref) => {
      const r = cli(['report', ref, '--compare', ref === '1' ? '2' : `run:2`, '--json', ...ws]);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as {
        runId: number;
        comparison: { runA: number; runB: number } | null;
      };
    });
    expect(reports[0]!.runId).toBe(1);
    expect(reports[0]!.comparison).toMatchObject({ runA: 1, runB: 2 });
    expect(reports[1]).toEqual(reports[0]);
    expect(reports[2]).toEqual(reports[0]);
  });

  it('export: a bare id is a run, as run:N is', () => {
    const files = ['1', 'run:1'].map((ref, i) => {
      const out = join(tmp.dir, `t${i}.jsonl`);
      const r = cli(['export', ref, '--format', 'jsonl', '--out', out, '--json', ...ws]);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ target: 'run:1', items: 200 });
      return readFileSync(out, 'utf8');
    });
    expect(files[1]).toBe(files[0]);
  });

  it('regrade, regrade --stale and judge --show take run:N', () => {
    const regrade = cli(['regrade', 'run:2', '--scorer', 'strict', '--json', ...ws]);
    expect(regrade.code, regrade.stderr).toBe(0);
    expect(JSON.parse(regrade.stdout)).toMatchObject({ runId: 2, items: 200 });
    const stale = cli(['regrade', '--stale', 'run:1', '#2', '--json', ...ws]);
    expect(stale.code, stale.stderr).toBe(0);
    const runs = (JSON.parse(stale.stdout) as { runs: { runId: number }[] }).runs;
    expect(runs.map((r) => r.runId).sort()).toEqual([1, 2]);
    const show = cli(['judge', 'run:1', '--show', ...ws]);
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toContain('run #1 has no judgements');
  });

  it('a malformed run is the same usage error (exit 2) in every command', () => {
    const bad = 'run:x';
    const lines = [
      ['report', bad],
      ['report', '1', '--compare', bad],
      ['report', '--elo', `1,${bad}`],
      ['export', bad, '--format', 'jsonl', '--out', join(tmp.dir, 'x.jsonl')],
      ['regrade', bad, '--scorer', 'strict'],
      ['regrade', '--stale', bad],
      ['judge', bad, '--show'],
      ['gap', '--session', '1', '--run', bad],
      ['eval', '--resume', bad],
    ].map((args) => {
      const r = cli([...args, ...ws]);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      return r.stderr.trim();
    });
    for (const line of lines)
      expect(line).toMatch(
        /^workbench: .+ must be a run \(N, run:N or #N; workbench runs lists them\), got "run:x"$/,
      );
  });
});

if (!hasData) console.warn(`[skip] run references: ${noDataMessage}`);
