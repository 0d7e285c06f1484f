import type { StoreApi } from 'zustand/vanilla';
import type { RunSummary } from '../../../shared/runs/run';
import type { ApiClient } from '../../api/client-core';
import type { RunsListAccess, RunsListState } from './runs-list-state';
import { startInput, startProblem } from './start-draft';

const RUNNING: ReadonlySet<RunSummary['status']> = new Set(['running']);

/**
 * The engine's runs from the Runs screen: the start form and starting its run, and pause,
 * resume and cancel of a run (its buttons disabled while the call is on its way).
 */
export function runsListEngine(
  api: ApiClient,
  { get, set }: RunsListAccess,
): Pick<RunsListState, 'setDraft' | 'start' | 'pause' | 'resume' | 'cancel'> {
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
}

/**
 * Progress moves the run's line along; when a run stops the list is read again, so counts
 * and status are main's committed ones rather than the last event's.
 */
export function followRunProgress(api: ApiClient, store: StoreApi<RunsListState>): void {
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
}
