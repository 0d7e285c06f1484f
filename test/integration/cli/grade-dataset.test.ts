import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSourceCli } from '../../support/cli';
import { dataPath, hasData } from '../../support/data-dir';
import { tempDir } from '../../support/temp-dir';

// `workbench grade --dataset`: gold read from the questions stored in the workspace.
const cli = runSourceCli;

type Graded = {
  dataset?: string;
  gold?: string;
  summary: { n: number; correct: number };
  items: { id: string; correct: boolean }[];
};

describe.skipIf(!hasData)('workbench grade --dataset', () => {
  let tmp: ReturnType<typeof tempDir>;
  let ws: string;
  const goldFile = dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json');
  const preds = dataPath('model_outputs', 'tatqa_dev', 'tatqa_s0_e-1_11_08_11_09.jsonl');
  beforeAll(() => {
    tmp = tempDir('workbench-grade-dataset-');
    ws = join(tmp.dir, 'ws');
    const r = cli(['import-dataset', '--format', 'tatqa', goldFile, '--workspace', ws]);
    expect(r.code).toBe(0);
  });
  afterAll(() => tmp.cleanup());

  it('gives the same verdicts as grading against the raw benchmark file', () => {
    const viaFile = join(tmp.dir, 'file.json');
    const viaStore = join(tmp.dir, 'store.json');
    const base = ['grade', '--format', 'tatqa-pot', '--predictions', preds, '--scorer', 'tatqa'];
    expect(cli([...base, '--gold', goldFile, '--out', viaFile]).code).toBe(0);
    const r = cli([
      ...base,
      '--dataset',
      'tatqa_dataset_dev.json',
      '--workspace',
      ws,
      '--out',
      viaStore,
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const a = JSON.parse(readFileSync(viaFile, 'utf8')) as Graded;
    const b = JSON.parse(readFileSync(viaStore, 'utf8')) as Graded;
    expect(b.dataset).toMatch(/^#\d+ tatqa_dataset_dev\.json$/);
    expect(b.summary.n).toBe(1667);
    expect(b.summary.correct).toBe(a.summary.correct);
    expect(b.items.map((i) => i.correct)).toEqual(a.items.map((i) => i.correct));
  });

  it('says which dataset is unknown, and refuses --gold with --dataset', () => {
    const unknown = cli([
      'grade',
      '--format',
      'tatqa-pot',
      '--predictions',
      preds,
      '--dataset',
      'nope.json',
      '--workspace',
      ws,
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('workbench: no dataset nope.json in this workspace\n');
    const both = cli([
      'grade',
      '--format',
      'tatqa-pot',
      '--predictions',
      preds,
      '--gold',
      goldFile,
      '--dataset',
      '1',
      '--workspace',
      ws,
    ]);
    expect(both.code).toBe(1);
    expect(both.stderr).toMatch(/--gold FILE or --dataset, not both/);
  });
});
