import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionsRepo } from '../../../main/db/sessions-repo';
import { ModelEvidenceItems } from '../../../main/gap/model-evidence-items';
import { gridLayout } from '../../../shared/document/grid-layout';
import type { Document } from '../../../shared/document';
import { runsRepo } from '../../../main/db/runs-repo';
import type { MethodOutput } from '../../../shared/api/contract';
import { evidenceKey, type MarkTarget } from '../../../shared/document/evidence';
import { GapReport } from '../../../shared/gap/gap-report';
import { mcnemarExact } from '../../../shared/stats';
import { runSourceCli } from '../../support/cli';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempServices } from '../../support/services';

type Ctx = Awaited<ReturnType<typeof tempServices>>;

async function call<T = unknown>(ctx: Ctx, method: string, input: unknown): Promise<T> {
  const r = await ctx.services.registry.call(method, input);
  if (!r.ok) throw new Error(`${method}: ${r.error.code}: ${r.error.message}`);
  return r.value as T;
}

// A finished expert session on TAT-QA dev questions against the imported TAT-QA PoT run
// (Program-of-Thoughts outputs): the paired statistics are checked against a count made
// straight from the stored verdicts, and the CLI prints the same report as JSON.
describe.skipIf(!hasData)('gap: expert session vs imported TAT-QA run', () => {
  let ctx: Ctx;
  let sessionId: number;
  let runId: number;
  beforeAll(async () => {
    ctx = await tempServices();
    const s = ctx.services;
    const ds = await s.datasets.importFile(
      'tatqa',
      dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'),
    );
    runId = (
      await s.runs.importFile({
        format: 'tatqa-pot',
        path: dataPath('model_outputs', 'tatqa_dev', 'tatqa_s0_e-1_11_08_11_09.jsonl'),
      })
    ).runId;
    const session = s.sessions.create({
      datasetId: ds.datasetId,
      questionCount: 16,
      seed: 14,
      budgetSeconds: 3600,
      expert: 'Gap tester',
      stratify: 'subset',
    });
    sessionId = session.id;
    const items = runsRepo(s.workspace.db).items(runId);
    const byQuestion = new Map(items.map((it) => [it.questionId, it]));
    // Answers: the gold on the first third, the model's own answer on the next, a wrong number
    // on the rest, and two questions left unanswered (they are not paired).
    session.questionIds.forEach((questionId, k) => {
      if (k >= session.questionIds.length - 2) return;
      const q = s.datasets.question(questionId);
      const gold = Array.isArray(q.gold.answer) ? q.gold.answer[0] : q.gold.answer;
      const model = byQuestion.get(questionId);
      const value =
        k % 3 === 0
          ? String(gold)
          : k % 3 === 1 && model?.answer !== null && model?.answer !== undefined
            ? JSON.stringify(model.answer).replace(/^"|"$/g, '')
            : '987654.321';
      const scale =
        k % 3 === 0 ? (q.scale ?? '') : k % 3 === 1 ? (model?.answerScale ?? q.scale ?? '') : '';
      const marks: MarkTarget[] = q.evidence
        .flatMap((e) => (e.target?.type === 'paragraph' ? [e.target] : []))
        .slice(0, 1);
      marks.push({ type: 'cell', tableId: 't0', sourceRow: 2, sourceCol: 1 });
      const saved = s.sessions.saveAnswer({
        sessionId,
        questionId,
        baseRevision: 0,
        value,
        scale: (['', 'thousand', 'million', 'billion', 'percent'] as const).find(
          (x) => x === scale,
        ),
        evidence: marks,
      });
      expect(saved.status).toBe('saved');
      s.sessions.submit({ sessionId, questionId, baseRevision: 1 });
    });
    s.sessions.finish(sessionId);
  }, 300_000);
  afterAll(() => ctx?.cleanup());

  it('pairs the questions both answered and matches a hand count of the stored verdicts', async () => {
    const report = await call<MethodOutput<'gap.compare'>>(ctx, 'gap.compare', {
      sessionId,
      runId,
    });
    expect(() => GapReport.parse(report)).not.toThrow();
    const s = ctx.services;
    // The hand count: session verdicts (strict) and the run's strict verdicts, by question id.
    const humanVerdicts = new Map(
      sessionsRepo(s.workspace.db)
        .verdicts(sessionId)
        .map((v) => [v.questionId, v.correct]),
    );
    const items = runsRepo(s.workspace.db).items(runId);
    const modelVerdicts = new Map(
      runsRepo(s.workspace.db)
        .verdicts(runId)
        .filter((v) => v.scorer === 'strict')
        .map((v) => [v.itemId, v.correct]),
    );
    const modelByQuestion = new Map(
      items.map((it) => [it.questionId, modelVerdicts.get(it.itemId)]),
    );
    let n = 0;
    let humanRight = 0;
    let modelRight = 0;
    let b = 0;
    let c = 0;
    for (const [questionId, h] of humanVerdicts) {
      const m = modelByQuestion.get(questionId);
      if (m === undefined) continue;
      n++;
      if (h) humanRight++;
      if (m) modelRight++;
      if (h && !m) b++;
      if (!h && m) c++;
    }
    expect(n).toBe(14);
    expect(humanRight).toBeGreaterThan(0);
    expect(humanRight).toBeLessThan(n);
    const all = report.groups[0]!;
    expect(report.scorer).toEqual({ human: 'strict', model: 'strict' });
    expect(report.counts).toMatchObject({ questions: 16, paired: n, humanAnswered: 14 });
    expect(all).toMatchObject({
      by: 'all',
      n,
      human: { correct: humanRight },
      model: { correct: modelRight },
      mcnemar: { humanOnly: b, modelOnly: c },
    });
    expect(all.mcnemar.pValue).toBeCloseTo(mcnemarExact(b, c), 12);
    expect(all.difference).toBeCloseTo((100 * (humanRight - modelRight)) / n, 1);
    expect(all.bootstrap.low).toBeLessThanOrEqual(all.difference);
    expect(all.bootstrap.high).toBeGreaterThanOrEqual(all.difference);
    // Per subset: the TAT-QA answer sources, whose n add up to the paired count.
    const subsets = report.groups.filter((g) => g.by === 'subset');
    expect(subsets.length).toBeGreaterThan(1);
    expect(subsets.reduce((sum, g) => sum + g.n, 0)).toBe(n);
    expect(report.disagreements).toHaveLength(b + c);
    for (const d of report.disagreements) {
      expect(d.human.correct).not.toBe(d.model?.correct);
      expect(d.model?.answer).not.toBeUndefined();
    }
    // Imported PoT: no latency, evidence from the programs' literals; the expert's cell marks
    // lie in the gold table (TAT-QA cites the whole table for table answers).
    expect(report.time.modelTotalSeconds).toBeNull();
    expect(report.overlap.modelSources.literals).toBe(n);
    expect(report.overlap.expertVsGold.units).toBeGreaterThan(0);
    const tableItem = report.items.find(
      (it) => it.paired && it.evidence.gold.includes('t:t0') && it.evidence.model.length > 0,
    );
    expect(tableItem?.evidence.modelInGold).toBeGreaterThan(0);
    expect(tableItem?.evidence.expert).toContain(
      evidenceKey({ type: 'cell', tableId: 't0', sourceRow: 2, sourceCol: 1 }),
    );
    // Same seed, same report.
    const again = await call<MethodOutput<'gap.compare'>>(ctx, 'gap.compare', {
      sessionId,
      runId,
    });
    expect(again.groups).toEqual(report.groups);
  });

  it('finds the cells a JavaScript PoT program read by running it again (trace), literals otherwise', async () => {
    const s = ctx.services;
    const q = s.datasets.question(s.sessions.session(sessionId).questionIds[0]!);
    const documentId = q.documentId!;
    const opened = await s.documents.open(documentId);
    const doc = (JSON.parse(Buffer.from(opened.$jsonBytes).toString('utf8')) as { model: Document })
      .model;
    const layout = gridLayout(doc.tables[0]!);
    // The first two numeric body cells of the context's table, by grid position.
    const numeric: { row: number; col: number; key: string; value: number }[] = [];
    layout.rows.forEach((row, r) =>
      layout.columns.forEach((c, col) => {
        const cell = row.cells[c.field];
        if (cell && cell.value !== null && cell.value !== 0)
          numeric.push({
            row: r,
            col,
            key: `c:t0:${cell.sourceRow}:${cell.sourceCol}`,
            value: cell.value,
          });
      }),
    );
    expect(numeric.length).toBeGreaterThan(1);
    const [a, b] = numeric as [(typeof numeric)[0], (typeof numeric)[0]];
    const units = new ModelEvidenceItems(s.documents);
    try {
      const traced = await units.of(
        {
          program: `function solution() { return cell('t0', ${a.row}, ${a.col}) - cell('t0', ${b.row}, ${b.col}); }`,
        },
        'pot',
        documentId,
      );
      expect(traced.source).toBe('trace');
      expect(
        traced.units.map(
          (u) => `c:${u.type === 'cell' ? `${u.tableId}:${u.sourceRow}:${u.sourceCol}` : ''}`,
        ),
      ).toEqual([a.key, b.key]);
      // The same numbers written as literals (as imported Python PoT programs do).
      const literal = await units.of(
        { program: `x = ${a.value}\ny = ${b.value}\nans = x - y` },
        'pot-python',
        documentId,
      );
      expect(literal.source).toBe('literals');
      expect(literal.units.length).toBeGreaterThan(0);
      const none = await units.of({ program: null }, 'cot', documentId);
      expect(none).toEqual({ units: [], source: 'none' });
    } finally {
      await units.close();
    }
  });

  it('refuses an open session and a run on nothing of the session', async () => {
    const s = ctx.services;
    const open = s.sessions.create({
      datasetId: s.sessions.session(sessionId).datasetId!,
      questionCount: 2,
      seed: 3,
      budgetSeconds: 600,
      expert: 'Still working',
    });
    const r = await s.registry.call('gap.compare', { sessionId: open.id, runId });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/still open/);
  });

  it('workbench gap --format json|md', () => {
    const json = runSourceCli([
      'gap',
      '--session',
      String(sessionId),
      '--run',
      String(runId),
      '--format',
      'json',
      '--workspace',
      ctx.dir,
    ]);
    expect(json.code, json.stderr).toBe(0);
    const report = GapReport.parse(JSON.parse(json.stdout));
    expect(report).toMatchObject({
      sessionId,
      runId,
      expertSignature: 'local',
      counts: { paired: 14 },
    });
    expect(Object.keys(report)).toEqual([
      'sessionId',
      'runId',
      'expert',
      'expertSignature',
      'model',
      'mode',
      'datasetId',
      'datasetName',
      'scorer',
      'counts',
      'seed',
      'iterations',
      'groups',
      'time',
      'disagreements',
      'overlap',
      'items',
      'notes',
    ]);
    const md = runSourceCli([
      'gap',
      '--session',
      String(sessionId),
      '--run',
      String(runId),
      '--workspace',
      ctx.dir,
    ]);
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout).toContain(`# Gap: session #${sessionId}`);
    expect(md.stdout).toMatch(/\| all \| 14 \|/);
    const bad = runSourceCli(['gap', '--session', 'x', '--run', '1', '--workspace', ctx.dir]);
    expect(bad.code).toBe(2);
  });
});

if (!hasData) describe('gap (TAT-QA)', () => it.skip(noDataMessage, () => {}));
