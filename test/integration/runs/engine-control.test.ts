import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runsRepo } from '../../../main/db/runs-repo';
import type { RunEngine } from '../../../main/runs/engine/run-engine';
import type { Services } from '../../../main/services';
import { WorkbenchError } from '../../../shared/api/result';
import type { RunStartInput } from '../../../shared/runs/run';
import { hasData, noDataMessage } from '../../support/data-dir';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../support/openai-test-server';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';
import {
  chatRequests,
  importTatqa,
  progressLog,
  questionOf,
  tatqaDev,
  waitFor,
  type TatqaRecord,
} from './engine-support';

// Pacing and control of engine runs against the test server, on real TAT-QA records: a 429
// storm, pause and resume, cancel, a model that disappears mid-run, a dataset edited after the
// run started. The response cache is off in these runs so every question reaches the server.

describe.skipIf(!hasData)(
  'run engine: 429s, pause, cancel, a vanishing model, an edited dataset',
  () => {
    let env: Awaited<ReturnType<typeof tempServices>>;
    let s: Services;
    let engine: RunEngine;
    let server: OpenAiTestServer;
    let datasetId: number;
    let records: TatqaRecord[];
    const files = tempDir('engine-control-');
    const committed = (runId: number) => runsRepo(s.workspace.db).committed(runId);
    const base = (over: Partial<RunStartInput> = {}): RunStartInput => ({
      datasetId,
      limit: 10,
      provider: { baseUrl: server.baseUrl },
      model: 'test-chat',
      mode: 'direct',
      cache: false,
      ...over,
    });

    beforeAll(async () => {
      env = await tempServices();
      s = env.services;
      engine = s.engine;
      records = tatqaDev().slice(0, 3);
      ({ datasetId } = await importTatqa(s, files.dir, records));
      server = await startOpenAiTestServer({ defaultReply: 'Answer: 2019' });
    }, 60_000);

    afterEach(() => server.clearFaults());

    afterAll(async () => {
      await server?.close();
      env?.cleanup();
      files.cleanup();
    });

    it('a 429 storm: concurrency is halved, LlmService retries after Retry-After, the run completes', async () => {
      server.fault({ kind: 'status', status: 429, retryAfter: '0.2', times: 12, path: 'chat' });
      const log = progressLog();
      const before = chatRequests(server.requests).length;
      const last = await engine.start(base({ concurrency: 8 }), log.listener).finished;
      expect(last).toMatchObject({ status: 'done', done: 10, failed: 0 });
      // Cut once per cooldown (≥ the 0.2 s Retry-After, at least 1 s): 8 → 4.
      expect(last.concurrency).toBeLessThan(8);
      expect(log.events[0]?.concurrency).toBe(8);
      // 10 answers and the 12 refused attempts, nothing more.
      expect(chatRequests(server.requests).length - before).toBe(22);
    });

    it('pause: questions in flight finish and are committed; resume asks only the others', async () => {
      server.fault({ kind: 'slow', delayMs: 80, times: 1000, path: 'chat' });
      const before = chatRequests(server.requests).length;
      const handle = engine.start(base({ concurrency: 2 }));
      await waitFor(() => committed(handle.runId).length >= 3, 20_000, '3 items');
      expect(engine.pause(handle.runId).status).toBe('running'); // still draining
      const paused = await handle.finished;
      expect(paused.status).toBe('paused');
      expect(paused.message).toMatch(/eval --resume/);
      const k = committed(handle.runId).length;
      expect(k).toBeGreaterThanOrEqual(3);
      expect(k).toBeLessThan(10);
      // Nothing in flight was dropped: every request sent so far became a committed item.
      expect(chatRequests(server.requests).length - before).toBe(k);
      expect(s.runs.get(handle.runId).summary.status).toBe('paused');

      const last = await engine.resume({ runId: handle.runId }).finished;
      expect(last).toMatchObject({ status: 'done', done: 10, remaining: 0 });
      const asked = chatRequests(server.requests).slice(before).map(questionOf);
      expect(asked).toHaveLength(10);
      expect(new Set(asked).size).toBe(10);
    });

    it('cancel: requests in flight are aborted, nothing half-done is committed, resume finishes', async () => {
      server.fault({ kind: 'slow', delayMs: 30_000, times: 3, path: 'chat' });
      const before = chatRequests(server.requests).length;
      const handle = engine.start(base({ concurrency: 3 }));
      await waitFor(() => chatRequests(server.requests).length - before >= 3, 20_000, '3 requests');
      const summary = await engine.cancel(handle.runId);
      expect(summary.status).toBe('interrupted');
      expect(summary.message).toMatch(/cancelled.*eval --resume/);
      expect(committed(handle.runId)).toHaveLength(0);
      await waitFor(
        () =>
          chatRequests(server.requests)
            .slice(before)
            .every((r) => r.aborted),
        5000,
        'aborted requests',
      );
      const last = await engine.resume({ runId: handle.runId }).finished;
      expect(last).toMatchObject({ status: 'done', done: 10 });
    });

    it('a model that disappears mid-run: items fail with a clear message, the run stops, nothing committed is lost', async () => {
      const strict = await startOpenAiTestServer({
        models: ['vanishing'],
        defaultReply: 'Answer: 2019',
      });
      try {
        strict.fault({ kind: 'slow', delayMs: 40, times: 1000, path: 'chat' });
        const handle = engine.start(
          base({ provider: { baseUrl: strict.baseUrl }, model: 'vanishing', concurrency: 2 }),
        );
        await waitFor(() => committed(handle.runId).length >= 3, 20_000, '3 items');
        strict.models.splice(0, strict.models.length);
        const last = await handle.finished;
        expect(last.status).toBe('failed');
        expect(last.message).toMatch(/llm-model-not-found/);
        expect(last.message).toMatch(/vanishing/);
        expect(last.message).toMatch(/eval --resume/);
        const repo = runsRepo(s.workspace.db);
        const items = repo.items(handle.runId);
        const answered = items.filter((i) => i.error === null);
        const failed = items.filter((i) => i.error !== null);
        expect(answered.length).toBeGreaterThanOrEqual(3);
        expect(failed.length).toBeGreaterThanOrEqual(1);
        expect(failed[0]!.error).toMatch(/^llm-model-not-found: .*vanishing/);
        // The run stopped starting questions: not all 10 were tried.
        expect(items.length).toBeLessThan(10);
        expect(last.failed).toBe(failed.length);

        // The model is back: resume retries the failed items and asks the rest; the answered
        // items are not touched.
        strict.models.push('vanishing');
        const done = await engine.resume({ runId: handle.runId }).finished;
        expect(done).toMatchObject({ status: 'done', done: 10, failed: 0 });
        const after = repo.items(handle.runId);
        expect(after).toHaveLength(10);
        expect(after.every((i) => i.error === null)).toBe(true);
        const byId = new Map(after.map((i) => [i.itemId, i]));
        for (const it of answered) expect(byId.get(it.itemId)).toEqual(it);
      } finally {
        await strict.close();
      }
    });

    it('a dataset edited after the run started: resume refuses with a clear message unless forced', async () => {
      server.fault({ kind: 'slow', delayMs: 60, times: 1000, path: 'chat' });
      const handle = engine.start(base({ concurrency: 1 }));
      await waitFor(() => committed(handle.runId).length >= 2, 20_000, '2 items');
      engine.pause(handle.runId);
      expect((await handle.finished).status).toBe('paused');

      // A revised gold: the same file re-imported with one answer changed.
      const edited = structuredClone(records);
      edited[0]!.questions[4]!.answer = -12.7;
      await importTatqa(s, files.dir, edited);

      let refused: unknown;
      try {
        engine.resume({ runId: handle.runId });
      } catch (e) {
        refused = e;
      }
      expect(refused).toBeInstanceOf(WorkbenchError);
      expect((refused as WorkbenchError).code).toBe('invalid-input');
      expect((refused as WorkbenchError).message).toMatch(
        /changed since run #\d+ started.*--force/,
      );
      const api = await s.registry.call('runs.resume', { runId: handle.runId });
      expect(!api.ok && api.error.message).toMatch(/changed since/);
      expect(s.runs.get(handle.runId).summary.status).toBe('paused');

      const last = await engine.resume({ runId: handle.runId, force: true }).finished;
      expect(last).toMatchObject({ status: 'done', done: 10 });
      // The report says the dataset changed since the run was graded.
      expect(s.runs.reportInput(handle.runId).datasetChanged).toBe(true);
    });
  },
);

if (!hasData) console.warn(`[skip] run engine control: ${noDataMessage}`);
