import type { StoreApi } from 'zustand/vanilla';
import type { ApiError } from '../../../shared/api/result';
import type { ApiClient } from '../../api/client-core';

/** What a store running a judge pass (runs.judge, runs.judgePairwise) knows of its job. */
export interface JudgeJobState {
  status: 'idle' | 'running' | 'done' | 'error';
  /** Percent of the judgements asked, from the job's progress events. */
  percent?: number | undefined;
  /** The judge job (from its first progress event): what Cancel stops. */
  jobId?: string | undefined;
  /** Cancel was asked for and has not been answered yet. */
  cancelling: boolean;
  error?: ApiError | undefined;
}

/**
 * Follows the judge job whose subject `subjectOf` names while the store's pass runs (another
 * window or the CLI may judge other runs at the same time); answers the unsubscribe.
 */
export function followJudgeJob<S extends JudgeJobState>(
  api: ApiClient,
  store: StoreApi<S>,
  subjectOf: (s: S) => string | undefined,
) {
  return api.subscribe('job.progress', (p) => {
    const s = store.getState();
    if (p.state !== 'running' || s.status !== 'running' || p.subject !== subjectOf(s)) return;
    const percent =
      p.unit === 'percent' ? p.done : Math.round((100 * p.done) / Math.max(1, p.total));
    store.setState({ jobId: p.jobId, percent } as Partial<S>);
  });
}

/** Asks the store's running judge job to stop; the pass's own call then answers `cancelled`. */
export async function cancelJudgeJob<S extends JudgeJobState>(api: ApiClient, store: StoreApi<S>) {
  const { jobId, status } = store.getState();
  if (jobId === undefined || status !== 'running') return;
  store.setState({ cancelling: true } as Partial<S>);
  const r = await api.call('jobs.cancel', { jobId });
  if (!r.ok && store.getState().jobId === jobId)
    store.setState({ cancelling: false, error: r.error } as Partial<S>);
}

/** A new pass: nothing of the last one's progress or end. */
export const passStarted = {
  status: 'running',
  percent: undefined,
  jobId: undefined,
  cancelling: false,
  error: undefined,
} as const;
