import { createStore } from 'zustand/vanilla';
import type { ApiClient } from '../../api/client-core';
import { sessionAnswering } from './session-answering';
import { sessionAutosave } from './session-autosave';
import { sessionEvents } from './session-events';
import { sessionMoves } from './session-moves';
import { emptySession, openSession } from './session-open';
import {
  defaultTime,
  type SessionAccess,
  type SessionState,
  type SessionStoreOptions,
} from './session-state';

/**
 * One open expert session: its questions (blinded), the answer drafts autosaved with revisions
 * (session-autosave.ts), conflicts with another window, the calculator scratchpad and the
 * server's active-time clock (session-events.ts); opening one restores the drafts a reload cut
 * off (session-open.ts). Moving between questions is session-moves.ts, the answer's edits,
 * submit and conflicts session-answering.ts; the screen calls these actions.
 */
export function createSessionStore(api: ApiClient, options: SessionStoreOptions = {}) {
  return createStore<SessionState>()((set, get) => {
    const s: SessionAccess = {
      get,
      set,
      current: () => get().sessionId,
      time: options.time ?? defaultTime,
      storage: options.storage,
    };
    const { current } = s;
    const autosave = sessionAutosave(api, s);
    const sendEvent = sessionEvents(api, s, autosave.setClock);

    return {
      status: 'idle',
      ...emptySession(),
      scratchRunning: false,
      clockAt: 0,

      open: (sessionId) => openSession(api, s, autosave, sendEvent, sessionId),

      ...sessionMoves(s, autosave, sendEvent),
      ...sessionAnswering(api, s, autosave),

      flush: () => autosave.flushAll(),

      async scratchRun(program) {
        const sessionId = current();
        const q = get().currentId;
        if (sessionId === undefined || q === undefined || program.trim() === '') return;
        set({ scratchRunning: true });
        const r = await api.call('sessions.scratch', { sessionId, questionId: q, program });
        if (current() !== sessionId) return;
        if (r.ok)
          set({
            scratch: [...get().scratch, r.value.run],
            scratchRunning: false,
            actionError: undefined,
          });
        else set({ scratchRunning: false, actionError: r.error });
      },

      event: (type, extra = {}) => sendEvent(type, extra),

      async finish() {
        const sessionId = current();
        if (sessionId === undefined) return false;
        set({ finishing: true });
        await get().flush();
        const r = await api.call('sessions.finish', { sessionId });
        if (current() !== sessionId) return false;
        if (!r.ok) {
          set({ finishing: false, actionError: r.error });
          return false;
        }
        set({ finishing: false, session: r.value.session });
        autosave.setClock(r.value.clock);
        return true;
      },
    };
  });
}
