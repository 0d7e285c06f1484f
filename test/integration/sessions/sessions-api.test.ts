import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MethodOutput } from '../../../shared/api/contract';
import type { StoredQuestion } from '../../../shared/datasets';
import type { Document } from '../../../shared/document';
import { fileSecretStore } from '../../../main/secrets/secret-store';
import { SessionService } from '../../../main/sessions/session-service';
import type { SessionClock } from '../../../main/sessions/timeline';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';

type Ctx = Awaited<ReturnType<typeof tempServices>>;
const TATQA = () => dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json');

async function call<T = unknown>(ctx: Ctx, method: string, input: unknown): Promise<T> {
  const r = await ctx.services.registry.call(method, input);
  if (!r.ok) throw new Error(`${method}: ${r.error.code}: ${r.error.message}`);
  return r.value as T;
}

async function importTatqa(ctx: Ctx): Promise<number> {
  const r = await call<{ dataset: { id: number } }>(ctx, 'datasets.import', {
    path: TATQA(),
    format: 'tatqa',
  });
  return r.dataset.id;
}

/** The gold texts of the session's questions that could give the answer away if shown. */
function goldTexts(questions: StoredQuestion[]): string[] {
  const out: string[] = [];
  for (const q of questions) {
    const answers = Array.isArray(q.gold.answer) ? q.gold.answer : [q.gold.answer];
    for (const a of answers) {
      const s = a === null ? '' : String(a);
      // Short numbers ("2", "2019": ids and timestamps hold such digits) and text the
      // questions themselves show say nothing.
      if (s.length >= 4 && !/^\d{1,5}$/.test(s) && !questions.some((x) => x.question.includes(s)))
        out.push(s);
    }
    if (q.gold.derivation && q.gold.derivation.length >= 4) out.push(q.gold.derivation);
  }
  return out;
}

function expectBlind(value: unknown, golds: string[]): void {
  const json = JSON.stringify(value);
  for (const key of ['"gold"', '"derivation"', '"answerFrom"', '"goldNormalized"', '"verdict"'])
    expect(json).not.toContain(key);
  for (const g of golds) expect(json).not.toContain(JSON.stringify(g).slice(1, -1));
}

