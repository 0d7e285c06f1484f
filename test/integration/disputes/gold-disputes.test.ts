import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MethodOutput } from '../../../shared/api/contract';
import { getScorer } from '../../../shared/grading';
import type { StoredQuestion } from '../../../shared/datasets';
import { runsRepo } from '../../../main/db/runs-repo';
import { sessionsRepo } from '../../../main/db/sessions-repo';
import { gradeWith } from '../../../main/grading/grading-service';
import type { RunItem } from '../../../shared/runs/run';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';

// Gold disputes on real TAT-QA dev with the real Program-of-Thoughts run: a correction to the
// model's answer flips that verdict (and only that one), the original gold stays readable, a
// rejection changes nothing, a re-import keeps the correction, and a finished expert session is
// re-graded too.

type Ctx = Awaited<ReturnType<typeof tempServices>>;
const TATQA = () => dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json');
const POT = () => dataPath('model_outputs', 'tatqa_dev', 'tatqa_s0_e-1_11_08_11_09.jsonl');

async function call<T>(ctx: Ctx, method: string, input: unknown): Promise<T> {
  const r = await ctx.services.registry.call(method, input);
  if (!r.ok) throw new Error(`${method}: ${r.error.code}: ${r.error.message}`);
  return r.value as T;
}

const pct = (k: number, n: number) => Math.round((10000 * k) / n) / 100;

