import { createStore } from 'zustand/vanilla';
import type { ApiError } from '../../../shared/api/result';
import type { RunComparison, RunReport } from '../../../shared/runs/report';
import type { ApiClient } from '../../api/client-core';
import { emptyFlipFilter, type FlipFilter } from './report-filter';

export interface CompareState {
  pair?: { a: number; b: number } | undefined;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Run A's report (subsets of the flipped questions, names) and run B's (its name). */
  reportA?: RunReport | undefined;
  reportB?: RunReport | undefined;
  comparison?: RunComparison | undefined;
  error?: ApiError | undefined;
  scorer?: string | undefined;
  filter: FlipFilter;
  open(a: number, b: number, force?: boolean): Promise<void>;
  setScorer(scorer: string): Promise<void>;
  setFilter(patch: Partial<FlipFilter>): void;
}

/** Two runs compared item by item: runs.report of A with compareTo B, and B's own report. */
export function createCompareStore(api: ApiClient) {
  return createStore<CompareState>()((set, get) => {
    let request = 0;
    const load = async (a: number, b: number, scorer: string | undefined) => {
      const mine = ++request;
      set({ status: 'loading', error: undefined });
      const s = scorer === undefined ? {} : { scorer };
      const [ra, rb] = await Promise.all([
        api.call('runs.report', { runId: a, compareTo: b, ...s }),
        api.call('runs.report', { runId: b, ...s }),
      ]);
      if (mine !== request) return;
      if (!ra.ok) return set({ status: 'error', error: ra.error });
      if (!rb.ok) return set({ status: 'error', error: rb.error });
      if (!ra.value.comparison)
        return set({
          status: 'error',
          error: { code: 'internal', message: 'the report came without a comparison' },
        });
      set({
        status: 'ready',
        reportA: ra.value.report,
        reportB: rb.value.report,
        comparison: ra.value.comparison,
      });
    };
    return {
      status: 'idle',
      filter: emptyFlipFilter(),
      async open(a, b, force = false) {
        const was = get().pair;
        const same = was?.a === a && was.b === b;
        if (same && !force && get().status !== 'error') return;
        if (!same)
          set({
            pair: { a, b },
            reportA: undefined,
            reportB: undefined,
            comparison: undefined,
            filter: emptyFlipFilter(),
          });
        await load(a, b, get().scorer);
      },
      async setScorer(scorer) {
        const pair = get().pair;
        set({ scorer });
        if (pair) await load(pair.a, pair.b, scorer);
      },
      setFilter: (patch) => set({ filter: { ...get().filter, ...patch } }),
    };
  });
}
