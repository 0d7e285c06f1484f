import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../../main/services';
import type { EventPayload, Method, MethodInput, MethodOutput } from '../../../shared/api/contract';
import { hasData, noDataMessage } from '../../support/data-dir';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../support/openai-test-server';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';
import { importAnswers, importTablequestHard } from './judge-support';

// The judge through the one API (what the renderer and web mode call): runs.judge as a job with
// progress events, the report's judges block, the stored judgements, pairwise and Elo.

describe.skipIf(!hasData)('runs.judge / judgements / judgePairwise / elo (API)', () => {
  let env: Awaited<ReturnType<typeof tempServices>>;
  let s: Services;
  let server: OpenAiTestServer;
  const runIds: number[] = [];
  const files = tempDir('judge-api-');

  async function call<M extends Method>(method: M, input: MethodInput<M>) {
    const r = await s.registry.call(method, input);
    if (!r.ok) throw new Error(`${method}: ${r.error.code}: ${r.error.message}`);
    return r.value as MethodOutput<M>;
  }

  beforeAll(async () => {
    env = await tempServices();
    s = env.services;
    const qs = (await importTablequestHard(s)).slice(0, 3);
    for (const [model, right] of [
      ['api-good', () => true],
      ['api-poor', (i: number) => i === 0],
    ] as const)
      runIds.push(
        await importAnswers(s, files.dir, model, qs, (g, i) => (right(i) ? g : 'Unsure.')),
      );
    server = await startOpenAiTestServer({
      replies: [
        {
          match: 'Candidate A',
          reply: (req) => {
            const user = (req.body as { messages: { content: string }[] }).messages[1]!.content;
            return JSON.stringify({
              better: /<<<A\nUnsure\./.test(user) ? 'B' : /<<<B\nUnsure\./.test(user) ? 'A' : 'tie',
            });
          },
        },
        { match: 'Unsure.', reply: '{"verdict":"incorrect","score":0.1,"reason":"no figures"}' },
        { match: /./, reply: '{"verdict":"correct","score":0.9,"reason":"agrees"}' },
      ],
    });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    env?.cleanup();
    files.cleanup();
  });

  it('runs.judge runs as a job with progress events; the report gets a separate judges block', async () => {
    const events: EventPayload<'job.progress'>[] = [];
    const off = s.bus.subscribe((name, payload) => {
      if (name === 'job.progress') events.push(payload as EventPayload<'job.progress'>);
    });
    const before = await call('runs.report', { runId: runIds[1]! });
    const r = await call('runs.judge', {
      runId: runIds[1]!,
      provider: { baseUrl: server.baseUrl },
      model: 'judge-api',
    });
    off();
    expect(r).toMatchObject({
      asked: 3,
      summary: { n: 3, correct: 1, incorrect: 2, meanScore: 0.367 },
    });
    const mine = events.filter((e) => e.subject === `judge:run:${runIds[1]}`);
    expect(mine[0]).toMatchObject({ kind: 'run', state: 'running' });
    expect(mine.at(-1)).toMatchObject({ state: 'done', done: 100 });

    const after = await call('runs.report', { runId: runIds[1]! });
    expect(before.report.judges).toEqual({});
    expect(after.report.judges).toEqual({ 'judge-api/analytic-v1': r.summary });
    // Every field the report had is unchanged.
    const { judges: _a, ...restAfter } = after.report;
    const { judges: _b, ...restBefore } = before.report;
    expect(restAfter).toEqual(restBefore);

    const { judgements } = await call('runs.judgements', {
      runId: runIds[1]!,
      judgeModel: 'judge-api',
    });
    expect(judgements).toHaveLength(3);
    expect(judgements[1]).toMatchObject({
      status: 'judged',
      verdict: 'incorrect',
      reply: '{"verdict":"incorrect","score":0.1,"reason":"no figures"}',
      endpoint: server.baseUrl,
    });
    expect(judgements[1]!.prompt[1]!.content).toContain('<<<ANSWER\nUnsure.\nANSWER>>>');
  });

  it('runs.judgePairwise and runs.elo', async () => {
    const r = await call('runs.judgePairwise', {
      runIds,
      provider: { baseUrl: server.baseUrl },
      model: 'judge-api',
    });
    expect(r).toMatchObject({ questions: 3, asked: 6, elo: { outcomes: 3 } });
    expect(r.elo.rows[0]).toMatchObject({ runId: runIds[0], wins: 2, losses: 0, ties: 1 });
    expect(await call('runs.elo', { runIds })).toEqual(r.elo);
  });

  it('an accepted gold correction makes its judgement stale: counted apart, then judged anew', async () => {
    const runId = runIds[1]!;
    const [first] = (await call('runs.judgements', { runId })).judgements;
    const questionId = (await call('runs.report', { runId })).report.items[0]!.questionId!;
    const { dispute } = await call('disputes.raise', {
      questionId,
      answer: 'The corrected analysis: -$540 million.',
      reason: 'the filing says -$540 million',
    });
    await call('disputes.decide', { disputeId: dispute.id, decision: 'accept' });

    const { report } = await call('runs.report', { runId });
    expect(report.judges!['judge-api/analytic-v1']).toMatchObject({ n: 2, correct: 0, stale: 1 });
    expect(first!.externalId).toBe(report.items[0]!.externalId);

    const again = await call('runs.judge', {
      runId,
      provider: { baseUrl: server.baseUrl },
      model: 'judge-api',
    });
    expect(again).toMatchObject({ asked: 1, reused: 2, summary: { n: 3, stale: 0 } });
    const { judgements } = await call('runs.judgements', { runId });
    expect(judgements[0]!.prompt[1]!.content).toContain(
      'Reference answer:\nThe corrected analysis: -$540 million.',
    );
  });

  it('bad input: one clear error each', async () => {
    const unknown = await s.registry.call('runs.judge', {
      runId: 999,
      provider: { baseUrl: server.baseUrl },
      model: 'j',
    });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not-found' } });
    const empty = await s.registry.call('runs.judge', {
      runId: runIds[0],
      provider: { baseUrl: server.baseUrl },
      model: 'j',
      rubricText: '  ',
    });
    expect(empty).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const other = await s.registry.call('runs.elo', { runIds, judgeModel: 'nobody' });
    expect(other).toMatchObject({
      ok: false,
      error: {
        code: 'not-found',
        message: expect.stringMatching(/no pairwise judgements/) as unknown,
      },
    });
  });

  if (!hasData) it.skip(noDataMessage, () => undefined);
});
