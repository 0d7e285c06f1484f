import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/cli';
import { dataPath, hasData } from '../../support/data-dir';
import { tempDir } from '../../support/temp-dir';

// `workbench grade` as users run it, from source through tsx (no build step needed).
function grade(args: string[]) {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'main', 'cli.ts'), 'grade', ...args],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  );
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface GradeJson {
  format: string;
  scorer: { id: string; version: string };
  summary: {
    n: number;
    correct: number;
    accuracy: number;
    accuracyCi95: { low: number; high: number };
    outcomes: Record<string, number>;
    rules: Record<string, number>;
  };
  items: {
    id: string;
    outcome: string;
    correct: boolean;
    score: number;
    rule: string;
    extracted: string | null;
  }[];
}

describe('workbench grade', () => {
  let tmp: ReturnType<typeof tempDir>;
  beforeEach(() => {
    tmp = tempDir('workbench-grade-cli-');
  });
  afterEach(() => tmp.cleanup());

  it('grades a JSONL file, prints a summary and writes the JSON result to --out OUT', () => {
    const preds = join(tmp.dir, 'p.jsonl');
    writeFileSync(
      preds,
      [
        JSON.stringify({ id: '1', gold: '23.42%', output: 'Therefore, the answer is 23.42%.' }),
        JSON.stringify({ id: '2', gold: '1,234', output: 'The answer is 1,234,000' }),
        'garbage',
      ].join('\n'),
    );
    const out = join(tmp.dir, 'out.json');
    const r = grade(['--format', 'jsonl', '--predictions', preds, '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^graded 3 items from .*p\.jsonl \(format jsonl, scorer analyst analyst-2\)/,
    );
    expect(r.stdout).toMatch(/accuracy 33\.33% \(1\/3\), 95% Wilson CI \[\d+\.\d\d%, \d+\.\d\d%\]/);
    expect(r.stdout).toMatch(/off by ×1000 \(scale\)|off by ×1000/);
    expect(r.stdout).toMatch(/error line 3: line 3 is not valid JSON/);
    const json = JSON.parse(readFileSync(out, 'utf8')) as GradeJson;
    expect(json.summary).toMatchObject({
      n: 3,
      correct: 1,
      outcomes: { correct: 1, incorrect: 1, error: 1 },
    });
    expect(json.items.map((i) => i.outcome)).toEqual(['correct', 'incorrect', 'error']);
    expect(json.items[1]?.rule).toBe('off by ×1000 (scale)');
  });

  it('exits 2 on usage errors and 1 when the file cannot be read', () => {
    const usage = grade(['--format', 'csv', '--predictions', 'x']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(
      /--format must be one of docmath-processed, tatqa-pot, tatqa-pred, jsonl/,
    );
    const missing = grade(['--format', 'jsonl', '--predictions', join(tmp.dir, 'missing.jsonl')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/cannot read .*missing\.jsonl \(ENOENT\)/);
  });

  it.skipIf(!hasData)('reproduces the official DocMath accuracy of a real model file', () => {
    const file = dataPath(
      'model_outputs',
      'financemath_validation',
      'processed_cot_outputs',
      'gpt-3_5-turbo-0125.json',
    );
    const recorded = (
      JSON.parse(readFileSync(file, 'utf8')) as { result: { acc: number } }[]
    ).reduce((a, r) => a + r.result.acc, 0);
    const out = join(tmp.dir, 'g.json');
    const r = grade([
      '--format',
      'docmath-processed',
      '--predictions',
      file,
      '--scorer',
      'docmath',
      '--out',
      out,
    ]);
    expect(r.code).toBe(0);
    const json = JSON.parse(readFileSync(out, 'utf8')) as GradeJson;
    expect(json.scorer.id).toBe('docmath');
    expect(json.summary.n).toBe(200);
    expect(json.summary.correct).toBe(recorded);
    expect(r.stdout).toContain(`(${recorded}/200)`);
  });

  it.skipIf(!hasData)('grades the TAT-QA PoT file with the tatqa scorer', () => {
    const file = dataPath('model_outputs', 'tatqa_dev', 'tatqa_s0_e-1_11_08_11_09.jsonl');
    const r = grade(['--format', 'tatqa-pot', '--predictions', file, '--scorer', 'tatqa']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/graded 1667 items/);
    expect(r.stdout).toMatch(/EM \d+\.\d\d%, F1 \d+\.\d\d%/);
    expect(r.stdout).not.toMatch(/warning:/);
  });
});
