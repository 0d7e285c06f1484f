import { describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../shared/api/contract';
import { fail, ok } from '../../../shared/api/result';
import { summarizeJudge, type RunJudgeResult } from '../../../shared/runs/judge';
import {
  createJudgeRunStore,
  judgeJobSubject,
} from '../../../renderer/stores/runs/judge-run-store';
import { fakeClient } from '../questions/fake-client';

const judge = { judgeModel: 'judge-m', rubricId: 'analytic-v1', rubricHash: 'h1' };

function result(runId: number): RunJudgeResult {
  return {
    runId,
    judgeModel: judge.judgeModel,
    rubric: { id: judge.rubricId, hash: judge.rubricHash },
    wanted: 3,
    asked: 2,
    reused: 1,
    skipped: 0,
    unreadable: 0,
    refused: 0,
    failed: 0,
    notAsked: 0,
    firstError: null,
    inputTokens: 30,
    outputTokens: 9,
    summary: summarizeJudge(judge, []),
  };
}

const progress = (patch: Partial<EventPayload<'job.progress'>>): EventPayload<'job.progress'> => ({
  jobId: 'j1',
  kind: 'run',
  label: 'Judge run #7 with judge-m (analytic-v1)',
  subject: judgeJobSubject(7),
  state: 'running',
  done: 0,
  total: 100,
  unit: 'percent',
  ...patch,
});

const input = { runId: 7, provider: { providerId: 1 }, model: 'judge-m' };

describe('judge run store', () => {
  it('follows its own judge job’s progress, then keeps the result', async () => {
    const api = fakeClient({ 'runs.judge': ({ runId }) => ok(result(runId)) });
    const store = createJudgeRunStore(api.client);
    api.hold();
    const started = store.getState().start(input);
    expect(store.getState().status).toBe('running');
    // Another run's judge job and a parse job are not this pass's progress.
    api.emit('job.progress', progress({ jobId: 'other', subject: judgeJobSubject(8), done: 90 }));
    api.emit('job.progress', progress({ jobId: 'p', kind: 'parse', subject: 'doc:7', done: 80 }));
    expect(store.getState().percent).toBeUndefined();
    api.emit('job.progress', progress({ done: 40 }));
    expect(store.getState()).toMatchObject({ percent: 40, jobId: 'j1' });
    api.release();
    expect(await started).toMatchObject({ runId: 7, asked: 2, reused: 1 });
    expect(store.getState()).toMatchObject({ status: 'done', percent: 100, jobId: undefined });
    expect(api.calls).toEqual([{ method: 'runs.judge', input }]);
    // Progress after the end changes nothing.
    api.emit('job.progress', progress({ done: 10 }));
    expect(store.getState().percent).toBe(100);
  });

  it('cancels its job; the cancelled answer ends the pass as an error in words', async () => {
    const api = fakeClient({
      'runs.judge': () => fail('cancelled', 'judging cancelled after 1 of 3 judgements'),
      'jobs.cancel': () => ok({ state: 'cancelled' }),
    });
    const store = createJudgeRunStore(api.client);
    // Nothing to cancel before the job has said who it is.
    await store.getState().cancel();
    expect(api.calls).toEqual([]);
    api.hold();
    const started = store.getState().start(input);
    api.emit('job.progress', progress({ done: 33 }));
    const cancelled = store.getState().cancel();
    expect(store.getState().cancelling).toBe(true);
    api.release();
    await cancelled;
    expect(await started).toBeUndefined();
    expect(api.calls.map((c) => c.method)).toEqual(['runs.judge', 'jobs.cancel']);
    expect(api.calls[1]!.input).toEqual({ jobId: 'j1' });
    expect(store.getState()).toMatchObject({
      status: 'error',
      cancelling: false,
      error: { code: 'cancelled' },
    });
  });

  it('refuses a second start while one runs, and reset forgets the last pass', async () => {
    const api = fakeClient({ 'runs.judge': ({ runId }) => ok(result(runId)) });
    const store = createJudgeRunStore(api.client);
    api.hold();
    const first = store.getState().start(input);
    expect(await store.getState().start({ ...input, runId: 8 })).toBeUndefined();
    api.release();
    await first;
    expect(api.calls).toHaveLength(1);
    store.getState().reset();
    expect(store.getState()).toMatchObject({ status: 'idle', runId: undefined, result: undefined });
  });
});
