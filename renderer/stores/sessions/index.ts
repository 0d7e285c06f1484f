import { useStore } from 'zustand';
import type { SystemIdle } from '../../../shared/sessions/system-idle';
import { api } from '../../api/client';
import { saveDownload } from '../export/save-download';
import { createBundleStore, type BundleState } from './bundle-store';
import { createQuestionSetsStore, type QuestionSetsState } from './question-sets-store';
import { createSessionResultsStore, type SessionResultsState } from './results-store';
import { createSessionStore } from './session-store';
import type { SessionState } from './session-state';
import { createSessionsListStore, type SessionsListState } from './sessions-list-store';

export const sessionsListStore = createSessionsListStore(api);
export const questionSetsStore = createQuestionSetsStore(api);
export const sessionStore = createSessionStore(api, { storage: window.localStorage });
export const sessionResultsStore = createSessionResultsStore(api);
export const bundleStore = createBundleStore(api, saveDownload, () => {
  void sessionsListStore.getState().load();
});

/** The OS's idle and lock state (Electron's powerMonitor; never sent in web mode). */
export const onSystemIdle = (handler: (s: SystemIdle) => void) =>
  api.subscribe('system.idle', handler);

export function useSessionsList<T>(selector: (s: SessionsListState) => T): T {
  return useStore(sessionsListStore, selector);
}

export function useSession<T>(selector: (s: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

export function useSessionResults<T>(selector: (s: SessionResultsState) => T): T {
  return useStore(sessionResultsStore, selector);
}

export function useBundles<T>(selector: (s: BundleState) => T): T {
  return useStore(bundleStore, selector);
}

export function useQuestionSets<T>(selector: (s: QuestionSetsState) => T): T {
  return useStore(questionSetsStore, selector);
}