describe.skipIf(!hasData)('gold disputes (TAT-QA dev, real PoT run)', () => {
  let ctx: Ctx;
  let files: ReturnType<typeof tempDir>;
  let datasetId: number;
  let runId: number;
  /** A question the run got wrong whose answer, as gold, the tatqa scorer would accept. */
  let target: { item: RunItem; question: StoredQuestion };

  const verdictsOn = (itemId: number) =>
    runsRepo(ctx.services.workspace.db)
      .verdicts(runId)
      .filter((v) => v.itemId === itemId);
  const tatqaScore = async () => {
    const { report } = await call<MethodOutput<'runs.report'>>(ctx, 'runs.report', { runId });
    return { ...report.scorers.find((s) => s.scorer === 'tatqa')!, stale: report.datasetChanged };
  };

  beforeAll(async () => {
    ctx = await tempServices();
    files = tempDir('workbench-disputes-');
    datasetId = (await ctx.services.datasets.importFile('tatqa', TATQA())).datasetId;
    runId = (await ctx.services.runs.importFile({ format: 'tatqa-pot', path: POT() })).runId;
    const repo = runsRepo(ctx.services.workspace.db);
    const wrong = new Set(
      repo
        .verdicts(runId)
        .filter((v) => v.scorer === 'tatqa' && !v.correct && v.outcome === 'incorrect')
        .map((v) => v.itemId),
    );
    const tatqa = getScorer('tatqa')!;
    for (const item of repo.items(runId)) {
      if (!wrong.has(item.itemId) || item.questionId === null) continue;
      if (typeof item.answer !== 'number' || !Number.isFinite(item.answer)) continue;
      const question = ctx.services.datasets.question(item.questionId);
      const corrected = { ...question, gold: { answer: item.answer } };
      if (gradeWith(tatqa, 'tatqa', corrected, item).correct) {
        target = { item, question };
        break;
      }
    }
    expect(target).toBeDefined();
  }, 180_000);
  afterAll(() => {
    ctx?.cleanup();
    files?.cleanup();
  });

  it('rejecting a dispute changes no gold and no verdict', async () => {
    const before = JSON.stringify(runsRepo(ctx.services.workspace.db).verdicts(runId));
    const { dispute } = await call<MethodOutput<'disputes.raise'>>(ctx, 'disputes.raise', {
      questionId: target.question.id,
      answer: 123456789,
      reason: 'a wrong guess',
      raisedBy: 'Reviewer A',
    });
    expect(dispute).toMatchObject({ status: 'open', raisedBy: 'Reviewer A', datasetId });
    const r = await call<MethodOutput<'disputes.decide'>>(ctx, 'disputes.decide', {
      disputeId: dispute.id,
      decision: 'reject',
      note: 'the filing says otherwise',
    });
    expect(r.regrade).toBeNull();
    expect(r.dispute).toMatchObject({
      status: 'rejected',
      decisionNote: 'the filing says otherwise',
    });
    expect(JSON.stringify(runsRepo(ctx.services.workspace.db).verdicts(runId))).toBe(before);
    expect(ctx.services.datasets.question(target.question.id).gold).toEqual(target.question.gold);
    const again = await ctx.services.registry.call('disputes.decide', {
      disputeId: dispute.id,
      decision: 'accept',
    });
    expect(again).toMatchObject({ ok: false, error: { code: 'unsupported' } });
  });

  it("accepting the run's answer as gold flips that verdict; accuracy moves by 1/n", async () => {
    const { item, question } = target;
    const before = await tatqaScore();
    expect(before.stale).toBe(false);
    const others = JSON.stringify(
      runsRepo(ctx.services.workspace.db)
        .verdicts(runId)
        .filter((v) => v.itemId !== item.itemId),
    );
    expect(verdictsOn(item.itemId).find((v) => v.scorer === 'tatqa')!.correct).toBe(false);

    const { dispute } = await call<MethodOutput<'disputes.raise'>>(ctx, 'disputes.raise', {
      questionId: question.id,
      answer: item.answer as number,
      reason: 'the table gives this figure',
      raisedBy: 'Expert B',
    });
    const open = await call<MethodOutput<'disputes.list'>>(ctx, 'disputes.list', {
      status: 'open',
      datasetId,
    });
    expect(open.disputes.map((d) => d.id)).toEqual([dispute.id]);

    const r = await call<MethodOutput<'disputes.decide'>>(ctx, 'disputes.decide', {
      disputeId: dispute.id,
      decision: 'accept',
      decidedBy: 'Lead reviewer',
    });
    expect(r.dispute).toMatchObject({ status: 'accepted', decidedBy: 'Lead reviewer' });
    expect(r.regrade).toMatchObject({ questionId: question.id, version: 1, runsTouched: 1 });
    expect(r.regrade!.runs[0]).toMatchObject({ runId });
    expect(r.regrade!.runs[0]!.flipped).toBeGreaterThanOrEqual(1);
    expect(verdictsOn(item.itemId).find((v) => v.scorer === 'tatqa')!.correct).toBe(true);
    // Every other item's verdicts are byte for byte what they were.
    expect(
      JSON.stringify(
        runsRepo(ctx.services.workspace.db)
          .verdicts(runId)
          .filter((v) => v.itemId !== item.itemId),
      ),
    ).toBe(others);

    const after = await tatqaScore();
    expect(after.n).toBe(before.n);
    expect(after.correct).toBe(before.correct + 1);
    expect(after.accuracy).toBe(pct(before.correct + 1, before.n));
    // Graded against the corrected dataset: the report does not call the run stale.
    expect(after.stale).toBe(false);

    // questions.get: the current gold, the original beside it, the history.
    const got = await call<MethodOutput<'questions.get'>>(ctx, 'questions.get', {
      id: question.id,
    });
    expect(got.question.gold.answer).toBe(item.answer);
    expect(got.goldHistory).toMatchObject({
      currentSource: 'dispute',
      original: question.gold,
      datasetChangedSinceCorrection: false,
    });
    expect(got.goldHistory!.versions.map((v) => [v.version, v.source])).toEqual([
      [0, 'dataset'],
      [1, 'dispute'],
    ]);
    expect(got.goldHistory!.disputes.map((d) => d.status)).toEqual(['rejected', 'accepted']);
    // Grading reads the same gold everywhere: the dataset's stored questions and a re-grade.
    expect(
      ctx.services.datasets.storedQuestions(datasetId).find((q) => q.id === question.id)!.gold
        .answer,
    ).toBe(item.answer);
    const regraded = ctx.services.runs.regrade(runId, 'tatqa');
    expect(regraded.correct).toBe(after.correct);
  });

  it('a re-import with a changed gold keeps the accepted correction and says so', async () => {
    const { item, question } = target;
    const raw = JSON.parse(readFileSync(TATQA(), 'utf8')) as {
      questions: { uid: string; answer: unknown }[];
    }[];
    const other = ctx.services.datasets
      .storedQuestions(datasetId)
      .find((q) => q.id !== question.id && typeof q.gold.answer === 'number')!;
    for (const rec of raw)
      for (const q of rec.questions) {
        if (q.uid === question.externalId) q.answer = 987654;
        if (q.uid === other.externalId) q.answer = 42424242;
      }
    const changed = join(files.dir, 'tatqa_dataset_dev.json');
    writeFileSync(changed, JSON.stringify(raw));
    const stored = await ctx.services.datasets.importFile('tatqa', changed);
    expect(stored.datasetId).toBe(datasetId);
    expect(stored.questionChanges.changed).toBe(2);

    const history = ctx.services.disputes.history(question.id);
    expect(history.current.answer).toBe(item.answer);
    expect(history.currentSource).toBe('dispute');
    expect(history.datasetChangedSinceCorrection).toBe(true);
    expect(history.original).toEqual(question.gold);
    expect(history.versions.map((v) => [v.version, v.source, v.gold.answer])).toEqual([
      [0, 'dataset', question.gold.answer],
      [1, 'dispute', item.answer],
      [2, 'dataset', 987654],
    ]);
    // A question without a correction takes the dataset's new gold; its old one is kept.
    const otherHistory = ctx.services.disputes.history(other.id);
    expect(otherHistory.current.answer).toBe(42424242);
    expect(otherHistory.original.answer).toBe(other.gold.answer);
    expect(otherHistory.versions.map((v) => v.source)).toEqual(['dataset', 'dataset']);

    // Importing the original file again: the correction still stands.
    await ctx.services.datasets.importFile('tatqa', TATQA());
    expect(ctx.services.datasets.question(question.id).gold.answer).toBe(item.answer);
    expect(ctx.services.disputes.history(question.id).versions).toHaveLength(4);
  });

  it('re-grades a finished expert session; open sessions never show gold', async () => {
    const created = await call<MethodOutput<'sessions.create'>>(ctx, 'sessions.create', {
      datasetId,
      questionCount: 3,
      seed: 5,
      budgetSeconds: 3600,
      expert: 'CFA one',
    });
    const sessionId = created.sessionId;
    const q = ctx.services.datasets.question(created.session.questionIds[0]!);
    const percent = q.scale === 'percent';
    await call(ctx, 'sessions.event', { sessionId, type: 'start' });
    await call(ctx, 'sessions.saveAnswer', {
      sessionId,
      questionId: q.id,
      baseRevision: 0,
      value: '4242.42',
      unit: percent ? '%' : '',
      scale: q.scale ?? '',
    });
    await call(ctx, 'sessions.submit', { sessionId, questionId: q.id, baseRevision: 1 });
    // A second expert on the same questions, still working.
    const second = await call<MethodOutput<'sessions.create'>>(ctx, 'sessions.create', {
      datasetId,
      questionCount: 3,
      seed: 6,
      budgetSeconds: 3600,
      expert: 'CFA two',
      sameQuestionsAs: sessionId,
    });
    await call(ctx, 'sessions.finish', { sessionId });
    const verdictOf = () =>
      sessionsRepo(ctx.services.workspace.db)
        .verdicts(sessionId)
        .find((v) => v.questionId === q.id)!;
    expect(verdictOf().correct).toBe(false);

    const { dispute } = await call<MethodOutput<'disputes.raise'>>(ctx, 'disputes.raise', {
      questionId: q.id,
      answer: 4242.42,
      reason: "the expert's reading of the table",
    });
    const r = await call<MethodOutput<'disputes.decide'>>(ctx, 'disputes.decide', {
      disputeId: dispute.id,
      decision: 'accept',
    });
    expect(r.regrade!.sessions).toEqual([{ sessionId, verdicts: 1, flipped: 1 }]);
    expect(r.regrade!.sessionsTouched).toBe(1);
    expect(verdictOf().correct).toBe(true);
    const results = await call<MethodOutput<'sessions.results'>>(ctx, 'sessions.results', {
      sessionId,
    });
    expect(results.items.find((i) => i.questionId === q.id)!.gold).toContain('4242.42');

    // The open session's screen data: no gold, no correction.
    const open = JSON.stringify(await call(ctx, 'sessions.get', { sessionId: second.sessionId }));
    expect(open).not.toContain('"gold"');
    expect(open).not.toContain('4242.42');
  });
});

if (!hasData) describe('gold disputes', () => it.skip(noDataMessage, () => undefined));
