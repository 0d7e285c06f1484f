import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiError } from '../../../shared/api/result';
import type { EloTable, RunPairwiseInput, RunPairwiseResult } from '../../../shared/runs/judge';
import type { ApiClient } from '../../api/client-core';
import { cancelJudgeJob, followJudgeJob, passStarted, type JudgeJobState } from './judge-job';

export interface JudgeEloState extends JudgeJobState {
  /** The runs compared (the Compare screen's pair). */
  runIds?: number[] | undefined;
  /** The Elo table of their stored pairwise judgements; 'none' when they were never compared. */
  table:
    | { status: 'idle' | 'loading' | 'none' }
    | { status: 'ready'; value: EloTable }
    | { status: 'error'; error: ApiError };
  result?: RunPairwiseResult | undefined;
  /** Reads the runs' Elo table (runs.elo); the same runs again only when `force`. */
  load(runIds: number[], force?: boolean): Promise<void>;
  /** Judges the runs pairwise (runs.judgePairwise); its Elo table then shows. */
  judge(input: RunPairwiseInput): Promise<RunPairwiseResult | undefined>;
  cancel(): Promise<void>;
}

/** The job subject runs.judgePairwise gives its job (main/runs/judge/judge-pairs.ts). */
export const pairsJobSubject = (runIds: readonly number[]) => `judge:pairs:${runIds.join(',')}`;

const sameRuns = (a: readonly number[] | undefined, b: readonly number[]) =>
  a !== undefined && a.length === b.length && a.every((id, i) => id === b[i]);

/** The Compare screen's "Pairwise judge…" and the Elo table of the compared runs. */
export function createJudgeEloStore(api: ApiClient) {
  const store: StoreApi<JudgeEloState> = createStore<JudgeEloState>()((set, get) => {
    let request = 0;
    return {
      status: 'idle',
      cancelling: false,
      table: { status: 'idle' },
      async load(runIds, force = false) {
        const same = sameRuns(get().runIds, runIds);
        if (same && !force && get().table.status !== 'error') return;
        if (!same)
          set({ runIds, result: undefined, ...(get().status === 'running' ? {} : idlePass) });
        const mine = ++request;
        set({ table: { status: 'loading' } });
        const r = await api.call('runs.elo', { runIds });
        if (mine !== request) return;
        if (r.ok) set({ table: { status: 'ready', value: r.value } });
        // Never compared yet is the usual start, not a failure.
        else if (r.error.code === 'not-found') set({ table: { status: 'none' } });
        else set({ table: { status: 'error', error: r.error } });
      },
      async judge(input) {
        if (get().status === 'running') return undefined;
        ++request; // a table read still on its way would be older than this pass's
        set({ ...passStarted, runIds: input.runIds, result: undefined });
        const r = await api.call('runs.judgePairwise', input);
        // The screen may have moved to other runs meanwhile: the pass ends, their table stays.
        const here = sameRuns(get().runIds, input.runIds);
        if (!r.ok) {
          set({ status: 'error', error: r.error, cancelling: false, jobId: undefined });
          // A cancelled pass keeps what it stored: the table shows what there is.
          if (here) await get().load(input.runIds, true);
          return undefined;
        }
        set({
          status: 'done',
          result: r.value,
          percent: 100,
          cancelling: false,
          jobId: undefined,
          ...(here ? { table: { status: 'ready' as const, value: r.value.elo } } : {}),
        });
        return r.value;
      },
      cancel: (): Promise<void> => cancelJudgeJob(api, store),
    };
  });
  followJudgeJob(api, store, (s) => (s.runIds ? pairsJobSubject(s.runIds) : undefined));
  return store;
}

const idlePass = {
  status: 'idle',
  percent: undefined,
  jobId: undefined,
  cancelling: false,
  error: undefined,
} as const;
