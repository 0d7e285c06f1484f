import { createStore } from 'zustand/vanilla';
import type { ApiError } from '../../../shared/api/result';
import type { SessionResults } from '../../../shared/sessions/session';
import type { ApiClient } from '../../api/client-core';

export interface SessionResultsState {
  sessionId?: number;
  status: 'idle' | 'loading' | 'ready' | 'error';
  results?: SessionResults;
  error?: ApiError;
  open(sessionId: number, options?: { reload?: boolean }): Promise<void>;
}

/** A finished session's verdicts (gold unblinded), accuracy and time per question. */
export function createSessionResultsStore(api: ApiClient) {
  return createStore<SessionResultsState>()((set, get) => ({
    status: 'idle',
    async open(sessionId, options = {}) {
      const s = get();
      if (s.sessionId === sessionId && s.status === 'ready' && !options.reload) return;
      set({ sessionId, status: 'loading', results: undefined, error: undefined });
      const r = await api.call('sessions.results', { sessionId });
      if (get().sessionId !== sessionId) return;
      if (r.ok) set({ status: 'ready', results: r.value });
      else set({ status: 'error', error: r.error });
    },
  }));
}
