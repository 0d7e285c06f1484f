import { createStore } from 'zustand/vanilla';
import type { ScreenFailure } from '../../../shared/api/contract';
import type { ApiClient } from '../../api/client-core';

/** What reporting a failed screen came to: where the log is, or why it could not be written. */
export type ReportOutcome =
  | { status: 'sending' }
  | { status: 'written'; logFile: string | null }
  | { status: 'not-written'; reason: string };

export interface FailuresState {
  /** The last report's outcome, by the failure's key (screen and time). */
  reports: Record<string, ReportOutcome>;
  report(key: string, failure: ScreenFailure): Promise<void>;
}

/** Screen failures go to main's log (workspace.reportFailure); the screen says where it is. */
export function createFailuresStore(api: ApiClient) {
  return createStore<FailuresState>()((set) => ({
    reports: {},
    report: async (key, failure) => {
      set((s) => ({ reports: { ...s.reports, [key]: { status: 'sending' } } }));
      const r = await api.call('workspace.reportFailure', failure).catch((e: unknown) => ({
        ok: false as const,
        error: { code: 'internal' as const, message: (e as Error).message },
      }));
      const outcome: ReportOutcome = r.ok
        ? { status: 'written', logFile: r.value.logFile }
        : { status: 'not-written', reason: r.error.message };
      set((s) => ({ reports: { ...s.reports, [key]: outcome } }));
    },
  }));
}
