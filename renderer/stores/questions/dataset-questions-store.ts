import { createStore } from 'zustand/vanilla';
import type { ApiError } from '../../../shared/api/result';
import type { DatasetSummary, QuestionSummary } from '../../../shared/datasets/stored-question';
import type { ApiClient } from '../../api/client-core';

export interface DatasetQuestionsState {
  datasetId?: number | undefined;
  status: 'idle' | 'loading' | 'ready' | 'error';
  dataset?: DatasetSummary | undefined;
  /** In the workspace's order (stable ids ascending); no gold. */
  questions: QuestionSummary[];
  /** Words the list is narrowed to (see filterQuestions); kept while the dataset stays open. */
  filter: string;
  error?: ApiError | undefined;
  /** Loads a dataset's question list; a list already loaded for it is kept (and its filter). */
  open(datasetId: number, options?: { reload?: boolean }): Promise<void>;
  setFilter(filter: string): void;
}

/** One dataset's question list and the filter typed over it. */
export function createDatasetQuestionsStore(api: ApiClient) {
  const store = createStore<DatasetQuestionsState>()((set, get) => ({
    status: 'idle',
    questions: [],
    filter: '',
    async open(datasetId, options = {}) {
      const s = get();
      const same = s.datasetId === datasetId;
      if (same && !options.reload && (s.status === 'ready' || s.status === 'loading')) return;
      set({
        datasetId,
        status: 'loading',
        error: undefined,
        ...(same ? {} : { dataset: undefined, questions: [], filter: '' }),
      });
      const r = await api.call('datasets.questions', { datasetId });
      if (get().datasetId !== datasetId) return; // another dataset was opened meanwhile
      if (!r.ok) set({ status: 'error', error: r.error });
      else set({ status: 'ready', dataset: r.value.dataset, questions: r.value.questions });
    },
    setFilter: (filter) => set({ filter }),
  }));
  // A re-import or removal changes the list: reload the open one.
  api.subscribe('library.changed', () => {
    const { datasetId, status } = store.getState();
    if (datasetId !== undefined && status !== 'idle')
      void store.getState().open(datasetId, { reload: true });
  });
  return store;
}
