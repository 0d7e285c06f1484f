import { useStore } from 'zustand';
import { api } from '../../api/client';
import { createSessionResultsStore, type SessionResultsState } from './results-store';
import { createSessionStore, type SessionState } from './session-store';
import { createSessionsListStore, type SessionsListState } from './sessions-list-store';

export const sessionsListStore = createSessionsListStore(api);
export const sessionStore = createSessionStore(api, { storage: window.localStorage });
export const sessionResultsStore = createSessionResultsStore(api);

export function useSessionsList<T>(selector: (s: SessionsListState) => T): T {
  return useStore(sessionsListStore, selector);
}

export function useSession<T>(selector: (s: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

export function useSessionResults<T>(selector: (s: SessionResultsState) => T): T {
  return useStore(sessionResultsStore, selector);
}
