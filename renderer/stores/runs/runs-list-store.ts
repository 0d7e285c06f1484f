import { createStore } from 'zustand/vanilla';
import type { ApiError } from '../../../shared/api/result';
import type { DatasetSummary } from '../../../shared/datasets/stored-question';
import type { RunProgress, RunSummary } from '../../../shared/runs/run';
import type { ApiClient } from '../../api/client-core';
import { emptyStartDraft, startInput, startProblem, type StartDraft } from './start-draft';

export interface RunsListState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  runs: RunSummary[];
  /** The workspace's datasets: names in the table, choices in the start form. */
  datasets: DatasetSummary[];
  error?: ApiError;
  /** The last remove (or engine action) that failed; cleared by the next success. */
  actionError?: ApiError;
  /** Runs ticked for comparison, in the order ticked (at most two: A then B). */
  picked: number[];
  load(force?: boolean): Promise<void>;
  /** Ticks or unticks a run; a third tick drops the oldest. */
  togglePicked(runId: number): void;
  remove(runId: number): Promise<boolean>;
  /** The start form. */
  draft: StartDraft;
  starting: boolean;
  /** The latest `run.progress` of each engine run seen since the app opened. */
  progress: Record<number, RunProgress>;
  /** Runs whose pause, resume or cancel is on its way (buttons disabled meanwhile). */
  acting: Record<number, boolean>;
  setDraft(patch: Partial<StartDraft>): void;
  /** Starts the draft's run; answers its id, or undefined when main refused (actionError). */
  start(): Promise<number | undefined>;
  pause(runId: number): Promise<void>;
  resume(runId: number): Promise<void>;
  cancel(runId: number): Promise<void>;
}

const RUNNING: ReadonlySet<RunSummary['status']> = new Set(['running']);

/** The Runs screen's table: every run newest first, and the datasets they stand on. */
export function createRunsListStore(api: ApiClient) {
  const store = createStore<RunsListState>()((set, get) => {
    /** A summary main answered replaces the run's line (a new run goes first: newest first). */
    const withSummary = (summary: RunSummary) => {
      const runs = get().runs;
      set({
        runs: runs.some((r) => r.runId === summary.runId)
          ? runs.map((r) => (r.runId === summary.runId ? summary : r))
          : [summary, ...runs],
        actionError: undefined,
      });
    };
    const act = async (runId: number, call: () => ReturnType<ApiClient['call']>): Promise<void> => {
      set({ acting: { ...get().acting, [runId]: true } });
      try {
        const r = await call();
        if (!r.ok) set({ actionError: r.error });
        else withSummary((r.value as { summary: RunSummary }).summary);
      } finally {
        const { [runId]: _, ...acting } = get().acting;
        set({ acting });
      }
    };
    return {
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
      setDraft: (patch) => set({ draft: { ...get().draft, ...patch } }),
      async start() {
        const draft = get().draft;
        const problem = startProblem(draft);
        if (problem) {
          set({ actionError: { code: 'invalid-input', message: problem } });
          return undefined;
        }
        set({ starting: true, actionError: undefined });
        try {
          const r = await api.call('runs.start', startInput(draft));
          if (!r.ok) {
            set({ actionError: r.error });
            return undefined;
          }
          withSummary(r.value.summary);
          return r.value.runId;
        } finally {
          set({ starting: false });
        }
      },
      pause: (runId) => act(runId, () => api.call('runs.pause', { runId })),
      resume: (runId) => act(runId, () => api.call('runs.resume', { runId })),
      cancel: (runId) => act(runId, () => api.call('runs.cancel', { runId })),
    };
  });
  // Progress moves the run's line along; when a run stops the list is read again, so counts
  // and status are main's committed ones rather than the last event's.
  api.subscribe('run.progress', (p) => {
    const s = store.getState();
    const was = s.runs.find((r) => r.runId === p.runId);
    store.setState({
      progress: { ...s.progress, [p.runId]: p },
      runs: s.runs.map((r) =>
        r.runId === p.runId
          ? { ...r, status: p.status, done: p.done + p.failed, total: p.total }
          : r,
      ),
    });
    if (!was || (RUNNING.has(was.status) && !RUNNING.has(p.status))) void s.load(true);
  });
  return store;
}
