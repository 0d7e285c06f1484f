import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gradeFile } from '../../../main/grading/grade-file';
import { agreement } from '../../../main/grading/expert-agreement';
import { analystScorer, strictScorer } from '../../../shared/grading/scorers';
import { ruleKey } from '../../../shared/grading/summarize';
import { noDataMessage } from '../../support/data-dir';
import {
  agreeFile,
  gradedDir,
  gradedFiles,
  hasGradedResults,
} from '../../support/financebench-graded';
import { tempDir } from '../../support/temp-dir';

// The analyst scorer against FinanceBench's human experts on the visible graded files: the
// agreement floor of issue 10 (≥ 95% on the numeric "metrics-generated" questions), so a
// regression fails CI. Numbers and commands: docs/BENCHMARKS.md.

if (!hasGradedResults) console.warn(`[skip] ${noDataMessage}`);

describe.skipIf(!hasGradedResults)('agreement with FinanceBench human experts', () => {
  const files = hasGradedResults ? gradedFiles().map((f) => agreeFile(f, analystScorer)) : [];
  const metrics = agreement(
    files.flatMap((f) => f.items.filter((i) => i.metrics)),
    ruleKey,
  );
  const all = agreement(
    files.flatMap((f) => f.items),
    ruleKey,
  );

  it('reads all seven files with a label on every record', () => {
    expect(files.length).toBeGreaterThanOrEqual(7);
    for (const f of files) expect(f.items.length).toBe(124);
  });

  it('agrees with the experts on ≥ 95% of the metrics-generated answers', () => {
    expect(metrics.n).toBeGreaterThanOrEqual(300);
    expect(metrics.rate).toBeGreaterThanOrEqual(0.95);
  });

  it('agrees on ≥ 90% of the metrics-generated answers of every model file', () => {
    for (const f of files) expect(f.metrics.rate, f.file).toBeGreaterThanOrEqual(0.9);
  });

  it("keeps refusals apart: ≥ 95% of the experts' metrics refusals are refusals here", () => {
    const r = metrics.confusion.refusal;
    const n = r.correct + r.incorrect + r.refusal + r['no-answer'] + r.error;
    expect((r.refusal + r['no-answer']) / n).toBeGreaterThanOrEqual(0.95);
  });

  it('does better than the strict scorer on every question type, and ≥ 80% overall', () => {
    const strict = gradedFiles().map((f) => agreeFile(f, strictScorer));
    const strictAll = agreement(
      strict.flatMap((f) => f.items),
      ruleKey,
    );
    expect(all.rate).toBeGreaterThan(strictAll.rate);
    expect(all.rate).toBeGreaterThanOrEqual(0.8);
  });

  it('is deterministic', () => {
    const again = gradedFiles().map((f) => agreeFile(f, analystScorer));
    expect(again.map((f) => f.items.map((i) => [i.graded.outcome, i.graded.rule]))).toEqual(
      files.map((f) => f.items.map((i) => [i.graded.outcome, i.graded.rule])),
    );
  });
});

describe.skipIf(!hasGradedResults)('workbench grade --format financebench-graded', () => {
  let tmp: ReturnType<typeof tempDir>;
  beforeEach(() => {
    tmp = tempDir('workbench-fb-graded-');
  });
  afterEach(() => tmp.cleanup());

  it('grades a real graded file with the analyst scorer, question included', async () => {
    const r = await gradeFile({
      format: 'financebench-graded',
      predictionsPath: join(gradedDir, 'gpt-4_oracle.jsonl'),
      scorerId: 'analyst',
    });
    expect(r.summary.n).toBe(124);
    expect(r.summary.outcomes.error).toBe(0);
    expect(r.items.find((i) => i.id === 'financebench_id_03029')?.outcome).toBe('correct');
  });

  it('reports bad records per item and grades the rest', async () => {
    const good = readFileSync(join(gradedDir, 'gpt-4_oracle.jsonl'), 'utf8').split('\n')[0];
    const p = join(tmp.dir, 'bad.jsonl');
    writeFileSync(
      p,
      [
        good,
        '{"financebench_id": "x1", "gold_answer": null, "model_answer": "5"}',
        '{"financebench_id": "x2", "gold_answer": 5, "model_answer": 7}',
        'not json',
        '{"financebench_id": "x3", "gold_answer": 5, "model_answer": {"value": 5}}',
        '{"financebench_id": "x4", "gold_answer": 5, "model_answer": [5]}',
        '{"financebench_id": "x5", "gold_answer": 5, "model_answer": null}',
      ].join('\n'),
    );
    const r = await gradeFile({
      format: 'financebench-graded',
      predictionsPath: p,
      scorerId: 'analyst',
    });
    expect(r.items.map((i) => i.outcome)).toEqual([
      'correct',
      'error',
      'incorrect',
      'error',
      'error',
      'error',
      'no-answer',
    ]);
    expect(r.items[1]?.rule).toBe('gold is null');
    // A number is read as its text (it used to be an error, 'model_answer must be a string').
    expect(r.items[2]).toMatchObject({ answer: '7', answerKind: 'text' });
    expect(r.items[3]?.rule).toMatch(/^line 4 is not valid JSON/);
    expect(r.items[4]).toMatchObject({
      id: 'x3',
      rule: 'model_answer is a JSON object, not text',
      answer: null,
    });
    expect(r.items[5]?.rule).toBe('model_answer is a JSON list, not text');
    expect(r.items[6]).toMatchObject({ id: 'x5', answer: null });
  });
});
