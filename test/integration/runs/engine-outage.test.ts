import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runsRepo } from '../../../main/db/runs-repo';
import { RunEngine } from '../../../main/runs/engine/run-engine';
import type { Services } from '../../../main/services';
import { WorkbenchError } from '../../../shared/api/result';
import type { RunStartInput } from '../../../shared/runs/run';
import { runSourceCli } from '../../support/cli';
import { hasData, noDataMessage } from '../../support/data-dir';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../support/openai-test-server';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';
import { chatRequests, importTatqa, questionOf, tatqaDev, waitFor } from './engine-support';

// Issue 25: an endpoint that is down. Before the first question a run checks its endpoint once
// and refuses in one line (nothing written) when it cannot be asked; an endpoint that goes down
// mid-run pauses the run within seconds with the reason, no question is marked failed for it,
// and the resume (once the endpoint answers again) completes every question exactly once. "Down"
// is a port with nothing listening; "back" is the test server started on that port.

/** A port nothing listens on (taken and released). */
async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

async function rejection(p: Promise<unknown>): Promise<WorkbenchError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(WorkbenchError);
    return e as WorkbenchError;
  }
  throw new Error('expected a rejection');
}

describe.skipIf(!hasData)(
  'run engine: an endpoint that is down (pre-flight, pause, resume)',
  () => {
    let env: Awaited<ReturnType<typeof tempServices>>;
    let s: Services;
    let engine: RunEngine;
    let datasetId: number;
    let questionCount: number;
    const files = tempDir('engine-outage-');
    const servers: OpenAiTestServer[] = [];
    const serve = async (options: Parameters<typeof startOpenAiTestServer>[0] = {}) => {
      const server = await startOpenAiTestServer({ defaultReply: 'Answer: 2019', ...options });
      servers.push(server);
      return server;
    };
    const base = (baseUrl: string, over: Partial<RunStartInput> = {}): RunStartInput => ({
      datasetId,
      provider: { baseUrl },
      model: 'test-chat',
      mode: 'direct',
      cache: false,
      ...over,
    });
    const repo = () => runsRepo(s.workspace.db);

    beforeAll(async () => {
      env = await tempServices();
      s = env.services;
      engine = s.engine;
      const records = tatqaDev().slice(0, 3);
      questionCount = records.reduce((n, r) => n + r.questions.length, 0);
      ({ datasetId } = await importTatqa(s, files.dir, records));
    }, 60_000);

    afterEach(async () => {
      await Promise.all(servers.splice(0).map((x) => x.close()));
    });

    afterAll(() => {
      env?.cleanup();
      files.cleanup();
    });

    it('pre-flight: a dead endpoint is refused in one line within a second, and no run is created', async () => {
      const port = await freePort();
      const dead = `http://127.0.0.1:${port}/v1`;
      const runsBefore = s.runs.list().length;
      const t0 = performance.now();
      const e = await rejection(engine.startChecked(base(dead, { limit: 64 })));
      expect(performance.now() - t0).toBeLessThan(1000);
      expect(e.code).toBe('llm-unreachable');
      expect(e.message).toBe(
        `the run was not started: nothing is listening at ${dead}; is the server running, and on this port? (checked before the first question; nothing was asked)`,
      );
      expect(e.message).not.toMatch(/\n/);
      // Through the API as the Runs screen starts it: the same line, no run.
      const api = await s.registry.call('runs.start', base(dead, { limit: 64 }));
      expect(api.ok).toBe(false);
      expect(!api.ok && api.error).toMatchObject({ code: 'llm-unreachable', message: e.message });
      expect(s.runs.list()).toHaveLength(runsBefore);
    });

    it('pre-flight names what went wrong: a refused key (401), a model the server does not have (404), DNS, TLS', async () => {
      const locked = await serve({ apiKey: 'sk-right' });
      const noKey = await rejection(engine.startChecked(base(locked.baseUrl, { limit: 2 })));
      expect(noKey.code).toBe('llm-unauthorized');
      expect(noKey.message).toMatch(
        new RegExp(
          `^the run was not started: ${locked.baseUrl.replace(/\./g, '\\.')} wants an API key \\(401`,
        ),
      );
      // The model list is asked first: nothing reached the chat path, nothing was spent.
      expect(chatRequests(locked.requests)).toHaveLength(0);

      const strict = await serve({ models: ['test-chat'] });
      const gone = await rejection(
        engine.startChecked(base(strict.baseUrl, { model: 'no-such-model', limit: 2 })),
      );
      expect(gone.code).toBe('llm-model-not-found');
      expect(gone.message).toMatch(
        /model 'no-such-model' is not available at .*available there: test-chat/,
      );
      // The list did not name it, so one chat of one token asked the server itself.
      const probes = chatRequests(strict.requests);
      expect(probes).toHaveLength(1);
      expect(probes[0]!.body).toMatchObject({ model: 'no-such-model', max_tokens: 1 });

      const dns = await rejection(
        engine.startChecked(base('http://no-such-host.invalid/v1', { limit: 2 })),
      );
      expect(dns.code).toBe('llm-unreachable');
      expect(dns.message).toMatch(
        /the host of http:\/\/no-such-host\.invalid\/v1 cannot be found \(DNS\)/,
      );

      const plain = await serve();
      const tls = await rejection(
        engine.startChecked(base(plain.baseUrl.replace('http:', 'https:'), { limit: 2 })),
      );
      expect(tls.code).toBe('llm-unreachable');
      expect(tls.message).toMatch(/the TLS handshake with https:\/\/127\.0\.0\.1:\d+\/v1 failed/);
      for (const err of [noKey, gone, dns, tls]) expect(err.message).not.toMatch(/\n/);
    });

    it('pre-flight passes a server that serves a model its list does not name (llama.cpp, aliases)', async () => {
      // Lists test-chat and test-embed, answers any model name.
      const server = await serve();
      const handle = await engine.startChecked(base(server.baseUrl, { model: 'alias', limit: 2 }));
      expect(await handle.finished).toMatchObject({ status: 'done', done: 2 });
      // One model list and one one-token chat for the check, then the two questions.
      expect(server.requests.filter((r) => r.path.endsWith('/models'))).toHaveLength(1);
      expect(chatRequests(server.requests)).toHaveLength(3);
    });

    it('a model error is not an outage: 5xx items fail as before, the run is not paused', async () => {
      const server = await serve();
      server.fault({ kind: 'status', status: 500, times: 1000, path: 'chat' });
      const last = await (
        await engine.startChecked(base(server.baseUrl, { limit: 2, concurrency: 2 }))
      ).finished;
      expect(last.status).toBe('failed');
      expect(last.failed).toBe(2);
      const items = repo().items(last.runId);
      expect(items.every((i) => /^llm-server-error: /.test(i.error ?? ''))).toBe(true);
    });

    it('mid-run outage: paused within 5 s with the reason, nothing marked failed; resume refuses while down, completes every question once when it is back', async () => {
      const first = await serve();
      // ~60 ms an answer, two at a time: killed with a good part still to ask.
      first.fault({ kind: 'slow', delayMs: 60, times: 100_000, path: 'chat' });
      const port = Number(new URL(first.baseUrl).port);
      const handle = await engine.startChecked(base(first.baseUrl, { concurrency: 2 }));
      const runId = handle.runId;
      await waitFor(() => repo().committed(runId).length >= 4, 20_000, '4 items');
      servers.splice(servers.indexOf(first), 1);
      await first.close();
      const downAt = performance.now();
      const paused = await handle.finished;
      const pausedAfter = performance.now() - downAt;
      expect(pausedAfter).toBeLessThan(5000);
      expect(paused.status).toBe('paused');
      expect(paused.message).toMatch(
        new RegExp(
          `^paused: the endpoint stopped answering: nothing is listening at http://127\\.0\\.0\\.1:${port}/v1; .*\`workbench eval --resume ${runId}\` continues once it answers$`,
        ),
      );
      const summary = s.runs.get(runId).summary;
      expect(summary).toMatchObject({ status: 'paused', message: paused.message });
      const before = repo().items(runId);
      // No question was marked failed for the outage; the rest wait.
      expect(paused.failed).toBe(0);
      expect(before.every((i) => i.error === null)).toBe(true);
      expect(before.length).toBeGreaterThanOrEqual(4);
      expect(before.length).toBeLessThan(questionCount);
      expect(paused.remaining).toBe(questionCount - before.length);

      // Still down: the resume is refused in one line and the run stays paused with its reason.
      const refused = await rejection(engine.resumeChecked({ runId }));
      expect(refused.code).toBe('llm-unreachable');
      expect(refused.message).toMatch(
        new RegExp(
          `^run #${runId} was not resumed: nothing is listening at http://127\\.0\\.0\\.1:${port}/v1; .*it stays paused$`,
        ),
      );
      const api = await s.registry.call('runs.resume', { runId });
      expect(!api.ok && api.error.message).toBe(refused.message);
      expect(s.runs.get(runId).summary).toMatchObject({
        status: 'paused',
        message: paused.message,
      });

      // Back on the same port: the resume asks only the questions without an item, each once.
      const back = await serve({ port });
      const done = await (await engine.resumeChecked({ runId })).finished;
      expect(done).toMatchObject({ status: 'done', done: questionCount, failed: 0, remaining: 0 });
      const after = repo().items(runId);
      expect(after).toHaveLength(questionCount);
      expect(new Set(after.map((i) => i.questionId)).size).toBe(questionCount);
      expect(after.every((i) => i.error === null)).toBe(true);
      expect(repo().verdicts(runId)).toHaveLength(2 * questionCount);
      const byId = new Map(after.map((i) => [i.itemId, i]));
      for (const it of before) expect(byId.get(it.itemId)).toEqual(it);
      const asked = chatRequests(back.requests).map(questionOf);
      expect(asked).toHaveLength(questionCount - before.length);
      expect(new Set(asked).size).toBe(asked.length);
    });

    it('a run started on a dead endpoint without the pre-flight pauses within 5 s too, and continues when it is back', async () => {
      const port = await freePort();
      const t0 = performance.now();
      const handle = engine.start(
        base(`http://127.0.0.1:${port}/v1`, { limit: 6, concurrency: 3 }),
      );
      const paused = await handle.finished;
      expect(performance.now() - t0).toBeLessThan(5000);
      expect(paused).toMatchObject({ status: 'paused', done: 0, failed: 0, remaining: 6 });
      expect(paused.message).toMatch(/endpoint stopped answering: nothing is listening at/);
      expect(repo().items(handle.runId)).toHaveLength(0);
      await serve({ port });
      const done = await (await engine.resumeChecked({ runId: handle.runId })).finished;
      expect(done).toMatchObject({ status: 'done', done: 6, failed: 0 });
    });

    it('an endpoint that accepts connections and never answers pauses the run, instead of every question timing out', async () => {
      const first = await serve();
      first.fault({ kind: 'slow', delayMs: 60, times: 100_000, path: 'chat' });
      // A provider with a 1 s timeout and no retries, so a silent endpoint shows within seconds.
      const saved = await s.registry.call('llm.saveProvider', {
        config: {
          name: 'Goes silent',
          preset: 'custom',
          baseUrl: first.baseUrl,
          apiKeyName: null,
          defaultModel: 'test-chat',
          params: {},
          timeoutMs: 1000,
          maxRetries: 0,
        },
      });
      if (!saved.ok) throw new Error(saved.error.message);
      const providerId = (saved.value as { provider: { id: number } }).provider.id;
      const handle = await engine.startChecked({
        datasetId,
        provider: { providerId },
        model: 'test-chat',
        mode: 'direct',
        cache: false,
        concurrency: 2,
      });
      await waitFor(() => repo().committed(handle.runId).length >= 4, 20_000, '4 items');
      // From now on the server takes every request and answers none in time (models too).
      first.clearFaults();
      first.fault({ kind: 'slow', delayMs: 30_000, times: 100_000 });
      const silentAt = performance.now();
      const paused = await handle.finished;
      // The questions in flight time out (1 s), the check of the endpoint times out too: paused.
      expect(performance.now() - silentAt).toBeLessThan(8000);
      expect(paused.status).toBe('paused');
      expect(paused.message).toMatch(/^paused: the endpoint stopped answering: .*did not/);
      // Only the questions in flight when it went silent failed; the rest wait for a resume.
      expect(paused.failed).toBeLessThanOrEqual(4);
      expect(paused.remaining).toBeGreaterThan(0);
    }, 60_000);

    it('the app resumes a paused run by itself once its endpoint answers again (auto-probe)', async () => {
      // The engine the app and web mode get (main/services.ts: autoResume outside the CLI), checking
      // every 200 ms instead of every 15 s.
      const app = new RunEngine({
        db: s.workspace.db,
        datasets: s.datasets,
        documents: s.documents,
        llm: s.llm,
        jobs: s.jobs,
        ask: s.ask,
        runs: s.runs,
        prober: s.llm.connections,
        autoResume: { everyMs: 200, forMs: 60_000 },
      });
      const port = await freePort();
      const handle = app.start(base(`http://127.0.0.1:${port}/v1`, { limit: 5, concurrency: 2 }));
      const paused = await handle.finished;
      expect(paused.status).toBe('paused');
      expect(paused.message).toMatch(
        /checked every 200 ms for 1 min here, and resumed when it does/,
      );
      // Still down for a few checks: it stays paused, nothing is written.
      await new Promise((r) => setTimeout(r, 700));
      expect(s.runs.get(handle.runId).summary.status).toBe('paused');
      expect(repo().items(handle.runId)).toHaveLength(0);
      const back = await serve({ port });
      await waitFor(() => s.runs.get(handle.runId).summary.status === 'done', 20_000, 'resumed');
      const items = repo().items(handle.runId);
      expect(items).toHaveLength(5);
      expect(new Set(items.map((i) => i.questionId)).size).toBe(5);
      expect(chatRequests(back.requests)).toHaveLength(5);
    });

    it('workbench eval --limit 64 against a dead URL: one line, exit 1, nothing written', async () => {
      const ws = tempDir('engine-outage-cli-');
      const dead = `http://127.0.0.1:${await freePort()}/v1`;
      try {
        // The dataset lives in the test's own workspace: the CLI gets one of its own.
        const imported = runSourceCli([
          'import-dataset',
          '--workspace',
          ws.dir,
          '--format',
          'tatqa',
          `${files.dir}/tatqa_engine.json`,
          '--json',
        ]);
        expect(imported.code, imported.stderr).toBe(0);
        const id = (JSON.parse(imported.stdout) as { datasetId: number }).datasetId;
        const r = runSourceCli([
          'eval',
          '--workspace',
          ws.dir,
          '--dataset-id',
          String(id),
          '--limit',
          '64',
          '--base-url',
          dead,
          '--model',
          'm',
          '--json',
        ]);
        expect(r.code).toBe(1);
        expect(r.stderr.trim().split('\n')).toEqual([
          `workbench: the run was not started: nothing is listening at ${dead}; is the server running, and on this port? (checked before the first question; nothing was asked)`,
        ]);
        // (The check itself is timed in process above: the CLI's start-up from source
        // dominates its wall time.)
        const runs = runSourceCli(['runs', '--workspace', ws.dir, '--json']);
        expect((JSON.parse(runs.stdout) as { runs: unknown[] }).runs).toHaveLength(0);
      } finally {
        ws.cleanup();
      }
    });
  },
);

if (!hasData) console.warn(`[skip] run engine outage: ${noDataMessage}`);
