import { createStore } from 'zustand/vanilla';
import type { ApiError } from '../../../shared/api/result';
import type { GapCoverage } from '../../../shared/gap/gap-coverage';
import type { GapGroup, GapReport } from '../../../shared/gap/gap-report';
import type { RunSummary } from '../../../shared/runs/run';
import type { SessionSummary } from '../../../shared/sessions/session';
import type { ApiClient } from '../../api/client-core';

export interface GapState {
  /** Finished sessions (the only ones with verdicts) and every run, for the pickers. */
  sessions: SessionSummary[];
  runs: RunSummary[];
  listsStatus: 'idle' | 'loading' | 'ready' | 'error';
  pair?: { sessionId: number; runId: number } | undefined;
  status: 'idle' | 'loading' | 'ready' | 'error';
  report?: GapReport | undefined;
  error?: ApiError | undefined;
  /** The session against each of several runs: the "all" row of each gap (or why it failed). */
  each: { sessionId: number; rows: EachRunRow[] } | undefined;
  /** The runs on the chosen session's questions, fully or in part (gap.coverage). */
  coverage: GapCoverage | undefined;
  coverageError?: ApiError | undefined;
  loadLists(): Promise<void>;
  loadCoverage(sessionId: number): Promise<GapCoverage | undefined>;
  open(sessionId: number, runId: number): Promise<void>;
  compareEach(sessionId: number, runIds: readonly number[]): Promise<void>;
}

export interface EachRunRow {
  runId: number;
  status: 'loading' | 'ready' | 'error';
  all?: GapGroup | undefined;
  paired?: number | undefined;
  error?: ApiError | undefined;
}

/** The gap view's data: the pickers' lists and one gap.compare report. */
export function createGapStore(api: ApiClient) {
  return createStore<GapState>()((set, get) => {
    let request = 0;
    let eachRequest = 0;
    let coverageRequest = 0;
    return {
      sessions: [],
      runs: [],
      listsStatus: 'idle',
      status: 'idle',
      each: undefined,
      coverage: undefined,
      async loadCoverage(sessionId) {
        const mine = ++coverageRequest;
        if (get().coverage?.sessionId !== sessionId)
          set({ coverage: undefined, coverageError: undefined });
        const r = await api.call('gap.coverage', { sessionId });
        if (mine !== coverageRequest) return undefined;
        if (!r.ok) {
          set({ coverage: undefined, coverageError: r.error });
          return undefined;
        }
        set({ coverage: r.value, coverageError: undefined });
        return r.value;
      },
      async compareEach(sessionId, runIds) {
        const mine = ++eachRequest;
        let rows: EachRunRow[] = runIds.map((runId) => ({ runId, status: 'loading' }));
        set({ each: { sessionId, rows } });
        // One at a time: each compare may re-run programs in the sandbox.
        for (const [i, runId] of runIds.entries()) {
          const r = await api.call('gap.compare', { sessionId, runId });
          if (mine !== eachRequest) return;
          const row: EachRunRow = r.ok
            ? { runId, status: 'ready', all: r.value.groups[0], paired: r.value.counts.paired }
            : { runId, status: 'error', error: r.error };
          rows = rows.map((x, k) => (k === i ? row : x));
          set({ each: { sessionId, rows } });
        }
      },
      async loadLists() {
        set({ listsStatus: 'loading' });
        const [s, r] = await Promise.all([
          api.call('sessions.list', {}),
          api.call('runs.list', {}),
        ]);
        if (!s.ok) return set({ listsStatus: 'error', error: s.error });
        if (!r.ok) return set({ listsStatus: 'error', error: r.error });
        set({
          listsStatus: 'ready',
          sessions: s.value.sessions.filter((x) => x.status === 'finished'),
          runs: r.value.runs,
        });
      },
      async open(sessionId, runId) {
        const was = get().pair;
        if (was?.sessionId === sessionId && was.runId === runId && get().status === 'ready') return;
        const mine = ++request;
        set({ pair: { sessionId, runId }, status: 'loading', report: undefined, error: undefined });
        const r = await api.call('gap.compare', { sessionId, runId });
        // A later pick wins: an earlier answer arriving late is dropped.
        if (mine !== request) return;
        if (!r.ok) return set({ status: 'error', error: r.error });
        set({ status: 'ready', report: r.value });
      },
    };
  });
}
