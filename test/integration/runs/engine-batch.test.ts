import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBatchesRepo } from '../../../main/db/run-batches-repo';
import { runsRepo } from '../../../main/db/runs-repo';
import type { LlmBatches } from '../../../main/llm/llm-batches';
import type { BatchLlm } from '../../../main/runs/engine/batch-run';
import { RunEngine } from '../../../main/runs/engine/run-engine';
import type { Services } from '../../../main/services';
import { WorkbenchError } from '../../../shared/api/result';
import type { RunItem, RunStartInput, RunVerdict } from '../../../shared/runs/run';
import { hasData, noDataMessage } from '../../support/data-dir';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../support/openai-test-server';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';
import {
  chatRequests,
  importTatqa,
  progressLog,
  tatqaDev,
  waitFor,
  type TatqaRecord,
} from './engine-support';

// Runs through the OpenAI Batch API against the test server's /v1/files and /v1/batches, on
// real TAT-QA records: the same prompts, answers and verdicts as a direct run, error lines,
// expiry, a refused key and a cancel. Real SQLite, real HTTP, the real QuickJS sandbox.

/** A PoT reply that reads the table for one question and a constant for the others. */
const POT_REPLIES = [
  {
    match: 'What is the change in Other in 2019 from 2018?',
    reply: (req: { body: unknown }) => {
      const table = /Table (t\d+)/.exec(JSON.stringify(req.body))?.[1] ?? 't0';
      return `\`\`\`javascript\nfunction solution() {\n  return cell('${table}', ['Other'], ['2019']) - cell('${table}', ['Other'], ['2018']);\n}\n\`\`\``;
    },
  },
  { match: /./, reply: '```javascript\nfunction solution() {\n  return 2019;\n}\n```' },
];

/** What must be equal between two runs of the same questions: answers and verdicts. */
function graded(items: RunItem[], verdicts: RunVerdict[]) {
  return new Map(
    items.map((i) => [
      i.questionId,
      {
        output: i.output,
        answer: i.answer,
        answerKind: i.answerKind,
        program: i.program,
        ok: i.execution?.ok ?? null,
        error: i.error,
        verdicts: verdicts
          .filter((v) => v.itemId === i.itemId)
          .map((v) => [v.scorer, v.correct, v.outcome, v.rule]),
      },
    ]),
  );
}

