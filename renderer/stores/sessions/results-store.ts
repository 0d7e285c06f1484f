import { createStore } from 'zustand/vanilla';
import type { ApiError } from '../../../shared/api/result';
import type { RunSummary } from '../../../shared/runs/run';
import type { SessionAgreement, SessionResults } from '../../../shared/sessions/session';
import type { ApiClient } from '../../api/client-core';

export interface SessionResultsState {
  sessionId?: number | undefined;
  status: 'idle' | 'loading' | 'ready' | 'error';
  results?: SessionResults | undefined;
  error?: ApiError | undefined;
  /** Agreement with the other finished sessions on the same questions (none: undefined). */
  agreement?: SessionAgreement | undefined;
  agreementError?: ApiError | undefined;
  /** Runs on the session's dataset: each is a gap view away. */
  runs: RunSummary[];
  open(sessionId: number, options?: { reload?: boolean }): Promise<void>;
}

/**
 * A finished session's verdicts (gold unblinded), accuracy and time per question, and how it
 * agrees with other experts who answered the same question set.
 */
export function createSessionResultsStore(api: ApiClient) {
  return createStore<SessionResultsState>()((set, get) => ({
    status: 'idle',
    runs: [],
    async open(sessionId, options = {}) {
      const s = get();
      if (s.sessionId === sessionId && s.status === 'ready' && !options.reload) return;
      set({
        sessionId,
        status: 'loading',
        results: undefined,
        error: undefined,
        agreement: undefined,
        agreementError: undefined,
        runs: [],
      });
      const r = await api.call('sessions.results', { sessionId });
      if (get().sessionId !== sessionId) return;
      if (!r.ok) return set({ status: 'error', error: r.error });
      set({ status: 'ready', results: r.value });
      const datasetId = r.value.session.datasetId;
      const [list, runs] = await Promise.all([
        api.call('sessions.list', {}),
        api.call('runs.list', {}),
      ]);
      if (get().sessionId !== sessionId) return;
      if (runs.ok && datasetId !== null)
        set({ runs: runs.value.runs.filter((x) => x.datasetId === datasetId) });
      // Other experts on the same questions, finished: agreement is on correct/incorrect.
      if (!list.ok) return;
      const key = r.value.session.questionSetKey;
      const ids = list.value.sessions
        .filter((x) => x.questionSetKey === key && x.status === 'finished')
        .map((x) => x.id)
        .sort((a, b) => a - b);
      if (ids.length < 2) return;
      const agreement = await api.call('sessions.agreement', { sessionIds: ids.slice(0, 50) });
      if (get().sessionId !== sessionId) return;
      if (agreement.ok) set({ agreement: agreement.value });
      else set({ agreementError: agreement.error });
    },
  }));
}
