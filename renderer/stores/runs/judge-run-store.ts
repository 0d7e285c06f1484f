import { createStore } from 'zustand/vanilla';
import type { ApiError } from '../../../shared/api/result';
import type { RunJudgeInput, RunJudgeResult } from '../../../shared/runs/judge';
import type { ApiClient } from '../../api/client-core';

export interface JudgeRunState {
  /** The run being (or last) judged from this window. */
  runId?: number;
  status: 'idle' | 'running' | 'done' | 'error';
  /** Percent of the judgements asked, from the judge job's progress events. */
  percent?: number;
  /** The judge job (from its first progress event): what Cancel stops. */
  jobId?: string;
  /** Cancel was asked for and has not been answered yet. */
  cancelling: boolean;
  result?: RunJudgeResult;
  error?: ApiError;
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
  const store = createStore<JudgeRunState>()((set, get) => ({
    status: 'idle',
    cancelling: false,
    async start(input) {
      if (get().status === 'running') return undefined;
      set({
        runId: input.runId,
        status: 'running',
        percent: undefined,
        jobId: undefined,
        cancelling: false,
        result: undefined,
        error: undefined,
      });
      const r = await api.call('runs.judge', input);
      if (get().runId !== input.runId) return undefined;
      if (!r.ok) {
        set({ status: 'error', error: r.error, cancelling: false, jobId: undefined });
        return undefined;
      }
      set({ status: 'done', result: r.value, percent: 100, cancelling: false, jobId: undefined });
      return r.value;
    },
    async cancel() {
      const { jobId, status } = get();
      if (jobId === undefined || status !== 'running') return;
      set({ cancelling: true });
      // runs.judge then answers (cancelled, or with what was judged), which ends the pass.
      const r = await api.call('jobs.cancel', { jobId });
      if (!r.ok && get().jobId === jobId) set({ cancelling: false, error: r.error });
    },
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
  api.subscribe('job.progress', (p) => {
    const { status, runId } = store.getState();
    // Another window or the CLI may judge another run at the same time.
    if (
      p.state !== 'running' ||
      status !== 'running' ||
      runId === undefined ||
      p.subject !== judgeJobSubject(runId)
    )
      return;
    store.setState({
      jobId: p.jobId,
      percent: p.unit === 'percent' ? p.done : Math.round((100 * p.done) / Math.max(1, p.total)),
    });
  });
  return store;
}
