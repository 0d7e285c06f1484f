import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RunJudgeInput, RunJudgeResult } from '../../../shared/runs/judge';
import type { ApiClient } from '../../api/client-core';
import { cancelJudgeJob, followJudgeJob, passStarted, type JudgeJobState } from './judge-job';

export interface JudgeRunState extends JudgeJobState {
  /** The run being (or last) judged from this window. */
  runId?: number | undefined;
  result?: RunJudgeResult | undefined;
  /** Judges the run (runs.judge); answers the result, or undefined when refused or failed. */
  start(input: RunJudgeInput): Promise<RunJudgeResult | undefined>;
  /** Stops the running judge job; what was judged so far is kept (the same start resumes). */
  cancel(): Promise<void>;
  /** Forgets a finished pass (another run opened). */
  reset(): void;
}

/** The job subject runs.judge gives its job (main/runs/judge/judge-run.ts). */
export const judgeJobSubject = (runId: number) => `judge:run:${runId}`;

/** The Report screen's "Judge with a model…": one judging pass, its progress and its end. */
export function createJudgeRunStore(api: ApiClient) {
  const store: StoreApi<JudgeRunState> = createStore<JudgeRunState>()((set, get) => ({
    status: 'idle',
    cancelling: false,
    async start(input) {
      if (get().status === 'running') return undefined;
      set({ ...passStarted, runId: input.runId, result: undefined });
      const r = await api.call('runs.judge', input);
      if (get().runId !== input.runId) return undefined;
      if (!r.ok) {
        set({ status: 'error', error: r.error, cancelling: false, jobId: undefined });
        return undefined;
      }
      set({ status: 'done', result: r.value, percent: 100, cancelling: false, jobId: undefined });
      return r.value;
    },
    cancel: (): Promise<void> => cancelJudgeJob(api, store),
    reset: () =>
      set({
        runId: undefined,
        status: 'idle',
        percent: undefined,
        jobId: undefined,
        cancelling: false,
        result: undefined,
        error: undefined,
      }),
  }));
  followJudgeJob(api, store, (s) => (s.runId === undefined ? undefined : judgeJobSubject(s.runId)));
  return store;
}
