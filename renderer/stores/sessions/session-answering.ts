import type { ApiClient } from '../../api/client-core';
import { answerFields, emptyAnswer, toggleEvidence, writeLocalDraft } from './answer-draft';
import type { SessionAutosave } from './session-autosave';
import type { SessionAccess, SessionState } from './session-state';

/** Submits the current question's answer once its draft is saved; answers whether it was. */
async function submitCurrent(
  api: ApiClient,
  s: SessionAccess,
  autosave: SessionAutosave,
): Promise<boolean> {
  const { get, set, current } = s;
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
  if (!answer || get().saveState[q] === 'conflict' || get().saveState[q] === 'error') return false;
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
}

/**
 * The current question's answer: edits (kept locally and autosaved), evidence marks, submitting
 * it, and resolving a conflict with another window's save.
 */
export function sessionAnswering(
  api: ApiClient,
  s: SessionAccess,
  autosave: SessionAutosave,
): Pick<SessionState, 'edit' | 'toggleMark' | 'submit' | 'resolveConflict'> {
  const { get, set, current } = s;
  return {
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

    submit: () => submitCurrent(api, s, autosave),

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
  };
}
