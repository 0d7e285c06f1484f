import { createStore } from 'zustand/vanilla';
import type { ApiClient } from '../../api/client-core';
import { followRunProgress, runsListEngine } from './runs-list-engine';
import type { RunsListState } from './runs-list-state';
import { emptyStartDraft } from './start-draft';

export type { RunsListState } from './runs-list-state';

/**
 * The Runs screen's table: every run newest first, and the datasets they stand on; starting,
 * pausing, resuming and cancelling engine runs is runs-list-engine.ts.
 */
export function createRunsListStore(api: ApiClient) {
  const store = createStore<RunsListState>()((set, get) => ({
    status: 'idle',
    runs: [],
    datasets: [],
    picked: [],
    draft: emptyStartDraft(),
    starting: false,
    progress: {},
    acting: {},
    async load(force = false) {
      if (!force && (get().status === 'ready' || get().status === 'loading')) return;
      // A refresh keeps the table on screen; only the first load shows "loading".
      if (get().status !== 'ready') set({ status: 'loading', error: undefined });
      const [runs, datasets] = await Promise.all([
        api.call('runs.list', {}),
        api.call('datasets.list', {}),
      ]);
      if (!runs.ok) return set({ status: 'error', error: runs.error });
      if (!datasets.ok) return set({ status: 'error', error: datasets.error });
      const known = new Set(runs.value.runs.map((r) => r.runId));
      set({
        status: 'ready',
        runs: runs.value.runs,
        datasets: datasets.value.datasets,
        picked: get().picked.filter((id) => known.has(id)),
      });
    },
    togglePicked(runId) {
      const picked = get().picked;
      set({
        picked: picked.includes(runId)
          ? picked.filter((id) => id !== runId)
          : [...picked, runId].slice(-2),
      });
    },
    async remove(runId) {
      const r = await api.call('runs.remove', { runId });
      if (!r.ok) {
        set({ actionError: r.error });
        return false;
      }
      set({
        runs: get().runs.filter((x) => x.runId !== runId),
        picked: get().picked.filter((id) => id !== runId),
        actionError: undefined,
      });
      return r.value.removed;
    },
    ...runsListEngine(api, { get, set }),
  }));
  followRunProgress(api, store);
  return store;
}
