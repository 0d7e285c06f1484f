import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runsRepo } from '../../../main/db/runs-repo';
import { sessionsRepo } from '../../../main/db/sessions-repo';
import {
  gradeAnswer,
  goldVersion,
  runScorers,
  type GradedVerdict,
} from '../../../main/grading/grading-service';
import type { Services } from '../../../main/services';
import type { MethodOutput } from '../../../shared/api/contract';
import type { StoredQuestion } from '../../../shared/datasets';
import { defaultScorerId } from '../../../shared/grading/default-scorers';
import type { DatasetFormat } from '../../../shared/document/dataset-format';
import { runSourceCli } from '../../support/cli';
import { hasData, noDataMessage } from '../../support/data-dir';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../support/openai-test-server';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';
import { lastUser } from '../runs/engine-support';
import {
  answerText,
  FIXTURES,
  FORMATS,
  importFixtureDatasets,
  key,
  type VerdictFixture,
} from './one-verdict-fixtures';

// Issue 22, "One verdict everywhere": one fixed set of answers to real questions of five
// benchmark formats goes through every path that grades (the Ask panel, the run engine,
// import-run, `workbench grade --dataset`, an expert session, the gap view, a re-grade after
// a gold dispute and a re-grade of stale verdicts), in one real SQLite workspace, and every
// path gives every answer the same verdict: outcome, scorer id and rule (and the scorer and
// gold versions it records).

/** What must be identical across paths. */
interface Sig {
  outcome: string;
  scorer: string;
  rule: string;
}
const sig = (v: Sig): Sig => ({ outcome: v.outcome, scorer: v.scorer, rule: v.rule });

type Datasets = Awaited<ReturnType<typeof importFixtureDatasets>>;

