import { createStore } from 'zustand/vanilla';
import type { ApiError } from '../../../shared/api/result';
import type { FactsSearchResult, FactsSeriesResult } from '../../../shared/facts/company-facts';
import { periodKinds, type PeriodKind } from '../../../shared/facts/series';
import type { ApiClient } from '../../api/client-core';

type Load<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; value: T }
  | { status: 'error'; error: ApiError };

export interface FactsState {
  company: string | null;
  query: string;
  found: Load<FactsSearchResult>;
  /** The concept shown, with its dimensions ({}: none). */
  concept: string | null;
  dimensions: Record<string, string>;
  series: Load<FactsSeriesResult>;
  /** The kind of period the chart draws; null: the one with most periods. */
  kind: PeriodKind | null;
  /** Opens a company's facts (a key of shared/library/company-groups) and searches `query`. */
  open(company: string, query?: string): Promise<void>;
  search(query: string): Promise<void>;
  choose(concept: string, dimensions?: Record<string, string>): Promise<void>;
  setKind(kind: PeriodKind): void;
}

/**
 * The Facts panel of a company (renderer/features/facts): its concept search and the series of
 * the chosen concept. Answers that arrive after a newer request was made are dropped.
 */
export function createFactsStore(api: ApiClient) {
  let searchSeq = 0;
  let seriesSeq = 0;
  return createStore<FactsState>()((set, get) => ({
    company: null,
    query: '',
    found: { status: 'idle' },
    concept: null,
    dimensions: {},
    series: { status: 'idle' },
    kind: null,
    async open(company, query = '') {
      if (get().company !== company)
        set({ company, concept: null, dimensions: {}, series: { status: 'idle' }, kind: null });
      await get().search(query);
    },
    async search(query) {
      const company = get().company;
      if (company === null) return;
      const seq = ++searchSeq;
      set({ query, found: { status: 'loading' } });
      const r = await api.call('facts.search', { subject: { company }, query, limit: 100 });
      if (seq !== searchSeq) return;
      set({
        found: r.ok ? { status: 'ready', value: r.value } : { status: 'error', error: r.error },
      });
    },
    async choose(concept, dimensions = {}) {
      const company = get().company;
      if (company === null) return;
      const seq = ++seriesSeq;
      set({ concept, dimensions, series: { status: 'loading' } });
      const r = await api.call('facts.series', { subject: { company }, concept, dimensions });
      if (seq !== seriesSeq) return;
      if (!r.ok) return set({ series: { status: 'error', error: r.error } });
      const kinds = periodKinds(r.value.points);
      const kind = get().kind;
      set({
        series: { status: 'ready', value: r.value },
        kind: kind && kinds.includes(kind) ? kind : (kinds[0] ?? null),
      });
    },
    setKind: (kind) => set({ kind }),
  }));
}
