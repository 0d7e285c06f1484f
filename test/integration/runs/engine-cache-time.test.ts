import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runsRepo } from '../../../main/db/runs-repo';
import type { RunEngine } from '../../../main/runs/engine/run-engine';
import type { Services } from '../../../main/services';
import type { MethodOutput } from '../../../shared/api/contract';
import { reportMarkdown } from '../../../shared/runs/report-format';
import type { RunStartInput } from '../../../shared/runs/run';
import { hasData, noDataMessage } from '../../support/data-dir';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../support/openai-test-server';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';
import { chatRequests, importTatqa, tatqaDev } from './engine-support';

// Issue 25, "Model time from the cache": a run answered partly from the response cache. Cache
// hits are flagged per item (usage.calls / usage.cachedCalls, no latency of their own) and left
// out of every model-time figure: the report, the comparison of two runs and the gap view show
// them apart ("n answers from the cache") instead of a model median of 0.00 s.

/** Each answer takes the test server at least this long: a model time well above 0. */
const DELAY_MS = 150;

describe.skipIf(!hasData)('model time: answers from the response cache are counted apart', () => {
  let env: Awaited<ReturnType<typeof tempServices>>;
  let s: Services;
  let engine: RunEngine;
  let server: OpenAiTestServer;
  let datasetId: number;
  let n: number;
  const files = tempDir('engine-cache-time-');
  const run = async (over: Partial<RunStartInput>) =>
    (
      await engine.startChecked({
        datasetId,
        provider: { baseUrl: server.baseUrl },
        model: 'test-chat',
        mode: 'direct',
        concurrency: 4,
        ...over,
      })
    ).finished;
  const call = async <M extends 'runs.report' | 'gap.compare'>(method: M, input: unknown) => {
    const r = await s.registry.call(method, input);
    if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
    return r.value as MethodOutput<M>;
  };

  beforeAll(async () => {
    env = await tempServices();
    s = env.services;
    engine = s.engine;
    const records = tatqaDev().slice(0, 2);
    n = records.reduce((k, r) => k + r.questions.length, 0);
    ({ datasetId } = await importTatqa(s, files.dir, records));
    server = await startOpenAiTestServer({ defaultReply: 'Answer: 2019' });
    server.fault({ kind: 'slow', delayMs: DELAY_MS, times: 100_000, path: 'chat' });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    env?.cleanup();
    files.cleanup();
  });

  it('report, comparison and gap: cache hits flagged and left out of model time', async () => {
    expect(n).toBeGreaterThan(6);
    // Run A asks the first 4 questions live; run B asks all, the first 4 from the cache.
    const a = await run({ limit: 4 });
    expect(a).toMatchObject({ status: 'done', done: 4, cached: 0 });
    const chatsBefore = chatRequests(server.requests).length;
    const b = await run({});
    expect(b).toMatchObject({ status: 'done', done: n, cached: 4 });
    expect(chatRequests(server.requests).length - chatsBefore).toBe(n - 4);

    // The flag per item: calls and cache hits; a cache hit has no model time of its own.
    const items = runsRepo(s.workspace.db).items(b.runId);
    const hits = items.filter((i) => i.usage?.cachedCalls === 1);
    expect(hits).toHaveLength(4);
    expect(hits.every((i) => i.usage?.calls === 1 && i.latencyMs === null)).toBe(true);
    const live = items.filter((i) => i.usage?.cachedCalls === 0);
    expect(live).toHaveLength(n - 4);
    expect(live.every((i) => i.usage?.calls === 1 && i.latencyMs! >= DELAY_MS)).toBe(true);

    // The report: model time over the live answers; the cache hits counted apart.
    const { report, comparison } = await call('runs.report', {
      runId: b.runId,
      compareTo: a.runId,
    });
    expect(report.modelTime).toMatchObject({ timed: n - 4, cached: 4 });
    expect(report.modelTime.medianSeconds).toBeGreaterThanOrEqual(DELAY_MS / 1000);
    expect(report.modelTime.totalSeconds).toBeGreaterThanOrEqual(((n - 4) * DELAY_MS) / 1000);
    expect(reportMarkdown(report)).toMatch(
      new RegExp(
        `Model time: median \\d+\\.\\d\\d s .* over ${n - 4} answers timed live; 4 answers from the cache \\(not timed\\)\\.`,
      ),
    );
    // Compared on the 4 questions both runs have: A timed them live, B took them from the cache.
    expect(comparison!.modelTime.a).toMatchObject({ timed: 0, cached: 4, medianSeconds: null });
    expect(comparison!.modelTime.b.timed).toBe(4);
    expect(comparison!.modelTime.b.medianSeconds).toBeGreaterThanOrEqual(DELAY_MS / 1000);

    // A third run entirely from the cache: no model time at all (never a 0.00 s median).
    const c = await run({});
    expect(c).toMatchObject({ status: 'done', done: n, cached: n });
    const all = (await call('runs.report', { runId: c.runId })).report;
    expect(all.modelTime).toEqual({
      timed: 0,
      cached: n,
      medianSeconds: null,
      p90Seconds: null,
      meanSeconds: null,
      totalSeconds: null,
    });

    // The gap view: an expert session on every question, against run B and run C.
    const session = s.sessions.create({
      datasetId,
      questionCount: n,
      seed: 3,
      budgetSeconds: 3600,
      expert: 'Cache tester',
    });
    for (const questionId of session.questionIds) {
      s.sessions.saveAnswer({ sessionId: session.id, questionId, baseRevision: 0, value: '2019' });
      s.sessions.submit({ sessionId: session.id, questionId, baseRevision: 1 });
    }
    s.sessions.finish(session.id);
    const gap = await call('gap.compare', { sessionId: session.id, runId: b.runId });
    expect(gap.time).toMatchObject({ modelTimed: n - 4, modelCached: 4 });
    const median = gap.groups[0]!.modelMedianSeconds;
    expect(median).not.toBeNull();
    expect(median!).toBeGreaterThanOrEqual(DELAY_MS / 1000);
    expect(gap.items.filter((it) => it.model?.cached)).toHaveLength(4);
    const fromCache = await call('gap.compare', { sessionId: session.id, runId: c.runId });
    expect(fromCache.groups[0]!.modelMedianSeconds).toBeNull();
    expect(fromCache.time).toMatchObject({
      modelTotalSeconds: null,
      modelTimed: 0,
      modelCached: n,
    });
  });
});

if (!hasData) console.warn(`[skip] model time and the cache: ${noDataMessage}`);