describe.skipIf(!hasData)('one verdict everywhere: every grading path, one answer set', () => {
  let env: Awaited<ReturnType<typeof tempServices>>;
  let s: Services;
  let server: OpenAiTestServer;
  let datasets: Datasets;
  const files = tempDir('one-verdict-');
  /** The grading service's verdicts on each fixture: every scorer a run grades with. */
  const reference = new Map<string, GradedVerdict[]>();
  const question = (f: VerdictFixture): StoredQuestion =>
    datasets.get(f.format)!.questions.get(f.id)!;
  const ofFormat = (format: DatasetFormat) => FIXTURES.filter((f) => f.format === format);
  /** The default scorer's reference verdict of a fixture. */
  const expected = (f: VerdictFixture) =>
    reference.get(key(f))!.find((v) => v.scorer === defaultScorerId(f.format))!;
  const importRuns = new Map<DatasetFormat, number>();
  const engineRuns = new Map<DatasetFormat, number>();
  const sessions = new Map<DatasetFormat, number>();

  /** A run's verdicts on the fixtures, by fixture and scorer. */
  const runVerdicts = (format: DatasetFormat, runId: number) => {
    const repo = runsRepo(s.workspace.db);
    const items = new Map(repo.items(runId).map((it) => [it.itemId, it.externalId]));
    return repo
      .verdicts(runId)
      .filter((v) => ofFormat(format).some((f) => f.id === items.get(v.itemId)))
      .map((v) => ({ key: key({ format, id: items.get(v.itemId)! }), v }));
  };
  const expectRunMatches = (format: DatasetFormat, runId: number) => {
    const got = runVerdicts(format, runId);
    for (const f of ofFormat(format))
      for (const ref of reference.get(key(f))!) {
        const v = got.find((g) => g.key === key(f) && g.v.scorer === ref.scorer)?.v;
        expect(v && sig(v), `run #${runId} ${key(f)} ${ref.scorer}`).toEqual(sig(ref));
        expect(v?.scorerVersion).toBe(ref.scorerVersion);
        expect(v?.goldVersion).toBe(ref.goldVersion);
      }
  };
  const expectSessionMatches = (format: DatasetFormat) => {
    const sessionId = sessions.get(format)!;
    const verdicts = new Map(
      sessionsRepo(s.workspace.db)
        .verdicts(sessionId)
        .map((v) => [v.questionId, v]),
    );
    for (const f of ofFormat(format)) {
      const v = verdicts.get(question(f).id);
      expect(v && sig(v), `session #${sessionId} ${key(f)}`).toEqual(sig(expected(f)));
      expect(v?.scorerVersion).toBe(expected(f).scorerVersion);
      expect(v?.goldVersion).toBe(expected(f).goldVersion);
    }
  };

  beforeAll(async () => {
    env = await tempServices();
    s = env.services;
    datasets = await importFixtureDatasets(s, files.dir);
    for (const f of FIXTURES)
      reference.set(
        key(f),
        gradeAnswer(
          f.format,
          question(f),
          { answer: answerText(f), answerKind: 'text', answerScale: null },
          runScorers(f.format),
        ),
      );
    // The model answers each fixture question with the fixture's answer, anything else with
    // a line that states no value.
    server = await startOpenAiTestServer({
      replies: [
        {
          match: /./,
          reply: (req) => {
            const user = lastUser(req);
            const f = FIXTURES.find((x) => user.includes(question(x).question));
            return f ? answerText(f) : 'I do not know.';
          },
        },
      ],
    });
  }, 300_000);

  afterAll(async () => {
    await server?.close();
    env?.cleanup();
    files.cleanup();
  });

  it('the answer set is what it claims: each default verdict has its pinned outcome', () => {
    expect(new Set(FIXTURES.map((f) => f.format))).toEqual(new Set(FORMATS));
    for (const f of FIXTURES) expect(expected(f).outcome, key(f)).toBe(f.outcome);
    // TableQuest and FinanceBench are graded by analyst, the others by strict with their
    // official scorer's port beside it.
    expect(FORMATS.map((f) => runScorers(f).map((x) => x.id))).toEqual([
      ['tatqa', 'strict'],
      ['finqa', 'strict'],
      ['docmath', 'strict'],
      ['analyst'],
      ['analyst'],
    ]);
  });

  it('Ask: each question asked in the Ask panel gets the default verdict', async () => {
    for (const f of FIXTURES) {
      const r = await s.ask.run({
        provider: { baseUrl: server.baseUrl },
        model: 'test-chat',
        mode: 'direct',
        questionId: question(f).id,
      });
      expect(r.output.trim(), key(f)).toBe(answerText(f));
      expect(r.grade && sig(r.grade), key(f)).toEqual(sig(expected(f)));
      expect(r.grade?.scorerVersion).toBe(expected(f).scorerVersion);
      expect(r.grade?.goldVersion).toBe(expected(f).goldVersion);
    }
  }, 300_000);

  it('run engine: a direct run over each dataset gives every scorer the same verdicts', async () => {
    const engine = s.engine;
    for (const format of FORMATS) {
      const handle = engine.start({
        datasetId: datasets.get(format)!.datasetId,
        provider: { baseUrl: server.baseUrl },
        model: 'test-chat',
        mode: 'direct',
        concurrency: 2,
      });
      const last = await handle.finished;
      expect(last.status, format).toBe('done');
      engineRuns.set(format, handle.runId);
      expectRunMatches(format, handle.runId);
    }
  }, 600_000);

  it('import-run: the answers as a JSONL prediction file', async () => {
    for (const format of FORMATS) {
      const file = join(files.dir, `${format}-answers.jsonl`);
      writeFileSync(
        file,
        ofFormat(format)
          .map((f) => JSON.stringify({ id: f.id, output: answerText(f) }))
          .join('\n'),
      );
      const r = await s.runs.importFile({
        format: 'jsonl',
        path: file,
        datasetId: datasets.get(format)!.datasetId,
      });
      expect(r.matched).toBe(ofFormat(format).length);
      importRuns.set(format, r.runId);
      expectRunMatches(format, r.runId);
      // The report headlines the default scorer, and its Method list says so.
      const { report } = s.runs.report(r.runId);
      expect(report.scorer).toBe(defaultScorerId(format));
      expect(report.method.defaults.scorer).toBe(defaultScorerId(format));
      expect(report.method.scorers.find((m) => m.role === 'default')?.id).toBe(
        defaultScorerId(format),
      );
    }
  }, 300_000);

  it('workbench grade --dataset: the same file graded from the command line', () => {
    for (const format of FORMATS) {
      const r = runSourceCli([
        'grade',
        '--format',
        'jsonl',
        '--predictions',
        join(files.dir, `${format}-answers.jsonl`),
        '--dataset',
        String(datasets.get(format)!.datasetId),
        '--workspace',
        env.dir,
        '--json',
      ]);
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as {
        scorer: { id: string; version: string };
        items: { id: string; outcome: string; rule: string }[];
      };
      expect(out.scorer.id, format).toBe(defaultScorerId(format));
      for (const f of ofFormat(format)) {
        const item = out.items.find((i) => i.id === f.id);
        expect(item && { ...sig({ ...item, scorer: out.scorer.id }) }, key(f)).toEqual(
          sig(expected(f)),
        );
        expect(out.scorer.version).toBe(expected(f).scorerVersion);
      }
    }
  }, 300_000);

  it('session: an expert typing the same answers gets the same verdicts', () => {
    for (const format of FORMATS) {
      const { datasetId, questions } = datasets.get(format)!;
      const session = s.sessions.create({
        datasetId,
        questionCount: questions.size,
        seed: 22,
        budgetSeconds: 3600,
        expert: 'One verdict',
      });
      for (const f of ofFormat(format)) {
        const questionId = question(f).id;
        const saved = s.sessions.saveAnswer({
          sessionId: session.id,
          questionId,
          baseRevision: 0,
          value: f.value,
          unit: f.unit ?? '',
          scale: f.scale ?? '',
        });
        expect(saved.status).toBe('saved');
        s.sessions.submit({ sessionId: session.id, questionId, baseRevision: 1 });
      }
      s.sessions.finish(session.id);
      sessions.set(format, session.id);
      expect(s.sessions.results(session.id).scorer).toBe(defaultScorerId(format));
      expectSessionMatches(format);
    }
  });

  it('gap: each session against the imported run compares like with like, no disagreement', async () => {
    for (const format of FORMATS) {
      const r = await s.registry.call('gap.compare', {
        sessionId: sessions.get(format)!,
        runId: importRuns.get(format)!,
      });
      if (!r.ok) throw new Error(`${format}: ${r.error.message}`);
      const report = r.value as MethodOutput<'gap.compare'>;
      const def = defaultScorerId(format);
      expect(report.scorer, format).toEqual({ human: def, model: def });
      expect(report.notes.join(' ')).not.toMatch(/differ/);
      const all = report.groups[0]!;
      const correct = ofFormat(format).filter((f) => expected(f).correct).length;
      expect(all).toMatchObject({
        n: ofFormat(format).length,
        human: { correct },
        model: { correct },
      });
      expect(report.disagreements, format).toEqual([]);
      // Every paired question: both sides' verdict is the reference verdict.
      for (const f of ofFormat(format)) {
        const item = report.items.find((i) => i.externalId === f.id)!;
        const want = { correct: expected(f).correct, rule: expected(f).rule };
        expect(item.paired, key(f)).toBe(true);
        expect({ correct: item.human.correct, rule: item.human.rule }, key(f)).toEqual(want);
        expect({ correct: item.model?.correct, rule: item.model?.rule }, key(f)).toEqual(want);
      }
    }
  });

  it('gap --scorer: another of the run’s scorers grades the expert too', async () => {
    const r = await s.registry.call('gap.compare', {
      sessionId: sessions.get('tatqa')!,
      runId: importRuns.get('tatqa')!,
      scorer: 'tatqa',
    });
    if (!r.ok) throw new Error(r.error.message);
    const report = r.value as MethodOutput<'gap.compare'>;
    expect(report.scorer).toEqual({ human: 'tatqa', model: 'tatqa' });
    for (const f of ofFormat('tatqa')) {
      const item = report.items.find((i) => i.externalId === f.id)!;
      const want = reference.get(key(f))!.find((v) => v.scorer === 'tatqa')!;
      expect({ correct: item.human.correct, rule: item.human.rule }, key(f)).toEqual({
        correct: want.correct,
        rule: want.rule,
      });
      expect(item.model?.rule, key(f)).toBe(want.rule);
    }
  });

  it('TableQuest: the session and the run are graded by analyst and the gap compares them', async () => {
    const report = (await s.registry.call('gap.compare', {
      sessionId: sessions.get('tablequest')!,
      runId: engineRuns.get('tablequest')!,
    })) as { ok: true; value: MethodOutput<'gap.compare'> };
    expect(report.ok).toBe(true);
    expect(report.value.scorer).toEqual({ human: 'analyst', model: 'analyst' });
    expect(report.value.notes.join(' ')).not.toMatch(/rules differ/);
    expect(report.value.groups[0]!.n).toBe(ofFormat('tablequest').length);
  });

  it('regrade after a dispute: a corrected gold, then the original back, gives the same verdicts', () => {
    for (const f of FIXTURES) {
      const q = question(f);
      const wrong = s.disputes.raise({
        questionId: q.id,
        answer: '987654321',
        reason: 'a wrong correction',
      });
      const first = s.disputes.decide({ disputeId: wrong.id, decision: 'accept' });
      expect(first.regrade?.runsTouched, key(f)).toBeGreaterThanOrEqual(2);
      const moved = s.datasets.question(q.id);
      expect(goldVersion(moved, f.format)).not.toBe(expected(f).goldVersion);
      const back = s.disputes.raise({
        questionId: q.id,
        answer: q.gold.answer!,
        reason: 'the dataset was right',
      });
      s.disputes.decide({ disputeId: back.id, decision: 'accept' });
      expect(goldVersion(s.datasets.question(q.id), f.format)).toBe(expected(f).goldVersion);
    }
    for (const format of FORMATS) {
      expectRunMatches(format, importRuns.get(format)!);
      expectRunMatches(format, engineRuns.get(format)!);
      expectSessionMatches(format);
    }
  });

  it('regrade --stale: verdicts of an older scorer version or gold are graded again, the same', () => {
    const db = s.workspace.db;
    // Verdicts from before gold versions were recorded, and of a scorer version since bumped.
    db.prepare('UPDATE run_verdicts SET gold_version = NULL').run();
    db.prepare("UPDATE session_verdicts SET scorer_version = 'old-0'").run();
    const cli = runSourceCli(['regrade', '--stale', '--workspace', env.dir, '--json']);
    expect(cli.code, cli.stderr).toBe(0);
    const out = JSON.parse(cli.stdout) as {
      runs: { runId: number; verdicts: number; skipped: string | null }[];
      sessions: { sessionId: number }[];
    };
    expect(out.runs.filter((r) => r.verdicts > 0).length).toBe(importRuns.size + engineRuns.size);
    expect(out.runs.every((r) => r.skipped === null)).toBe(true);
    expect(out.sessions.length).toBe(sessions.size);
    for (const format of FORMATS) {
      expectRunMatches(format, importRuns.get(format)!);
      expectRunMatches(format, engineRuns.get(format)!);
      expectSessionMatches(format);
    }
    // Caught up: nothing is stale any more.
    expect(s.runs.regradeStale().every((r) => r.verdicts === 0)).toBe(true);
    expect(s.sessions.regradeStale()).toEqual([]);
  });

  it('the gap catches up sides graded against other golds before comparing, and says so', async () => {
    // Was a refusal ("catch up with workbench regrade --stale"): a user who opened the gap on a
    // workspace from before gold versions were recorded got no gap at all. Re-grading stored
    // answers needs no model, so the gap does it and notes it.
    const sessionId = sessions.get('docmath')!;
    const runId = importRuns.get('docmath')!;
    s.workspace.db
      .prepare(
        "UPDATE session_verdicts SET gold_version = 'g1-0000000000000000' WHERE session_id = ?",
      )
      .run(sessionId);
    const r = await s.registry.call('gap.compare', { sessionId, runId });
    expect(r.ok, JSON.stringify(!r.ok && r.error)).toBe(true);
    if (!r.ok) return;
    const { notes } = r.value as { notes: string[] };
    expect(notes.join('\n')).toMatch(
      new RegExp(
        `re-graded with the current scorer and gold before comparing: \\d+ verdicts of session #${sessionId}`,
      ),
    );
    // Caught up for good: nothing stale is left, and the next gap has no such note.
    expect(s.sessions.regradeStale()).toEqual([]);
    const again = await s.registry.call('gap.compare', { sessionId, runId });
    expect(again.ok && (again.value as { notes: string[] }).notes.join('\n')).not.toMatch(
      /re-graded/,
    );
  });

  it('the gap refuses a run without the session’s scorer, and catches up one graded by another version of it', async () => {
    const sessionId = sessions.get('tatqa')!;
    const only = await s.runs.importFile({
      format: 'jsonl',
      path: join(files.dir, 'tatqa-answers.jsonl'),
      datasetId: datasets.get('tatqa')!.datasetId,
      scorers: ['tatqa'],
    });
    const missing = await s.registry.call('gap.compare', { sessionId, runId: only.runId });
    expect(!missing.ok && missing.error.message).toBe(
      `run #${only.runId} has no verdicts of strict, the scorer session #${sessionId} is graded by (the TAT-QA default): re-grade it with \`workbench regrade ${only.runId} --scorer strict\` to compare (it has tatqa)`,
    );
    const runId = importRuns.get('tatqa')!;
    s.workspace.db
      .prepare(
        "UPDATE run_verdicts SET scorer_version = 'strict-0' WHERE run_id = ? AND scorer = 'strict'",
      )
      .run(runId);
    // An older scorer version in the run: caught up by the gap itself (no model calls), noted.
    const older = await s.registry.call('gap.compare', { sessionId, runId });
    expect(older.ok).toBe(true);
    expect(older.ok && (older.value as { notes: string[] }).notes.join('\n')).toMatch(
      new RegExp(`${ofFormat('tatqa').length} verdicts of run #${runId}`),
    );
    expect(s.runs.regradeStale([runId])[0]!.verdicts).toBe(0);
  });
});

if (!hasData) describe('one verdict everywhere', () => it.skip(noDataMessage, () => undefined));