describe.skipIf(!hasData)('run engine through the Batch API (TAT-QA, test server)', () => {
  let env: Awaited<ReturnType<typeof tempServices>>;
  let s: Services;
  let engine: RunEngine;
  let server: OpenAiTestServer;
  let datasetId: number;
  let records: TatqaRecord[];
  const files = tempDir('engine-batch-');
  const repo = () => runsRepo(s.workspace.db);
  const base = (over: Partial<RunStartInput> = {}): RunStartInput => ({
    datasetId,
    limit: 10,
    provider: { baseUrl: server.baseUrl },
    model: 'test-chat',
    mode: 'direct',
    batchApi: true,
    pollMs: 10,
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

  afterAll(async () => {
    await server?.close();
    env?.cleanup();
    files.cleanup();
  });

  it('pot: one batch, the same prompts, answers and verdicts as a direct run', async () => {
    server.setReplies(POT_REPLIES);
    const direct = await engine.start(base({ mode: 'pot', batchApi: false, cache: false }))
      .finished;
    expect(direct).toMatchObject({ status: 'done', done: 10 });
    const directBodies = chatRequests(server.requests).slice(-10);

    const chatsBefore = chatRequests(server.requests).length;
    const createdBefore = server.batches.created;
    const log = progressLog();
    const handle = engine.start(base({ mode: 'pot' }), log.listener);
    const last = await handle.finished;
    expect(last).toMatchObject({ status: 'done', done: 10, failed: 0, total: 10 });
    expect(last.inputTokens).toBeGreaterThan(0);
    // One batch, no direct chat request.
    expect(server.batches.created - createdBefore).toBe(1);
    expect(chatRequests(server.requests).length).toBe(chatsBefore);

    // The JSONL carried exactly the direct run's requests, one per question id.
    const batch = [...server.batches.batches.values()].at(-1)!;
    const ids = repo()
      .items(handle.runId)
      .map((i) => String(i.questionId))
      .sort();
    expect(batch.lines.map((l) => l.custom_id).sort()).toEqual(ids);
    const bodies = (xs: unknown[]) =>
      xs.map((b) => JSON.stringify((b as { messages: unknown }).messages)).sort();
    expect(bodies(batch.lines.map((l) => l.body))).toEqual(
      bodies(directBodies.map((r) => r.body as unknown)),
    );

    expect(graded(repo().items(handle.runId), repo().verdicts(handle.runId))).toEqual(
      graded(repo().items(direct.runId), repo().verdicts(direct.runId)),
    );
    const other = repo()
      .items(handle.runId)
      .find((i) => i.externalId === 'eb787966-fa02-401f-bfaf-ccabf3828b23')!;
    expect(other.answer as number).toBeCloseTo(-12.6, 9);

    // Progress followed the batch's statuses with its request counts; the batch is stored.
    const statuses = log.events.map((e) => e.batch?.status).filter(Boolean);
    expect(statuses).toContain('in_progress');
    expect(log.events.at(-1)?.batch).toMatchObject({ status: 'completed', total: 10 });
    expect(runBatchesRepo(s.workspace.db).all(handle.runId)).toMatchObject([
      { batchId: batch.id, status: 'completed', collected: true },
    ]);
    expect(s.runs.get(handle.runId).manifest.engine?.batch).toEqual({ completionWindow: '24h' });
  });

  it('lines in error become failed items; resume asks just them in a new batch', async () => {
    server.setReplies([]);
    const questions = s.datasets.storedQuestions(datasetId).slice(0, 10);
    const broken = questions.slice(2, 4).map((q) => String(q.id));
    server.batches.failNext({ kind: 'error-lines', customIds: broken, status: 500 });
    const created = server.batches.created;
    const first = await engine.start(base()).finished;
    expect(first).toMatchObject({ status: 'failed', done: 8, failed: 2 });
    expect(first.message).toMatch(/2 of 10 items failed .*llm-server-error/);
    const failed = repo()
      .items(first.runId)
      .filter((i) => i.error !== null);
    expect(failed.map((i) => String(i.questionId)).sort()).toEqual([...broken].sort());
    expect(
      repo()
        .verdicts(first.runId)
        .filter((v) => v.outcome === 'error'),
    ).toHaveLength(4);

    const resumed = await engine.resume({ runId: first.runId, pollMs: 10 }).finished;
    expect(resumed).toMatchObject({ status: 'done', done: 10, failed: 0 });
    expect(server.batches.created - created).toBe(2);
    const second = [...server.batches.batches.values()].at(-1)!;
    expect(second.lines.map((l) => l.custom_id).sort()).toEqual([...broken].sort());
    expect(repo().items(first.runId)).toHaveLength(10);
  });

  it('an expired batch fails the run with the reason; its answers are kept', async () => {
    server.batches.failNext({ kind: 'expire', completed: 3 });
    const last = await engine.start(base()).finished;
    expect(last).toMatchObject({ status: 'failed', done: 3, failed: 7 });
    expect(last.message).toMatch(/expired \(its 24 h window closed\) with 3 of 10 requests done/);
    expect(s.runs.get(last.runId).summary.message).toMatch(/expired/);
    const resumed = await engine.resume({ runId: last.runId, pollMs: 10 }).finished;
    expect(resumed).toMatchObject({ status: 'done', done: 10 });
  });

  it('a batch cancelled at the server (not by us) fails the run saying so', async () => {
    server.batches.failNext({ kind: 'cancel', completed: 2 });
    const last = await engine.start(base()).finished;
    expect(last).toMatchObject({ status: 'failed', done: 2, failed: 8 });
    expect(last.message).toMatch(/was cancelled on the server with 2 of 10 requests done/);
    const resumed = await engine.resume({ runId: last.runId, pollMs: 10 }).finished;
    expect(resumed).toMatchObject({ status: 'done', done: 10 });
  });

  it('a batch that fails validation fails the run and is not polled again', async () => {
    server.batches.failNext({ kind: 'fail-validation', message: 'Enqueued token limit reached.' });
    const last = await engine.start(base()).finished;
    expect(last).toMatchObject({ status: 'failed', done: 0, failed: 0 });
    expect(last.message).toMatch(/failed validation: invalid_request: Enqueued token limit/);
    const resumed = await engine.resume({ runId: last.runId, pollMs: 10 }).finished;
    expect(resumed).toMatchObject({ status: 'done', done: 10 });
    expect(
      runBatchesRepo(s.workspace.db)
        .all(last.runId)
        .map((b) => b.status),
    ).toEqual(['failed', 'completed']);
  });

  it('a refused key fails the run at once naming the secret; no batch is made', async () => {
    const locked = await startOpenAiTestServer({ apiKey: 'sk-right', defaultReply: 'x' });
    try {
      const stored = await s.registry.call('secrets.set', { name: 'batch-key', value: 'sk-wrong' });
      expect(stored.ok).toBe(true);
      const last = await engine.start(
        base({ provider: { baseUrl: locked.baseUrl, apiKeyName: 'batch-key' } }),
      ).finished;
      expect(last).toMatchObject({ status: 'failed', done: 0 });
      expect(last.message).toMatch(/the API key in secret 'batch-key' was refused .*401/);
      expect(last.message).not.toContain('sk-wrong');
      expect(locked.batches.created).toBe(0);
    } finally {
      await locked.close();
    }
  });

  it('runs.start over the API takes batchApi and pollMs; resume takes pollMs', async () => {
    const created = server.batches.created;
    const r = await s.registry.call('runs.start', {
      datasetId,
      limit: 3,
      provider: { baseUrl: server.baseUrl },
      model: 'test-chat',
      mode: 'cot',
      batchApi: true,
      pollMs: 10,
    });
    if (!r.ok) throw new Error(r.error.message);
    const { runId } = r.value as { runId: number };
    await waitFor(() => s.runs.get(runId).summary.status === 'done');
    expect(server.batches.created - created).toBe(1);
    const bad = await s.registry.call('runs.resume', { runId, pollMs: 1 });
    expect(!bad.ok && bad.error.code).toBe('invalid-input');
  });

  it('a batch made just before a crash (never recorded) is found and polled, not made again', async () => {
    // The process "dies" between the server creating the batch and the row being written.
    const lost: BatchLlm = Object.assign(Object.create(s.llm.batches) as LlmBatches, {
      submit: async (req: Parameters<LlmBatches['submit']>[0]) => {
        await s.llm.batches.submit(req);
        throw new WorkbenchError('internal', 'killed before the batch was recorded');
      },
    });
    const crashing = new RunEngine({
      db: s.workspace.db,
      datasets: s.datasets,
      documents: s.documents,
      llm: s.llm,
      jobs: s.jobs,
      ask: s.ask,
      runs: s.runs,
      batchLlm: lost,
    });
    const created = server.batches.created;
    const first = await crashing.start(base()).finished;
    expect(first).toMatchObject({ status: 'failed', done: 0 });
    expect(first.message).toMatch(/killed before the batch was recorded/);
    expect(runBatchesRepo(s.workspace.db).all(first.runId)).toEqual([]);
    expect(server.batches.created - created).toBe(1);

    const resumed = await engine.resume({ runId: first.runId, pollMs: 10 }).finished;
    expect(resumed).toMatchObject({ status: 'done', done: 10 });
    expect(server.batches.created - created).toBe(1);
    const [adopted] = runBatchesRepo(s.workspace.db).all(first.runId);
    expect(adopted?.questionIds).toHaveLength(10);
    expect(adopted?.collected).toBe(true);
  });

  it('a server without the Batch API fails the run saying so', async () => {
    server.fault({ kind: 'status', status: 404, path: '/v1/files' });
    const last = await engine.start(base()).finished;
    expect(last).toMatchObject({ status: 'failed', done: 0 });
    expect(last.message).toMatch(
      /\/files does not exist \(404\): .* does not offer the OpenAI Batch API.*run without --batch-api/,
    );
  });

  it('cancel cancels the batch on the server; resume collects it and asks the rest anew', async () => {
    server.batches.pollsPerStatus = 1_000_000;
    try {
      const log = progressLog();
      const handle = engine.start(base(), log.listener);
      // Held in validation (a poll per status would take a million polls).
      await waitFor(() => log.events.some((e) => e.batch?.status === 'validating'));
      const batchId = log.events.find((e) => e.batch)!.batch!.batchId;
      const summary = await engine.cancel(handle.runId);
      expect(summary.status).toBe('interrupted');
      expect(server.batches.batches.get(batchId)?.status).toBe('cancelling');
      expect(runBatchesRepo(s.workspace.db).open(handle.runId)?.status).toBe('cancelling');
      server.batches.pollsPerStatus = 1;
      const created = server.batches.created;
      const resumed = await engine.resume({ runId: handle.runId, pollMs: 10 }).finished;
      expect(resumed).toMatchObject({ status: 'done', done: 10 });
      expect(server.batches.batches.get(batchId)?.status).toBe('cancelled');
      expect(server.batches.created - created).toBe(1);
    } finally {
      server.batches.pollsPerStatus = 1;
    }
  });
});

if (!hasData) console.warn(`[skip] engine batch tests: ${noDataMessage}`);
