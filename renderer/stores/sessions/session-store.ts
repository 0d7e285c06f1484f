import { createStore } from 'zustand/vanilla';
import type { ApiClient } from '../../api/client-core';
import { answerFields, emptyAnswer, toggleEvidence, writeLocalDraft } from './answer-draft';
import { sessionAutosave } from './session-autosave';
import { sessionEvents } from './session-events';
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
 * off (session-open.ts). The actions below are what the screen calls.
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
    const ids = () => get().questions.map((q) => q.id);

    return {
      status: 'idle',
      ...emptySession(),
      scratchRunning: false,
      clockAt: 0,

      open: (sessionId) => openSession(api, s, autosave, sendEvent, sessionId),

      async goTo(questionId) {
        const from = get().currentId;
        if (from === questionId || !ids().includes(questionId)) return;
        set({ currentId: questionId });
        if (from !== undefined) await autosave.flushOne(from);
        await sendEvent('focus', { questionId });
      },

      async step(delta) {
        const list = ids();
        const i = get().currentId === undefined ? -1 : list.indexOf(get().currentId!);
        const to = list[i + delta];
        if (to !== undefined) await get().goTo(to);
      },

      edit(patch) {
        const sessionId = current();
        const q = get().currentId;
        if (sessionId === undefined || q === undefined || get().session?.status !== 'open') return;
        const base = get().drafts[q] ?? emptyAnswer();
        const next = { ...base, ...patch };
        set({ drafts: { ...get().drafts, [q]: next }, actionError: undefined });
        // A conflict is resolved first: nothing is overwritten, but "mine" is what is typed now.
        const c = get().conflict;
        if (get().saveState[q] === 'conflict') {
          if (c?.questionId === q) set({ conflict: { ...c, mine: next } });
          return;
        }
        writeLocalDraft(s.storage, sessionId, q, {
          baseRevision: autosave.baseRevision(q),
          fields: next,
        });
        autosave.setSave(q, 'pending');
        autosave.schedule(q);
      },

      toggleMark(target) {
        const q = get().currentId;
        if (q === undefined) return;
        const evidence = (get().drafts[q] ?? emptyAnswer()).evidence;
        get().edit({ evidence: toggleEvidence(evidence, target) });
      },

      flush: () => autosave.flushAll(),

      async submit() {
        const sessionId = current();
        const q = get().currentId;
        if (sessionId === undefined || q === undefined) return false;
        const draft = get().drafts[q];
        if (!draft || draft.value.trim() === '') {
          set({
            actionError: { code: 'invalid-input', message: 'Type an answer before submitting.' },
          });
          return false;
        }
        if (!get().answers[q] && get().saveState[q] !== 'pending') autosave.setSave(q, 'pending');
        await autosave.flushOne(q);
        const answer = get().answers[q];
        if (!answer || get().saveState[q] === 'conflict' || get().saveState[q] === 'error')
          return false;
        const r = await api.call('sessions.submit', {
          sessionId,
          questionId: q,
          baseRevision: answer.revision,
        });
        if (current() !== sessionId) return false;
        if (!r.ok) {
          set({ actionError: r.error });
          return false;
        }
        if (r.value.status === 'conflict') {
          autosave.conflictFrom(q, r.value);
          return false;
        }
        autosave.storeAnswer(r.value.answer, r.value.clock);
        set({ actionError: undefined, skipped: get().skipped.filter((id) => id !== q) });
        return true;
      },

      async skip() {
        const q = get().currentId;
        if (q === undefined) return;
        await sendEvent('skip', { questionId: q });
        if (!get().skipped.includes(q)) set({ skipped: [...get().skipped, q] });
        // On to the next question without a submitted answer, wrapping round to the start.
        const list = ids();
        const i = list.indexOf(q);
        const after = [...list.slice(i + 1), ...list.slice(0, i)];
        const to = after.find((id) => !get().answers[id]?.submitted);
        if (to !== undefined) await get().goTo(to);
      },

      async resolveConflict(keep) {
        const c = get().conflict;
        const sessionId = current();
        if (!c || sessionId === undefined) return;
        // Either way the other window's save becomes the base, so the next save is not stale.
        set({
          conflict: undefined,
          answers: { ...get().answers, [c.questionId]: c.theirs },
          drafts: {
            ...get().drafts,
            [c.questionId]: keep === 'theirs' ? answerFields(c.theirs) : c.mine,
          },
        });
        if (keep === 'theirs') {
          autosave.setSave(c.questionId, 'saved');
          writeLocalDraft(s.storage, sessionId, c.questionId, undefined);
          return;
        }
        autosave.setSave(c.questionId, 'pending');
        await autosave.saveNow(c.questionId);
      },

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
