import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../../main/services';
import { runsRepo } from '../../../main/db/runs-repo';
import { mcnemarExact } from '../../../shared/stats';
import type { EventPayload, MethodOutput } from '../../../shared/api/contract';
import type { RunVerdict } from '../../../shared/runs/run';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempServices } from '../../support/services';

// Re-grading, reports through the API (output schema checked by the registry), comparing two
// real runs, and imports that stop half-way.

const fm = (model: string) =>
  dataPath('model_outputs', 'financemath_validation', 'processed_cot_outputs', `${model}.json`);
const recorded = (model: string) =>
  new Map(
    (
      JSON.parse(readFileSync(fm(model), 'utf8')) as {
        question_id: string;
        result: { acc: number };
      }[]
    ).map((r) => [r.question_id, r.result.acc === 1]),
  );
const bySorted = (vs: RunVerdict[]) => JSON.stringify([...vs].sort((a, b) => a.itemId - b.itemId));

describe.skipIf(!hasData)('runs: regrade, report, compare, interrupted imports', () => {
  let env: Awaited<ReturnType<typeof tempServices>>;
  let s: Services;
  let gpt4o: number;
  let gpt35: number;
  beforeAll(async () => {
    env = await tempServices();
    s = env.services;
    await s.datasets.importFile('docmath', dataPath('datasets', 'financemath', 'validation.json'));
    gpt4o = (await s.runs.importFile({ format: 'docmath-processed', path: fm('gpt-4o') })).runId;
    gpt35 = (
      await s.runs.importFile({ format: 'docmath-processed', path: fm('gpt-3_5-turbo-0125') })
    ).runId;
  });
  afterAll(() => env?.cleanup());

  it("re-grades one scorer and leaves every other scorer's verdicts as they were", () => {
    const repo = runsRepo(s.workspace.db);
    const before = repo.verdicts(gpt4o);
    const others = (vs: RunVerdict[]) => bySorted(vs.filter((v) => v.scorer !== 'strict'));
    const r = s.runs.regrade(gpt4o, 'strict');
    expect(r).toMatchObject({ items: 200, scorer: { id: 'strict' }, missingQuestions: 0 });
    expect(r.previous).toEqual({ correct: r.correct, accuracy: r.accuracy });
    const after = repo.verdicts(gpt4o);
    expect(others(after)).toBe(others(before));
    expect(after).toHaveLength(600);
    // A new scorer adds its verdicts beside the others.
    const a = s.runs.regrade(gpt4o, 'analyst');
    expect(a.previous).toBeNull();
    expect(repo.verdicts(gpt4o)).toHaveLength(800);
    expect(others(repo.verdicts(gpt4o).filter((v) => v.scorer !== 'analyst'))).toBe(others(before));
    expect(s.runs.get(gpt4o).manifest.scorers.map((x) => x.id)).toEqual([
      'docmath',
      'imported',
      'strict',
      'analyst',
    ]);
  });

  it('re-grades against a revised gold; the report says when the dataset changed', () => {
    const item = runsRepo(s.workspace.db)
      .items(gpt35)
      .find((i) => i.externalId === 'validation-1')!;
    const strictOf = () =>
      runsRepo(s.workspace.db)
        .verdicts(gpt35)
        .find((v) => v.itemId === item.itemId && v.scorer === 'strict')!;
    expect(strictOf().correct).toBe(false);
    // A disputed gold corrected to the model's answer.
    s.workspace.db
      .prepare("UPDATE questions SET gold = json_set(gold, '$.answer', ?) WHERE id = ?")
      .run(Number(item.answer), item.questionId);
    expect(s.runs.report(gpt35).report.datasetChanged).toBe(true);
    s.runs.regrade(gpt35, 'strict');
    expect(strictOf().correct).toBe(true);
    // docmath still holds verdicts on the old gold, so the report still says so.
    expect(s.runs.report(gpt35).report.datasetChanged).toBe(true);
    s.runs.regrade(gpt35, 'docmath');
    expect(s.runs.report(gpt35).report.datasetChanged).toBe(false);
  });

  it("refuses to re-grade with the file's own verdicts or an unknown scorer or run", () => {
    expect(() => s.runs.regrade(gpt4o, 'imported')).toThrow(/come from the file itself/);
    expect(() => s.runs.regrade(gpt4o, 'nope')).toThrow(/unknown scorer "nope"/);
    expect(() => s.runs.regrade(9999, 'strict')).toThrow(/no run #9999/);
  });

  it('answers runs.report through the API in the documented shape', async () => {
    const r = await s.registry.call('runs.report', { runId: gpt4o });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const { report, comparison } = r.value as MethodOutput<'runs.report'>;
    expect(comparison).toBeNull();
    expect(report.runId).toBe(gpt4o);
    expect(report.accuracy.imported).toBe(55);
    expect(Object.keys(report.accuracy).sort()).toEqual([
      'analyst',
      'docmath',
      'imported',
      'strict',
    ]);
    expect(report.intervals.docmath!.bootstrap.low).toBeLessThan(55);
    expect(report.subsets.columns).toHaveLength(7);
    expect(report.items).toHaveLength(200);
    const first = report.items[0]!;
    expect(typeof first.questionId).toBe('number');
    expect(first.externalId).toBe('validation-0');
    for (const key of ['questionId', 'externalId', 'outcome', 'correct', 'rule', 'answer'])
      expect(first).toHaveProperty(key);
    const listed = await s.registry.call('runs.list', {});
    expect(listed.ok).toBe(true);
    const { runs } = (listed.ok ? listed.value : { runs: [] }) as MethodOutput<'runs.list'>;
    expect(runs.map((x) => x.runId)).toEqual([gpt35, gpt4o]);
    const missing = await s.registry.call('runs.report', { runId: 9999 });
    expect(missing.ok ? null : missing.error.code).toBe('not-found');
    const badScorer = await s.registry.call('runs.report', { runId: gpt4o, scorer: 'tatqa' });
    expect(badScorer.ok ? null : badScorer.error.code).toBe('invalid-input');
  });

  it('compares gpt-4o with gpt-3.5 (CoT): McNemar and flips from the official verdicts', () => {
    const { comparison } = s.runs.report(gpt4o, { compareTo: gpt35, scorer: 'imported' });
    const a = recorded('gpt-4o');
    const b = recorded('gpt-3_5-turbo-0125');
    const onlyA = [...a].filter(([id, ok]) => ok && !b.get(id)).map(([id]) => id);
    const onlyB = [...a].filter(([id, ok]) => !ok && b.get(id)).map(([id]) => id);
    expect(comparison).toMatchObject({
      paired: 200,
      onlyA: 0,
      onlyB: 0,
      accuracyA: 55,
      accuracyB: 21.5,
      difference: 33.5,
    });
    expect(comparison!.mcnemar).toEqual({
      aOnly: onlyA.length,
      bOnly: onlyB.length,
      pValue: mcnemarExact(onlyA.length, onlyB.length),
    });
    expect(comparison!.mcnemar.pValue).toBeLessThan(1e-10);
    expect(comparison!.bootstrap.low).toBeGreaterThan(0);
    expect(comparison!.bootstrap.high).toBeLessThan(50);
    expect(
      comparison!.flips
        .filter((f) => f.rightIn === 'a')
        .map((f) => f.externalId)
        .sort(),
    ).toEqual(onlyA.sort());
    expect(
      comparison!.flips
        .filter((f) => f.rightIn === 'b')
        .map((f) => f.externalId)
        .sort(),
    ).toEqual(onlyB.sort());
  });

  it('an import cancelled mid-way keeps its committed batches and shows interrupted', async () => {
    let cancelled = false;
    const off = s.bus.subscribe((name, payload) => {
      if (name !== 'job.progress') return;
      const e = payload as EventPayload<'job.progress'>;
      if (e.kind === 'run' && e.state === 'running' && e.done > 0 && !cancelled) {
        cancelled = true;
        void s.jobs.cancel(e.jobId);
      }
    });
    try {
      await expect(
        s.runs.importFile({
          format: 'docmath-processed',
          path: fm('Mistral-7B-Instruct-v0_3'),
          batchSize: 10,
        }),
      ).rejects.toMatchObject({ code: 'cancelled' });
    } finally {
      off();
    }
    const run = s.runs.list().find((r) => r.model === 'Mistral-7B-Instruct-v0_3')!;
    expect(run.status).toBe('interrupted');
    expect(run.message).toMatch(/import cancelled after \d+ of 200 items/);
    expect(run.done).toBeGreaterThan(0);
    expect(run.done).toBeLessThan(200);
    expect(run.done % 10).toBe(0);
    // Every committed item has all its verdicts: batches are whole.
    expect(runsRepo(s.workspace.db).verdicts(run.runId)).toHaveLength(run.done * 3);
    const { report } = s.runs.report(run.runId);
    expect(report).toMatchObject({
      status: 'interrupted',
      n: run.done,
      unanswered: 200 - run.done,
    });
  });

  it('a run left running by a process that is gone shows as interrupted', () => {
    const id = runsRepo(s.workspace.db).create({
      datasetId: s.datasets.list()[0]!.id,
      source: 'engine',
      model: 'ghost',
      mode: 'cot',
      total: 10,
      manifest: s.runs.get(gpt4o).manifest,
      createdAt: new Date().toISOString(),
    });
    // A pid no process has (Linux pids stay below 2^22).
    s.workspace.db.prepare('UPDATE runs SET pid = ? WHERE id = ?').run(2 ** 22 + 17, id);
    const r = s.runs.list().find((x) => x.runId === id)!;
    expect(r.status).toBe('interrupted');
    expect(r.message).toMatch(/ended before the run did/);
    expect(s.runs.remove(id)).toBe(true);
    expect(s.runs.list().some((x) => x.runId === id)).toBe(false);
  });

  // Last: it removes the dataset the other tests use.
  it('keeps a run whose dataset was removed: listed, reported, not re-gradable', () => {
    const datasetId = s.runs.get(gpt4o).summary.datasetId!;
    expect(s.datasets.remove(datasetId)).toBe(true);
    const run = s.runs.list().find((r) => r.runId === gpt4o)!;
    expect(run).toMatchObject({ datasetId: null, done: 200 });
    const { report } = s.runs.report(gpt4o);
    expect(report.accuracy.imported).toBe(55);
    expect(report.subsets.columns).toEqual(['removed from the dataset']);
    expect(report.items[0]).toMatchObject({ questionId: null, externalId: 'validation-0' });
    expect(() => s.runs.regrade(gpt4o, 'strict')).toThrow(
      /was removed from this workspace; import it again/,
    );
  });
});

if (!hasData) describe('runs', () => it.skip(noDataMessage, () => {}));
