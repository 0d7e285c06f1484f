import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runsRepo, type NewRunItem } from '../../../main/db/runs-repo';
import type { Services } from '../../../main/services';
import type { StoredQuestion } from '../../../shared/datasets';
import { hasData } from '../../support/data-dir';
import { startOpenAiTestServer, type OpenAiTestServer } from '../../support/openai-test-server';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';
import { importTatqa, tatqaDev } from './engine-support';

// The engine's commit of one event-loop turn's items (`runsRepo.putItems`): several items and
// their verdicts in one transaction, without a savepoint per item, an earlier failed item of a
// question replaced, and nothing of the batch kept when one of its writes fails.

type Q = Pick<StoredQuestion, 'id' | 'externalId'>;

const verdict = (scorer: string, correct: boolean): NewRunItem['verdicts'][number] => ({
  scorer,
  scorerVersion: '1',
  correct,
  score: correct ? 1 : 0,
  outcome: correct ? 'correct' : 'incorrect',
  rule: 'test',
  extracted: null,
  predNormalized: 'a',
  goldNormalized: 'a',
  goldVersion: 'g1-test',
});

const answered = (q: Q, externalId = q.externalId): NewRunItem => ({
  questionId: q.id,
  externalId,
  output: 'Answer: 1',
  answer: 'Answer: 1',
  answerKind: 'text',
  answerScale: null,
  program: null,
  execution: null,
  usage: { inputTokens: 10, outputTokens: 2, calls: 1, cachedCalls: 0 },
  latencyMs: 3,
  error: null,
  verdicts: [verdict('strict', true), verdict('tatqa', false)],
});

const failed = (q: Q): NewRunItem => ({
  ...answered(q),
  output: null,
  answer: null,
  usage: null,
  latencyMs: null,
  error: 'llm-server-error: 500',
  verdicts: [],
});

describe.skipIf(!hasData)('runsRepo.putItems (one transaction per turn of items)', () => {
  let env: Awaited<ReturnType<typeof tempServices>>;
  let s: Services;
  let server: OpenAiTestServer;
  let runId: number;
  let questions: Q[];
  const files = tempDir('put-items-');

  beforeAll(async () => {
    env = await tempServices();
    s = env.services;
    const { datasetId } = await importTatqa(s, files.dir, tatqaDev().slice(0, 2));
    questions = s.datasets.questions(datasetId);
    server = await startOpenAiTestServer({ defaultReply: 'Answer: 1' });
    // A real engine run of one question, for a run row with a real manifest.
    runId = (
      await s.engine.start({
        datasetId,
        limit: 1,
        provider: { baseUrl: server.baseUrl },
        model: 'test-chat',
        mode: 'direct',
      }).finished
    ).runId;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    env?.cleanup();
    files.cleanup();
  });

  it('writes a turn of items with their verdicts, replacing an earlier failed item', () => {
    const repo = runsRepo(s.workspace.db);
    const [, q1, q2] = questions;
    repo.putItems(runId, [failed(q1!)], '2026-01-01T00:00:00.000Z');
    expect(repo.item(runId, q1!.id)?.error).toMatch(/llm-server-error/);

    repo.putItems(runId, [answered(q1!), answered(q2!)], '2026-01-02T00:00:00.000Z');
    const items = repo
      .items(runId)
      .filter((i) => i.questionId === q1!.id || i.questionId === q2!.id);
    expect(items.map((i) => [i.questionId, i.error])).toEqual([
      [q1!.id, null],
      [q2!.id, null],
    ]);
    const ids = new Set(items.map((i) => i.itemId));
    const vs = repo.verdicts(runId).filter((v) => ids.has(v.itemId));
    expect(vs).toHaveLength(4);
    expect(vs.filter((v) => v.scorer === 'strict').every((v) => v.correct)).toBe(true);
    // The run's updated_at is the turn's commit time.
    expect(s.runs.list().find((r) => r.runId === runId)?.updatedAt).toBe(
      '2026-01-02T00:00:00.000Z',
    );
  });

  it('keeps nothing of a turn when one of its items cannot be written', () => {
    const repo = runsRepo(s.workspace.db);
    const [, , q2, q3, q4] = questions;
    const before = repo.items(runId).length;
    // q4 under q3's external id breaks UNIQUE (run_id, external_id): after q3 was inserted.
    expect(() => repo.putItems(runId, [answered(q3!), answered(q4!, q3!.externalId)])).toThrow(
      /UNIQUE/,
    );
    expect(repo.items(runId)).toHaveLength(before);
    expect(repo.item(runId, q3!.id)).toBeUndefined();
    // An earlier failed item replaced in a failed turn is still there afterwards.
    repo.putItems(runId, [failed(q4!)]);
    expect(() => repo.putItems(runId, [answered(q4!), answered(q2!)])).toThrow(/UNIQUE/);
    expect(repo.item(runId, q4!.id)?.error).toMatch(/llm-server-error/);
  });
});
