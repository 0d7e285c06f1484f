import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../../main/services';
import type { Method, MethodInput, MethodOutput } from '../../../shared/api/contract';
import type { StoredQuestion } from '../../../shared/datasets';
import { questionFacets } from '../../../shared/runs/subsets';
import { hasData } from '../../support/data-dir';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../support/openai-test-server';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';
import { importTatqa, tatqaDev, type TatqaRecord } from '../runs/engine-support';

// Question sets (issue 25) through the API on real TAT-QA dev records: chosen by id, by filter
// and by a seeded stratified sample; a session and a run made from one are on exactly its
// questions; `sessions.createWithRun` does both in one step (and leaves nothing when the run
// cannot start); `gap.coverage` lists the runs on a session's questions.

describe.skipIf(!hasData)('question sets (TAT-QA dev, API)', () => {
  let env: Awaited<ReturnType<typeof tempServices>>;
  let s: Services;
  let server: OpenAiTestServer;
  let datasetId: number;
  let stored: StoredQuestion[];
  let records: TatqaRecord[];
  const files = tempDir('question-sets-');

  async function call<M extends Method>(method: M, input: MethodInput<M>) {
    const r = await s.registry.call(method, input);
    if (!r.ok) throw new Error(`${method}: [${r.error.code}] ${r.error.message}`);
    return r.value as MethodOutput<M>;
  }
  async function refusal<M extends Method>(method: M, input: MethodInput<M>) {
    const r = await s.registry.call(method, input);
    if (r.ok) throw new Error(`${method} was not refused`);
    return r.error;
  }
  const sessionInput = (extra: Partial<MethodInput<'sessions.create'>> = {}) => ({
    datasetId,
    seed: 5,
    budgetSeconds: 3600,
    expert: 'Q. Set',
    ...extra,
  });

  beforeAll(async () => {
    env = await tempServices();
    s = env.services;
    records = tatqaDev().slice(0, 12);
    ({ datasetId } = await importTatqa(s, files.dir, records));
    stored = s.datasets.storedQuestions(datasetId);
    server = await startOpenAiTestServer({ defaultReply: 'The answer is 42.' });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    env?.cleanup();
    files.cleanup();
  });

  it('chooses by the dataset’s own ids or workspace ids, in the order given; refuses unknown ids and a taken name', async () => {
    const picked = [stored[7]!, stored[2]!, stored[11]!];
    const { set } = await call('questionSets.create', {
      datasetId,
      name: 'by dataset id',
      externalIds: picked.map((q) => q.externalId),
    });
    expect(set.questionIds).toEqual(picked.map((q) => q.id));
    expect(set.selection.kind).toBe('ids');
    const { set: same } = await call('questionSets.create', {
      datasetId,
      name: 'by workspace id',
      questionIds: [...picked].reverse().map((q) => q.id),
    });
    // Another order, the same questions: the same key (the sessions' question-set key).
    expect(same.key).toBe(set.key);
    // A list as a user writes one: the dataset's own ids and workspace ids mixed.
    const { set: mixed } = await call('questionSets.create', {
      datasetId,
      name: 'mixed ids',
      ids: [picked[0]!.externalId, String(picked[1]!.id), picked[2]!.externalId],
    });
    expect(mixed.questionIds).toEqual(picked.map((q) => q.id));

    const unknown = await refusal('questionSets.create', {
      datasetId,
      name: 'unknown',
      externalIds: [picked[0]!.externalId, 'no-such-question'],
    });
    expect(unknown.message).toMatch(
      /1 id\(s\) are not questions of dataset #\d+ .*no-such-question/,
    );
    const taken = await refusal('questionSets.create', {
      datasetId,
      name: 'by dataset id',
      questionIds: [stored[0]!.id],
    });
    expect(taken.code).toBe('duplicate');
    const numeric = await refusal('questionSets.create', {
      datasetId,
      name: '42',
      questionIds: [stored[0]!.id],
    });
    expect(numeric.message).toMatch(/cannot be a bare number/);
    const both = await refusal('questionSets.create', {
      datasetId,
      name: 'both',
      questionIds: [stored[0]!.id],
      sample: { count: 2, seed: 1 },
    });
    expect(both.message).toMatch(/by id, or by a filter and\/or a sample, not both/);
  });

  it('filters by type, answer source and document; a filter nothing passes names what there is', async () => {
    const arithmetic = stored.filter((q) => q.type === 'arithmetic');
    const { set } = await call('questionSets.create', {
      datasetId,
      name: 'arithmetic from the table',
      filter: { types: ['Arithmetic'], answerSources: ['table'] },
    });
    const expected = arithmetic.filter((q) => q.gold.answerFrom === 'table').map((q) => q.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(set.questionIds).toEqual(expected);
    expect(set.selection).toMatchObject({ kind: 'filter', sample: null });

    const doc = stored[3]!;
    const { set: onDoc } = await call('questionSets.create', {
      datasetId,
      name: 'one document',
      filter: { documents: [doc.documentExternalId] },
    });
    expect(onDoc.questionIds).toEqual(
      stored.filter((q) => q.documentExternalId === doc.documentExternalId).map((q) => q.id),
    );
    const { set: byDocId } = await call('questionSets.create', {
      datasetId,
      name: 'one document by workspace id',
      filter: { documents: [String(doc.documentId)] },
    });
    expect(byDocId.key).toBe(onDoc.key);

    const none = await refusal('questionSets.create', {
      datasetId,
      name: 'none',
      filter: { types: ['no-such-type'] },
    });
    expect(none.message).toMatch(
      /passes the filter; its types: .*arithmetic.*; its answer sources: .*table/,
    );
  });

  it('samples with a seed, balanced by answer type: the same seed draws the same questions', async () => {
    const a = (
      await call('questionSets.create', {
        datasetId,
        name: 'sample a',
        sample: { count: 10, seed: 99, stratify: 'answer-type' },
      })
    ).set;
    const b = (
      await call('questionSets.create', {
        datasetId,
        name: 'sample b',
        sample: { count: 10, seed: 99, stratify: 'answer-type' },
      })
    ).set;
    expect(a.questionIds).toHaveLength(10);
    expect(b.questionIds).toEqual(a.questionIds);
    expect(a.selection.sample).toEqual({ count: 10, seed: 99, stratify: 'answer-type' });
    // Proportional: every answer type with at least a tenth of the questions is drawn.
    const byId = new Map(stored.map((q) => [q.id, q]));
    const types = (ids: number[]) =>
      new Set(ids.map((id) => questionFacets('tatqa', byId.get(id)!).answerType));
    const common = [...types(stored.map((q) => q.id))].filter(
      (t) => stored.filter((q) => q.type === t).length >= stored.length / 10,
    );
    for (const t of common) expect(types(a.questionIds)).toContain(t);

    const c = (
      await call('questionSets.create', {
        datasetId,
        name: 'sample of arithmetic',
        filter: { types: ['arithmetic'] },
        sample: { count: 4, seed: 1 },
      })
    ).set;
    expect(c.questionIds).toHaveLength(4);
    for (const id of c.questionIds) expect(byId.get(id)!.type).toBe('arithmetic');
    expect((await call('questionSets.list', { datasetId })).sets.map((x) => x.name)).toContain(
      'sample of arithmetic',
    );
  });

  it('a session made from a set is on its questions, in an order of its own, with its key', async () => {
    const { set } = await call('questionSets.create', {
      datasetId,
      name: 'for a session',
      sample: { count: 6, seed: 3, stratify: 'subset' },
    });
    const { session } = await call('sessions.create', sessionInput({ questionSetId: set.id }));
    expect([...session.questionIds].sort((x, y) => x - y)).toEqual(
      [...set.questionIds].sort((x, y) => x - y),
    );
    expect(session.questionSetKey).toBe(set.key);
    expect(session.stratify).toBe(set.selection.sample!.stratify);
    const detail = await call('questionSets.get', { id: set.id });
    expect(detail.sessionIds).toEqual([session.id]);
    expect(detail.questions.map((q) => q.id)).toEqual(set.questionIds);
    // The list a blinded expert could see: no gold in it.
    expect(JSON.stringify(detail)).not.toContain('"gold"');

    const other = await refusal(
      'sessions.create',
      sessionInput({ questionSetId: set.id, sameQuestionsAs: session.id }),
    );
    expect(other.message).toMatch(/from a question set or from another session, not both/);
    const noCount = await refusal('sessions.create', sessionInput());
    expect(noCount.message).toMatch(/say how many questions to sample/);
  });

  it('a run made from a set asks exactly its questions and records the set in its manifest', async () => {
    const { set } = await call('questionSets.create', {
      datasetId,
      name: 'for a run',
      sample: { count: 5, seed: 8 },
    });
    const { runId } = await call('runs.start', {
      datasetId,
      questionSetId: set.id,
      provider: { baseUrl: server.baseUrl },
      model: 'test-chat',
      mode: 'direct',
    });
    await waitForRun(runId);
    const { manifest, summary } = await call('runs.get', { runId });
    expect(summary).toMatchObject({ status: 'done', total: 5, done: 5 });
    expect(manifest.engine!.questionIds).toEqual(set.questionIds);
    expect(manifest.questionSet).toEqual({ id: set.id, name: 'for a run', key: set.key });
    expect(manifest.subset!.filter).toContain('question set "for a run"');
    expect((await call('questionSets.get', { id: set.id })).runIds).toEqual([runId]);

    const ids = await call('runs.start', {
      datasetId,
      questionIds: [stored[1]!.id, stored[0]!.id],
      provider: { baseUrl: server.baseUrl },
      model: 'test-chat',
      mode: 'direct',
    });
    await waitForRun(ids.runId);
    expect((await call('runs.get', { runId: ids.runId })).manifest.engine!.questionIds).toEqual([
      stored[1]!.id,
      stored[0]!.id,
    ]);
  });

  it('sessions.createWithRun: a session and a run on the same questions in one step; gap.coverage lists the run', async () => {
    const { set } = await call('questionSets.create', {
      datasetId,
      name: 'one step',
      sample: { count: 4, seed: 21, stratify: 'answer-type' },
    });
    const made = await call('sessions.createWithRun', {
      session: sessionInput({ questionSetId: set.id }),
      run: { provider: { baseUrl: server.baseUrl }, model: 'test-chat', mode: 'direct' },
    });
    expect(made.questionSet.id).toBe(set.id);
    await waitForRun(made.runId);
    const { manifest } = await call('runs.get', { runId: made.runId });
    expect(new Set(manifest.engine!.questionIds)).toEqual(new Set(made.session.questionIds));

    // A sampled session (no set given): a set is made for its questions, and the run is on it.
    const sampled = await call('sessions.createWithRun', {
      session: sessionInput({ questionCount: 3, seed: 77 }),
      run: { provider: { baseUrl: server.baseUrl }, model: 'test-chat', mode: 'direct' },
    });
    expect(sampled.questionSet.key).toBe(sampled.session.questionSetKey);
    expect(sampled.questionSet.selection).toMatchObject({
      kind: 'session',
      sessionId: sampled.sessionId,
    });
    await waitForRun(sampled.runId);

    const coverage = await call('gap.coverage', { sessionId: made.sessionId });
    expect(coverage.questions).toBe(4);
    const top = coverage.runs[0]!;
    expect(top).toMatchObject({
      runId: made.runId,
      full: true,
      answered: 4,
      planned: 4,
      failed: 0,
      questionSet: { id: set.id, name: 'one step' },
    });
    // Runs on the whole of other sets count in part, with how many of the questions they answer.
    for (const r of coverage.runs.slice(1)) {
      expect(r.answered).toBeLessThanOrEqual(4);
      expect(r.full).toBe(r.answered === 4);
    }
  });

  it('sessions.createWithRun leaves nothing when the run cannot start', async () => {
    const sessionsBefore = (await call('sessions.list', {})).sessions.length;
    const setsBefore = (await call('questionSets.list', {})).sets.length;
    const runsBefore = (await call('runs.list', {})).runs.length;
    const error = await refusal('sessions.createWithRun', {
      session: sessionInput({ questionCount: 3, seed: 78 }),
      run: { provider: { baseUrl: 'http://127.0.0.1:9/v1' }, model: 'test-chat', mode: 'direct' },
    });
    expect(error.message).toMatch(/the session was not created either$/);
    expect((await call('sessions.list', {})).sessions).toHaveLength(sessionsBefore);
    expect((await call('questionSets.list', {})).sets).toHaveLength(setsBefore);
    expect((await call('runs.list', {})).runs).toHaveLength(runsBefore);
  });

  it('a question a re-import removed: the set says so and makes no session or run', async () => {
    const { set } = await call('questionSets.create', {
      datasetId,
      name: 'loses one',
      externalIds: [records[0]!.questions[0]!.uid, records[1]!.questions[0]!.uid],
    });
    const edited = structuredClone(records);
    edited[0]!.questions.shift();
    const file = join(files.dir, 'tatqa_engine.json');
    writeFileSync(file, JSON.stringify(edited));
    await s.datasets.importFile('tatqa', file);
    const detail = await call('questionSets.get', { id: set.id });
    expect(detail.missing).toEqual([records[0]!.questions[0]!.uid]);
    const refused = await refusal('sessions.create', sessionInput({ questionSetId: set.id }));
    expect(refused.message).toMatch(
      /1 question\(s\) of question set "loses one" are no longer in dataset/,
    );
    const run = await refusal('runs.start', {
      datasetId,
      questionSetId: set.id,
      provider: { baseUrl: server.baseUrl },
      model: 'test-chat',
      mode: 'direct',
    });
    expect(run.message).toMatch(/no longer in dataset/);
    expect((await call('questionSets.remove', { id: set.id })).removed).toBe(true);
  });

  async function waitForRun(runId: number): Promise<void> {
    const until = Date.now() + 30_000;
    for (;;) {
      const { summary } = await call('runs.get', { runId });
      if (summary.status !== 'running') return;
      if (Date.now() > until) throw new Error(`run #${runId} still running`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
});
