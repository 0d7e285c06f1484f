import { createStore } from 'zustand/vanilla';
import type { ApiError } from '../../../shared/api/result';
import type { RunItemDetail } from '../../../shared/runs/item-detail';
import type { ApiClient } from '../../api/client-core';

export interface RunItemState {
  /** The item shown in the report's side panel (absent: the panel is closed). */
  open?: { runId: number; questionId: number; externalId: string } | undefined;
  status: 'idle' | 'loading' | 'ready' | 'error';
  detail?: RunItemDetail | undefined;
  error?: ApiError | undefined;
  /** Opens the panel on one item and reads it (runs.item). */
  show(runId: number, questionId: number, externalId: string): Promise<void>;
  close(): void;
}

/** The run report's item side panel: one item's question, gold, program, trace and verdicts. */
export function createRunItemStore(api: ApiClient) {
  return createStore<RunItemState>()((set, get) => ({
    status: 'idle',
    async show(runId, questionId, externalId) {
      const want = { runId, questionId, externalId };
      set({ open: want, status: 'loading', detail: undefined, error: undefined });
      const r = await api.call('runs.item', { runId, questionId });
      // Another item was opened (or the panel closed) while this one was read.
      if (get().open !== want) return;
      if (!r.ok) return set({ status: 'error', error: r.error });
      set({ status: 'ready', detail: r.value });
    },
    close: () => set({ open: undefined, status: 'idle', detail: undefined, error: undefined }),
  }));
}
