import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../shared/api/result';
import type { EloTable, RunPairwiseResult } from '../../../shared/runs/judge';
import {
  createJudgeEloStore,
  pairsJobSubject,
} from '../../../renderer/stores/runs/judge-elo-store';
import { fakeClient } from '../questions/fake-client';

function elo(runIds: number[], wins: number): EloTable {
  return {
    runIds,
    judgeModel: 'judge-m',
    rubricId: 'analytic-v1',
    questions: 3,
    outcomes: 3,
    unreadable: 0,
    positionDisagreements: 0,
    prior: 1,
    iterations: 1000,
    rows: runIds.map((runId, i) => ({
      runId,
      model: `model-${runId}`,
      mode: null,
      rating: i === 0 ? 1100 : 900,
      low: null,
      high: null,
      wins: i === 0 ? wins : 0,
      losses: i === 0 ? 0 : wins,
      ties: 3 - wins,
    })),
  };
}

function pairwise(runIds: number[]): RunPairwiseResult {
  return {
    runIds,
    judgeModel: 'judge-m',
    rubric: { id: 'analytic-v1', hash: 'h1' },
    wanted: 6,
    asked: 6,
    reused: 0,
    unreadable: 0,
    refused: 0,
    failed: 0,
    notAsked: 0,
    firstError: null,
    inputTokens: 60,
    outputTokens: 12,
    questions: 3,
    elo: elo(runIds, 2),
  };
}

describe('judge Elo store', () => {
  it('reads the Elo table of compared runs; never compared is "none", not an error', async () => {
    let judged = false;
    const api = fakeClient({
      'runs.elo': ({ runIds }) =>
        judged
          ? ok(elo(runIds, 1))
          : fail('not-found', `no pairwise judgements among runs ${runIds.join(', ')}`),
      'runs.judgePairwise': ({ runIds }) => {
        judged = true;
        return ok(pairwise(runIds));
      },
    });
    const store = createJudgeEloStore(api.client);
    await store.getState().load([1, 2]);
    expect(store.getState().table).toEqual({ status: 'none' });
    api.hold();
    const pass = store
      .getState()
      .judge({ runIds: [1, 2], provider: { providerId: 1 }, model: 'judge-m' });
    expect(store.getState().status).toBe('running');
    api.emit('job.progress', {
      jobId: 'j9',
      kind: 'run',
      label: 'Judge runs #1, #2 pairwise',
      subject: pairsJobSubject([1, 2]),
      state: 'running',
      done: 50,
      total: 100,
      unit: 'percent',
    });
    expect(store.getState()).toMatchObject({ percent: 50, jobId: 'j9' });
    api.release();
    expect((await pass)?.elo.rows[0]?.wins).toBe(2);
    const table = store.getState().table;
    expect(table.status === 'ready' && table.value.rows.map((r) => r.wins)).toEqual([2, 0]);
    // The same runs again are not read again unless forced.
    await store.getState().load([1, 2]);
    expect(api.calls.filter((c) => c.method === 'runs.elo')).toHaveLength(1);
    await store.getState().load([1, 2], true);
    const forced = store.getState().table;
    expect(forced.status === 'ready' && forced.value.rows[0]?.wins).toBe(1);
  });

  it('shows another failure in words and, after a cancelled pass, what was stored', async () => {
    const api = fakeClient({
      'runs.elo': () => fail('invalid-input', 'runs #1, #2 were compared by more than one judge'),
      'runs.judgePairwise': () => fail('cancelled', 'judging cancelled after 2 of 6 judgements'),
      'jobs.cancel': () => ok({ state: 'cancelled' }),
    });
    const store = createJudgeEloStore(api.client);
    await store.getState().load([1, 2]);
    expect(store.getState().table).toMatchObject({
      status: 'error',
      error: { code: 'invalid-input' },
    });
    expect(
      await store.getState().judge({ runIds: [1, 2], provider: { providerId: 1 }, model: 'm' }),
    ).toBeUndefined();
    expect(store.getState()).toMatchObject({ status: 'error', error: { code: 'cancelled' } });
    // The table is read again after the pass, whatever its end.
    expect(api.calls.map((c) => c.method)).toEqual(['runs.elo', 'runs.judgePairwise', 'runs.elo']);
  });
});