describe.skipIf(!hasData)('expert sessions through the API (TAT-QA dev)', () => {
  let ctx: Ctx;
  let datasetId: number;
  let files: ReturnType<typeof tempDir>;
  beforeAll(async () => {
    ctx = await tempServices();
    files = tempDir();
    datasetId = await importTatqa(ctx);
  }, 120_000);
  afterAll(() => {
    ctx?.cleanup();
    files?.cleanup();
  });

  const create = (seed: number, expert = 'CFA one', extra: Record<string, unknown> = {}) =>
    call<MethodOutput<'sessions.create'>>(ctx, 'sessions.create', {
      datasetId,
      questionCount: 5,
      seed,
      budgetSeconds: 3600,
      expert,
      stratify: 'subset',
      ...extra,
    });

  it('samples the same questions for the same seed, stratified by answer source', async () => {
    const a = await create(11);
    const b = await create(11);
    const c = await create(12);
    expect(a.session.questionIds).toHaveLength(5);
    expect(b.session.questionIds).toEqual(a.session.questionIds);
    expect(c.session.questionIds).not.toEqual(a.session.questionIds);
    expect(a.session).toMatchObject({ stratify: 'subset', status: 'open', blinded: true });
    // A second expert on the same questions: same set, own order, same study key.
    const d = await create(99, 'CFA two', { sameQuestionsAs: a.sessionId });
    expect([...d.session.questionIds].sort()).toEqual([...a.session.questionIds].sort());
    expect(d.session.questionSetKey).toBe(a.session.questionSetKey);
    const listed = await call<MethodOutput<'sessions.list'>>(ctx, 'sessions.list', { datasetId });
    expect(listed.sessions.map((s) => s.id)).toContain(d.sessionId);
  });

  it('refuses bad input clearly', async () => {
    const r = await ctx.services.registry.call('sessions.create', {
      datasetId: 999_999,
      questionCount: 5,
      seed: 1,
      budgetSeconds: 3600,
      expert: 'x',
    });
    expect(r).toMatchObject({ ok: false, error: { code: 'not-found' } });
    const s = await create(3);
    const wrongQ = await ctx.services.registry.call('sessions.event', {
      sessionId: s.sessionId,
      type: 'focus',
      questionId: -1,
    });
    expect(wrongQ).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const early = await ctx.services.registry.call('sessions.results', { sessionId: s.sessionId });
    expect(early).toMatchObject({ ok: false, error: { code: 'unsupported' } });
  });

  it('shows no gold anywhere while the session is open; autosave with revisions; conflicts', async () => {
    const { sessionId, session } = await create(21);
    const stored = session.questionIds.map((id) => ctx.services.datasets.question(id));
    const golds = goldTexts(stored);
    expect(golds.length).toBeGreaterThan(0);
    const q = session.questionIds[0]!;

    const outputs: unknown[] = [];
    outputs.push(await call(ctx, 'sessions.event', { sessionId, type: 'start' }));
    outputs.push(await call(ctx, 'sessions.event', { sessionId, type: 'focus', questionId: q }));
    const first = await call<MethodOutput<'sessions.saveAnswer'>>(ctx, 'sessions.saveAnswer', {
      sessionId,
      questionId: q,
      baseRevision: 0,
      value: '12.5',
      unit: '%',
      confidence: 3,
      evidence: [{ type: 'paragraph', blockId: 'p1' }],
    });
    expect(first).toMatchObject({ status: 'saved', answer: { revision: 1, value: '12.5' } });
    const second = await call<MethodOutput<'sessions.saveAnswer'>>(ctx, 'sessions.saveAnswer', {
      sessionId,
      questionId: q,
      baseRevision: 1,
      value: '12.6',
    });
    expect(second).toMatchObject({ status: 'saved', answer: { revision: 2, unit: '%' } });
    // Another window still at revision 1: refused with what is stored now.
    const stale = await call<MethodOutput<'sessions.saveAnswer'>>(ctx, 'sessions.saveAnswer', {
      sessionId,
      questionId: q,
      baseRevision: 1,
      value: '99',
    });
    expect(stale).toMatchObject({
      status: 'conflict',
      current: { revision: 2, value: '12.6' },
      message: expect.stringContaining('revision 2') as unknown,
    });
    // The same save sent twice (a retry) is not a conflict.
    const retry = await call<MethodOutput<'sessions.saveAnswer'>>(ctx, 'sessions.saveAnswer', {
      sessionId,
      questionId: q,
      baseRevision: 1,
      value: '12.6',
    });
    expect(retry).toMatchObject({ status: 'saved', answer: { revision: 2 } });
    const submitted = await call<MethodOutput<'sessions.submit'>>(ctx, 'sessions.submit', {
      sessionId,
      questionId: q,
      baseRevision: 2,
    });
    expect(submitted).toMatchObject({ status: 'saved', answer: { submitted: true, revision: 3 } });
    outputs.push(first, second, stale, retry, submitted);
    // A number that is not one is kept as typed, but not submitted.
    const q2 = session.questionIds[1]!;
    await call(ctx, 'sessions.saveAnswer', {
      sessionId,
      questionId: q2,
      baseRevision: 0,
      value: '12..5',
    });
    const malformed = await ctx.services.registry.call('sessions.submit', {
      sessionId,
      questionId: q2,
      baseRevision: 1,
    });
    expect(malformed).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-input',
        message: expect.stringContaining('more than one decimal point') as unknown,
      },
    });
    outputs.push(await call(ctx, 'sessions.get', { sessionId }));
    outputs.push(await call(ctx, 'sessions.list', {}));
    for (const o of outputs) expectBlind(o, golds);

    const detail = await call<MethodOutput<'sessions.get'>>(ctx, 'sessions.get', { sessionId });
    expect(detail.answers.map((a) => [a.value, a.submitted])).toEqual([
      ['12.6', true],
      ['12..5', false],
    ]);
    expect(detail.questions.map((x) => x.id)).toEqual(session.questionIds);
    expect(detail.clock.state).toBe('active');
    expect(detail.clock.focusQuestionId).toBe(q);
  });

  it('runs a calculator program on the question’s tables in the sandbox and records it', async () => {
    const { sessionId, session } = await create(31);
    const q = ctx.services.datasets.question(session.questionIds[0]!);
    const opened = await ctx.services.documents.open(q.documentId!);
    const { model } = JSON.parse(Buffer.from(opened.$jsonBytes).toString('utf8')) as {
      model: Document;
    };
    const table = model.tables[0]!;
    const program = `const t = table('${table.id}'); t.cells.filter((c) => c.value !== null).length`;
    const { run } = await call<MethodOutput<'sessions.scratch'>>(ctx, 'sessions.scratch', {
      sessionId,
      questionId: q.id,
      program,
    });
    expect(run).toMatchObject({ ok: true, error: null, program, questionId: q.id });
    expect(typeof run.value).toBe('number');
    expect(run.reads).toBeGreaterThan(0);
    const bad = await call<MethodOutput<'sessions.scratch'>>(ctx, 'sessions.scratch', {
      sessionId,
      questionId: q.id,
      program: 'nope(',
    });
    expect(bad.run).toMatchObject({ ok: false, value: null });
    expect(bad.run.error).toMatch(/^syntax/);
    const detail = await call<MethodOutput<'sessions.get'>>(ctx, 'sessions.get', { sessionId });
    expect(detail.scratch.map((r) => r.program)).toEqual([program, 'nope(']);
    // Running a program is work: it started the clock.
    expect(detail.clock.state).toBe('active');
  });

  it('finishes, grades the submitted answers against gold and reports accuracy', async () => {
    const { sessionId, session } = await create(41);
    const [q1, q2] = session.questionIds.map((id) => ctx.services.datasets.question(id));
    await call(ctx, 'sessions.event', { sessionId, type: 'start' });
    const goldValue = (q: StoredQuestion) =>
      Array.isArray(q.gold.answer) ? q.gold.answer.join(', ') : String(q.gold.answer);
    for (const [q, value] of [
      [q1!, goldValue(q1!)],
      [q2!, 'no idea, 12..5'],
    ] as const) {
      const saved = await call<MethodOutput<'sessions.saveAnswer'>>(ctx, 'sessions.saveAnswer', {
        sessionId,
        questionId: q.id,
        baseRevision: 0,
        value,
        scale: q.scale ?? '',
      });
      await call(ctx, 'sessions.submit', {
        sessionId,
        questionId: q.id,
        baseRevision: saved.status === 'saved' ? saved.answer.revision : 0,
      });
    }
    const done = await call<MethodOutput<'sessions.finish'>>(ctx, 'sessions.finish', { sessionId });
    expect(done.session.status).toBe('finished');
    expect(done.clock.state).toBe('finished');
    const again = await ctx.services.registry.call('sessions.saveAnswer', {
      sessionId,
      questionId: q1!.id,
      baseRevision: 2,
      value: '1',
    });
    expect(again).toMatchObject({ ok: false, error: { code: 'unsupported' } });
    const res = await call<MethodOutput<'sessions.results'>>(ctx, 'sessions.results', {
      sessionId,
    });
    expect(res.accuracy).toMatchObject({ correct: 1, total: 5, submitted: 2, rate: 0.2 });
    expect(res.accuracy.wilson95.low).toBeLessThan(0.2);
    expect(res.accuracy.wilson95.high).toBeGreaterThan(0.2);
    const byId = new Map(res.items.map((i) => [i.questionId, i]));
    expect(byId.get(q1!.id)?.verdict).toMatchObject({ correct: true, scorer: 'strict' });
    expect(byId.get(q2!.id)?.verdict?.correct).toBe(false);
    expect(byId.get(q1!.id)?.gold).not.toBe('');
    expect(res.items.filter((i) => i.verdict === null)).toHaveLength(3);
  });

  it('agreement between two finished experts on the same questions', async () => {
    const a = await create(51, 'A');
    const b = await create(52, 'B', { sameQuestionsAs: a.sessionId });
    for (const [s, wrongFrom] of [
      [a, 5],
      [b, 3],
    ] as const) {
      for (const [i, id] of [...a.session.questionIds].entries()) {
        const q = ctx.services.datasets.question(id);
        const value =
          i < wrongFrom
            ? Array.isArray(q.gold.answer)
              ? q.gold.answer.join(', ')
              : String(q.gold.answer)
            : '-1';
        const saved = await call<MethodOutput<'sessions.saveAnswer'>>(ctx, 'sessions.saveAnswer', {
          sessionId: s.sessionId,
          questionId: id,
          baseRevision: 0,
          value,
          scale: q.scale ?? '',
        });
        if (saved.status !== 'saved') throw new Error('not saved');
        await call(ctx, 'sessions.submit', {
          sessionId: s.sessionId,
          questionId: id,
          baseRevision: saved.answer.revision,
        });
      }
      await call(ctx, 'sessions.finish', { sessionId: s.sessionId });
    }
    const ag = await call<MethodOutput<'sessions.agreement'>>(ctx, 'sessions.agreement', {
      sessionIds: [a.sessionId, b.sessionId],
    });
    const ra = await call<MethodOutput<'sessions.results'>>(ctx, 'sessions.results', {
      sessionId: a.sessionId,
    });
    const rb = await call<MethodOutput<'sessions.results'>>(ctx, 'sessions.results', {
      sessionId: b.sessionId,
    });
    const ca = new Map(ra.items.map((i) => [i.questionId, i.verdict?.correct]));
    const cb = new Map(rb.items.map((i) => [i.questionId, i.verdict?.correct]));
    const same = a.session.questionIds.filter((id) => ca.get(id) === cb.get(id)).length;
    expect(ag.n).toBe(5);
    expect(ag.percent).toBeCloseTo(same / 5, 12);
    expect(ag.experts).toEqual(['A', 'B']);
    expect(ag.pairs).toHaveLength(1);
    expect(ag.fleissKappa).not.toBeUndefined();
    const other = await create(53, 'C');
    await call(ctx, 'sessions.finish', { sessionId: other.sessionId });
    const mismatch = await ctx.services.registry.call('sessions.agreement', {
      sessionIds: [a.sessionId, other.sessionId],
    });
    expect(mismatch).toMatchObject({ ok: false, error: { code: 'invalid-input' } });

    // Bundles: both experts into a fresh workspace, merged into one study there.
    const pa = join(files.dir, 'a.json');
    const pb = join(files.dir, 'b.json');
    const ea = await call<MethodOutput<'sessions.exportBundle'>>(ctx, 'sessions.exportBundle', {
      sessionId: a.sessionId,
      path: pa,
    });
    await call(ctx, 'sessions.exportBundle', { sessionId: b.sessionId, path: pb });
    expect(ea.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(ea.fingerprint).toMatch(/^[0-9a-f]{4}( [0-9a-f]{4}){3}$/);
    const fresh = await tempServices();
    try {
      const noDataset = await fresh.services.registry.call('sessions.importBundle', { path: pa });
      expect(noDataset).toMatchObject({ ok: false, error: { code: 'not-found' } });
      await importTatqa(fresh);
      const ia = await call<MethodOutput<'sessions.importBundle'>>(fresh, 'sessions.importBundle', {
        path: pa,
      });
      const ib = await call<MethodOutput<'sessions.importBundle'>>(fresh, 'sessions.importBundle', {
        path: pb,
      });
      expect(ia.warnings).toEqual([]);
      expect(ia.signer).toEqual({ state: 'signed', name: 'A', fingerprint: ea.fingerprint });
      expect(ib.study.sessionIds.sort()).toEqual([ia.sessionId, ib.sessionId].sort());
      const dup = await fresh.services.registry.call('sessions.importBundle', { path: pa });
      expect(dup).toMatchObject({ ok: false, error: { code: 'duplicate' } });
      // Same verdicts and the same clock in the new workspace.
      const ra2 = await call<MethodOutput<'sessions.results'>>(fresh, 'sessions.results', {
        sessionId: ia.sessionId,
      });
      expect(ra2.accuracy).toEqual(ra.accuracy);
      expect(ra2.activeSeconds).toBe(ra.activeSeconds);
      expect(ra2.items.map((i) => [i.externalId, i.verdict?.correct])).toEqual(
        ra.items.map((i) => [i.externalId, i.verdict?.correct]),
      );
      const ag2 = await call<MethodOutput<'sessions.agreement'>>(fresh, 'sessions.agreement', {
        sessionIds: [ia.sessionId, ib.sessionId],
      });
      expect({ n: ag2.n, percent: ag2.percent, k: ag2.cohenKappa }).toEqual({
        n: ag.n,
        percent: ag.percent,
        k: ag.cohenKappa,
      });
      // Web mode: the bundle as bytes (download) and back (upload).
      const down = await call<MethodOutput<'sessions.bundleBytes'>>(ctx, 'sessions.bundleBytes', {
        sessionId: other.sessionId,
      });
      expect(down.name).toBe(`session-${other.sessionId}-C.json`);
      const up = await call<MethodOutput<'sessions.importBundleBytes'>>(
        fresh,
        'sessions.importBundleBytes',
        { name: down.name, bytes: down.bytes },
      );
      expect(up.study.sessionIds).toEqual([up.sessionId]);
      // A third expert in the new workspace joins the same study.
      const c = await call<MethodOutput<'sessions.create'>>(fresh, 'sessions.create', {
        datasetId: ia.datasetId,
        questionCount: 5,
        seed: 7,
        budgetSeconds: 600,
        expert: 'C',
        sameQuestionsAs: ia.sessionId,
      });
      expect(c.session.questionSetKey).toBe(ib.study.questionSetKey);
      // C answers there and finishes: one study of the two moved bundles and the local expert,
      // with agreement over all three.
      for (const questionId of c.session.questionIds) {
        const saved = await call<MethodOutput<'sessions.saveAnswer'>>(
          fresh,
          'sessions.saveAnswer',
          {
            sessionId: c.sessionId,
            questionId,
            baseRevision: 0,
            value: '-1',
          },
        );
        if (saved.status !== 'saved') throw new Error('not saved');
        await call(fresh, 'sessions.submit', {
          sessionId: c.sessionId,
          questionId,
          baseRevision: saved.answer.revision,
        });
      }
      await call(fresh, 'sessions.finish', { sessionId: c.sessionId });
      const study = await call<MethodOutput<'sessions.agreement'>>(fresh, 'sessions.agreement', {
        sessionIds: [ia.sessionId, ib.sessionId, c.sessionId],
      });
      expect(study.experts).toEqual(['A', 'B', 'C']);
      expect(study.n).toBe(5);
      expect(study.pairs).toHaveLength(3);
      const rc = await call<MethodOutput<'sessions.results'>>(fresh, 'sessions.results', {
        sessionId: c.sessionId,
      });
      const correct = (r: MethodOutput<'sessions.results'>) =>
        new Map(r.items.map((i) => [i.externalId, i.verdict?.correct ?? false]));
      const [ka, kb, kc] = [correct(ra2), correct(rb), correct(rc)];
      const allAgree = [...ka.keys()].filter(
        (id) => ka.get(id) === kb.get(id) && kb.get(id) === kc.get(id),
      ).length;
      expect(study.percent).toBeCloseTo(allAgree / 5, 12);
    } finally {
      fresh.cleanup();
    }

    // A tampered answer and a bundle from a newer version (than the signed version 2) are
    // refused, naming why.
    const bundle = JSON.parse(readFileSync(pa, 'utf8')) as {
      version: number;
      answers: { value: string }[];
    };
    bundle.answers[0]!.value = '42';
    const tampered = join(files.dir, 'tampered.json');
    writeFileSync(tampered, JSON.stringify(bundle));
    const t = await ctx.services.registry.call('sessions.importBundle', { path: tampered });
    expect(t).toMatchObject({
      ok: false,
      error: {
        code: 'file-mismatch',
        message: expect.stringContaining('changed after it was signed') as unknown,
      },
    });
    bundle.version = 3;
    const newer = join(files.dir, 'newer.json');
    writeFileSync(newer, JSON.stringify(bundle));
    const n = await ctx.services.registry.call('sessions.importBundle', { path: newer });
    expect(n).toMatchObject({
      ok: false,
      error: { code: 'unsupported', message: expect.stringContaining('update the app') as unknown },
    });
    const open = await create(54);
    const notDone = await ctx.services.registry.call('sessions.exportBundle', {
      sessionId: open.sessionId,
      path: join(files.dir, 'open.json'),
    });
    expect(notDone).toMatchObject({ ok: false, error: { code: 'unsupported' } });
  }, 120_000);

  it('excludes idle time and survives a wall clock set back (injected clocks)', async () => {
    let wall = Date.UTC(2026, 0, 5, 9);
    let mono = 0;
    const clock: SessionClock = { wallMs: () => wall, monoMs: () => mono };
    const tick = (ms: number, wallMs = ms) => {
      mono += ms;
      wall += wallMs;
    };
    const svc = new SessionService({
      db: ctx.services.workspace.db,
      datasets: ctx.services.datasets,
      documents: ctx.services.documents,
      identityStore: fileSecretStore(ctx.dir, undefined, 'expert-identity'),
      clock,
    });
    const s = svc.create({ datasetId, questionCount: 2, seed: 5, budgetSeconds: 600, expert: 'T' });
    const q = s.questionIds[0]!;
    svc.event({ sessionId: s.id, type: 'start' });
    svc.event({ sessionId: s.id, type: 'focus', questionId: q });
    tick(30_000);
    svc.event({ sessionId: s.id, type: 'input' });
    // No input for 2 minutes: the screen says idle, backdated by 120 s.
    tick(120_000);
    expect(svc.event({ sessionId: s.id, type: 'idle', idleForMs: 120_000 })).toMatchObject({
      state: 'idle',
      activeSeconds: 30,
    });
    tick(600_000);
    svc.event({ sessionId: s.id, type: 'input', questionId: q });
    // Someone sets the wall clock back an hour while 10 s pass.
    tick(10_000, -3_600_000);
    const c = svc.event({ sessionId: s.id, type: 'input', questionId: q });
    expect(c).toMatchObject({ state: 'active', activeSeconds: 40, clockJumps: 1 });
    expect(c.perQuestion.find((p) => p.questionId === q)?.activeSeconds).toBe(40);
    const events = ctx.services.sessions.detail(s.id);
    expect(events.clock.clockJumps).toBe(1);
    // A flood of heartbeats (a screen bug) is not stored event by event.
    const before = ctx.services.workspace.db
      .prepare('SELECT count(*) AS n FROM session_events WHERE session_id = ?')
      .get(s.id) as { n: number };
    // 20 heartbeats 100 ms apart after the one above: one stored per second.
    for (let i = 0; i < 20; i++) {
      tick(100);
      svc.event({ sessionId: s.id, type: 'input', questionId: q });
    }
    const after = ctx.services.workspace.db
      .prepare('SELECT count(*) AS n FROM session_events WHERE session_id = ?')
      .get(s.id) as { n: number };
    expect(after.n - before.n).toBe(2);
    await svc.close();
  });
});

if (!hasData) describe('expert sessions', () => it.skip(noDataMessage, () => {}));
