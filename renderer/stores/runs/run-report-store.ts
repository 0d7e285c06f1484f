import { createStore } from 'zustand/vanilla';
import type { ApiError } from '../../../shared/api/result';
import type { RunReport } from '../../../shared/runs/report';
import type { RunManifest, RunRegradeResult, RunSummary } from '../../../shared/runs/run';
import type { ApiClient } from '../../api/client-core';
import { emptyItemFilter, type ItemFilter } from './report-filter';

export interface RunReportState {
  runId?: number | undefined;
  status: 'idle' | 'loading' | 'ready' | 'error';
  summary?: RunSummary | undefined;
  manifest?: RunManifest | undefined;
  report?: RunReport | undefined;
  error?: ApiError | undefined;
  /** The scorer asked for (absent: the report's default, the first own scorer). */
  scorer?: string | undefined;
  filter: ItemFilter;
  /** The item whose verdicts are shown beside the table (its external id). */
  selected?: string | undefined;
  /** Loads the run and its report; the same run again only when `force` (a refresh). */
  open(runId: number, force?: boolean): Promise<void>;
  setScorer(scorer: string): Promise<void>;
  setFilter(patch: Partial<ItemFilter>): void;
  select(externalId: string | undefined): void;
  /** The last re-grade of this run (what changed), or why it was refused. */
  regraded?:
    | { status: 'running' }
    | { status: 'done'; value: RunRegradeResult }
    | { status: 'error'; error: ApiError }
    | undefined;
  /** Grades the run again with one scorer against the dataset as it is now (no model calls). */
  regrade(scorer: string): Promise<void>;
}

/** While a run is running its report is read again at most this often (ms). */
export const LIVE_REFRESH_MS = 5000;

/**
 * One run's report (runs.get + runs.report): scorer choice, item filters, the selected item.
 * `now` is the clock of the live refresh (a hand-moved one in tests).
 */
export function createRunReportStore(api: ApiClient, now: () => number = Date.now) {
  let loadedAt = -Infinity;
  const store = createStore<RunReportState>()((set, get) => {
    // A later open or scorer change wins over an earlier answer still on its way.
    let request = 0;
    const load = async (runId: number, scorer: string | undefined) => {
      const mine = ++request;
      loadedAt = now();
      set({ status: 'loading', error: undefined });
      const [run, rep] = await Promise.all([
        api.call('runs.get', { runId }),
        api.call('runs.report', scorer === undefined ? { runId } : { runId, scorer }),
      ]);
      if (mine !== request) return;
      if (!run.ok) return set({ status: 'error', error: run.error });
      if (!rep.ok) return set({ status: 'error', error: rep.error });
      set({
        status: 'ready',
        summary: run.value.summary,
        manifest: run.value.manifest,
        report: rep.value.report,
      });
    };
    return {
      status: 'idle',
      filter: emptyItemFilter(),
      async open(runId, force = false) {
        if (!force && get().runId === runId && get().status !== 'error') return;
        if (get().runId !== runId)
          set({
            runId,
            summary: undefined,
            manifest: undefined,
            report: undefined,
            scorer: undefined,
            filter: emptyItemFilter(),
            selected: undefined,
            regraded: undefined,
          });
        await load(runId, get().scorer);
      },
      async setScorer(scorer) {
        const runId = get().runId;
        if (runId === undefined) return;
        // Failure causes are the shown scorer's: a cause chip of another scorer would mislead.
        set({ scorer, filter: { ...get().filter, cause: undefined } });
        await load(runId, scorer);
      },
      setFilter: (patch) => set({ filter: { ...get().filter, ...patch } }),
      select: (selected) => set({ selected }),
      async regrade(scorer) {
        const runId = get().runId;
        if (runId === undefined) return;
        set({ regraded: { status: 'running' } });
        const r = await api.call('runs.regrade', { runId, scorer });
        if (get().runId !== runId) return;
        if (!r.ok) return set({ regraded: { status: 'error', error: r.error } });
        set({ regraded: { status: 'done', value: r.value } });
        await load(runId, get().scorer);
      },
    };
  });
  // The report of a running run is a snapshot: it is read again every few seconds while items
  // commit (a report is a whole-run computation, so not on every event), and when the run stops
  // so it covers every committed item.
  api.subscribe('run.progress', (p) => {
    const s = store.getState();
    if (p.runId !== s.runId) return;
    const stopped = p.status !== 'running' && s.summary?.status !== p.status;
    const stale =
      p.status === 'running' && s.status !== 'loading' && now() - loadedAt >= LIVE_REFRESH_MS;
    if (stopped || stale) void s.open(p.runId, true);
  });
  return store;
}
