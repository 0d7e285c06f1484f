import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../../main/services';
import { runsRepo } from '../../../main/db/runs-repo';
import { WorkbenchError } from '../../../shared/api/result';
import type { MarkTarget } from '../../../shared/document/evidence';
import type { Session } from '../../../shared/sessions/session';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';
import { exportTo, parseCsv, readTranscripts } from './export-support';

// A finished expert session on TAT-QA dev, made through the sessions service as the session
// screen makes it (answers with evidence marks, submits, one question left unanswered), then
// exported in every format that fits it.

const NOTES = 'checked the table </pre><script>window.__pwned=1</script>';

describe.skipIf(!hasData)('export of a finished session', () => {
  let env: Awaited<ReturnType<typeof tempServices>>;
  let s: Services;
  let out: ReturnType<typeof tempDir>;
  let session: Session;
  let marked = 0;
  beforeAll(async () => {
    env = await tempServices();
    s = env.services;
    out = tempDir('workbench-export-session-');
    const { datasetId } = await s.datasets.importFile(
      'tatqa',
      dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'),
    );
    session = s.sessions.create({
      datasetId,
      questionCount: 5,
      seed: 14,
      budgetSeconds: 3600,
      expert: 'Expert <A>',
    });
    s.sessions.event({ sessionId: session.id, type: 'start' });
    for (const [i, questionId] of session.questionIds.entries()) {
      if (i === 4) break; // the last question stays unanswered
      s.sessions.event({ sessionId: session.id, type: 'focus', questionId });
      const q = s.datasets.question(questionId);
      const gold = q.gold.answer;
      // Two gold answers as the dataset gives them, two wrong ones.
      const value =
        i < 2 ? (Array.isArray(gold) ? gold.join(', ') : String(gold)) : i === 2 ? '-12.5' : '7';
      const evidence = q.evidence.flatMap((e): MarkTarget[] =>
        e.target && (e.target.type === 'cell' || e.target.type === 'paragraph') ? [e.target] : [],
      );
      marked += evidence.length;
      const saved = s.sessions.saveAnswer({
        sessionId: session.id,
        questionId,
        baseRevision: 0,
        value,
        scale: i < 2 && q.scale !== null ? q.scale : '',
        notes: NOTES,
        confidence: 4,
        evidence,
      });
      if (saved.status !== 'saved') throw new Error('save refused');
      const sub = s.sessions.submit({ sessionId: session.id, questionId, baseRevision: 1 });
      if (sub.status !== 'saved') throw new Error('submit refused');
    }
  }, 120_000);
  afterAll(() => {
    env?.cleanup();
    out?.cleanup();
  });

  it('refuses an open session: its transcript carries gold and the expert is still blinded', async () => {
    const path = join(out.dir, 'open.jsonl');
    await expect(exportTo(s, { kind: 'session', id: session.id }, 'jsonl', path)).rejects.toThrow(
      /still open/,
    );
    expect(existsSync(path)).toBe(false);
    s.sessions.finish(session.id);
  });

  it('JSONL: the expert answer, marks and active time per question, with the verdicts', async () => {
    const path = join(out.dir, 'session.jsonl');
    const r = await exportTo(s, { kind: 'session', id: session.id }, 'jsonl', path);
    expect(r).toMatchObject({ target: `session:${session.id}`, items: 5 });
    const lines = readTranscripts(path);
    const results = s.sessions.results(session.id);
    expect(lines.map((l) => l.questionId)).toEqual(session.questionIds);
    expect(lines.map((l) => l.human!.activeSeconds)).toEqual(
      results.items.map((i) => i.activeSeconds),
    );
    expect(lines[0]).toMatchObject({
      source: { kind: 'session', id: session.id, by: 'Expert <A>', mode: null },
      itemId: null,
      human: { expert: 'Expert <A>', notes: NOTES, confidence: 4, submitted: true },
      reviewerOverrides: [],
    });
    expect(lines.reduce((n, l) => n + l.human!.evidence.length, 0)).toBe(marked);
    expect(lines.map((l) => l.verdicts.length)).toEqual([1, 1, 1, 1, 0]);
    expect(lines[4]).toMatchObject({ answer: null, human: { submitted: false, value: '' } });
    expect(lines.map((l) => l.verdicts[0]?.correct ?? null)).toEqual(
      results.items.map((i) => i.verdict?.correct ?? null),
    );
  });

  it('JSONL round trip: the session re-imports as a run graded to the same verdicts', async () => {
    const path = join(out.dir, 'session-rt.jsonl');
    await exportTo(s, { kind: 'session', id: session.id }, 'jsonl', path);
    const back = await s.runs.importFile({ format: 'jsonl', path, scorers: ['strict'] });
    expect(back.matched).toBe(5);
    expect(s.runs.get(back.runId).summary.model).toBe('Expert <A>');
    const repo = runsRepo(s.workspace.db);
    const ext = new Map(repo.items(back.runId).map((i) => [i.itemId, i.externalId]));
    const run = new Map(repo.verdicts(back.runId).map((v) => [ext.get(v.itemId), v]));
    const graded = s.sessions.results(session.id).items.filter((i) => i.verdict !== null);
    expect(graded).toHaveLength(4);
    for (const it of graded) {
      const v = run.get(it.externalId)!;
      const h = it.verdict!;
      expect([v.scorer, v.scorerVersion, v.correct, v.score, v.outcome, v.rule]).toEqual([
        h.scorer,
        h.scorerVersion,
        h.correct,
        h.score,
        h.outcome,
        h.rule,
      ]);
      expect([v.predNormalized, v.goldNormalized]).toEqual([h.predNormalized, h.goldNormalized]);
    }
  });

  it('CSV, TAT-QA and HTML; CodaLab refused (not a DocMath-Eval dataset)', async () => {
    const csv = join(out.dir, 'session.csv');
    await exportTo(s, { kind: 'session', id: session.id }, 'csv', csv);
    const rows = parseCsv(readFileSync(csv, 'utf8'));
    expect(rows).toHaveLength(6);
    const results = s.sessions.results(session.id);
    expect(rows.slice(1).map((r) => Number(r[12]))).toEqual(
      results.items.map((i) => i.activeSeconds),
    );
    expect(rows[1]![6]).toBe('strict');

    const tq = join(out.dir, 'session-tatqa.json');
    await exportTo(s, { kind: 'session', id: session.id }, 'tatqa', tq);
    const pred = JSON.parse(readFileSync(tq, 'utf8')) as Record<string, [unknown, string]>;
    expect(Object.keys(pred)).toEqual(results.items.map((i) => i.externalId));
    expect(Object.values(pred).at(-1)).toEqual(['', '']);

    const err = await exportTo(
      s,
      { kind: 'session', id: session.id },
      'codalab',
      join(out.dir, 'c.json'),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkbenchError);

    const html = join(out.dir, 'session.html');
    await exportTo(s, { kind: 'session', id: session.id }, 'html', html);
    const text = readFileSync(html, 'utf8');
    expect(text).toContain('Expert answer');
    expect(text).toContain('Expert &lt;A&gt;');
    expect(text).not.toMatch(/<script/i);
    expect(text).toContain('checked the table &lt;/pre&gt;&lt;script&gt;');
    expect(marked).toBeGreaterThan(0);
    expect(text).toMatch(/class="[^"]*ev-e/);
    expect(text).toContain('Active time');
  });

  it('HTML and results: the Method list a run report shows (scorer, version, gold versions, default row, stale)', async () => {
    const results = s.sessions.results(session.id);
    const graded = results.items.flatMap((i) => (i.verdict ? [i.verdict] : []));
    expect(graded).toHaveLength(4);
    const golds = [...new Set(graded.map((v) => v.goldVersion))];
    // A gold version hashes what the scorer reads of its question: one per question.
    expect(golds).toHaveLength(4);
    expect(golds.every((g) => typeof g === 'string' && /^g1-[0-9a-f]{16}$/.test(g))).toBe(true);
    expect(results.method.defaults).toMatchObject({ format: 'tatqa', scorer: 'strict' });
    expect(results.method.scorers).toEqual([
      {
        id: 'strict',
        version: graded[0]!.scorerVersion,
        role: 'default',
        gradedAgainst: null,
        goldVersions: golds,
        verdicts: 4,
        stale: 0,
      },
    ]);

    const html = join(out.dir, 'session-method.html');
    await exportTo(s, { kind: 'session', id: session.id }, 'html', html);
    const text = readFileSync(html, 'utf8');
    expect(text).toContain('<h2>Method</h2>');
    expect(text).toContain(
      `<li>strict ${graded[0]!.scorerVersion}: default scorer, 4 verdicts against 4 gold versions (${golds.slice(0, 3).join(', ')}, … 1 more)</li>`,
    );
    expect(text).toContain(
      '<li>Default scorer for TAT-QA: strict (beside it, tatqa: the official scorer’s port), for every question type',
    );
    expect(text).not.toContain('stale:');

    // One verdict graded against an older gold: the Method list marks it stale.
    const first = graded[0]!;
    s.workspace.db
      .prepare(
        'UPDATE session_verdicts SET gold_version = ? WHERE session_id = ? AND question_id = ?',
      )
      .run('g1-0000000000000000', session.id, first.questionId);
    const after = s.sessions.results(session.id).method.scorers;
    expect(after.map((r) => [r.verdicts, r.stale])).toEqual([[4, 1]]);
    expect(after[0]!.goldVersions).toContain('g1-0000000000000000');
    const staleHtml = join(out.dir, 'session-method-stale.html');
    await exportTo(s, { kind: 'session', id: session.id }, 'html', staleHtml);
    const stale = readFileSync(staleHtml, 'utf8');
    expect(stale).toMatch(
      /<li class="stale">strict [^<]*g1-0000000000000000[^<]*; stale: 1 verdict graded by an older scorer version or another gold than the question has now \(workbench regrade --stale grades it again\)<\/li>/,
    );
  });
});

if (!hasData) describe('export of a finished session', () => it.skip(noDataMessage));
