import type {
  AnswerFields,
  SessionAnswer,
  SessionQuestion,
} from '../../../shared/sessions/session';
import type { ApiClient } from '../../api/client-core';
import { answerFields, readLocalDraft, sameFields, writeLocalDraft } from './answer-draft';
import type { SessionAutosave } from './session-autosave';
import type { SendEvent } from './session-events';
import type { SessionAccess, SessionState } from './session-state';

/** What a session holds before its answer arrives (also what opening another one resets). */
export const emptySession = (): Pick<
  SessionState,
  'questions' | 'answers' | 'drafts' | 'saveState' | 'skipped' | 'scratch' | 'finishing'
> => ({
  questions: [],
  answers: {},
  drafts: {},
  saveState: {},
  skipped: [],
  scratch: [],
  finishing: false,
});

/**
 * Drafts a reload cut off before they reached the server, put back: dropped when the server has
 * them, kept (and answered as pending, to send) when typed on the stored revision, a conflict
 * when someone saved since.
 */
function restoreLocalDrafts(
  s: SessionAccess,
  autosave: SessionAutosave,
  sessionId: number,
  order: readonly SessionQuestion[],
  byId: Readonly<Record<number, SessionAnswer>>,
): number[] {
  const { get, set, storage } = s;
  const pending: number[] = [];
  for (const q of order) {
    const local = readLocalDraft(storage, sessionId, q.id);
    if (!local) continue;
    const stored = byId[q.id];
    if (stored && sameFields(answerFields(stored), local.fields)) {
      writeLocalDraft(storage, sessionId, q.id, undefined);
    } else if ((stored?.revision ?? 0) === local.baseRevision) {
      set({ drafts: { ...get().drafts, [q.id]: local.fields } });
      pending.push(q.id);
    } else if (stored) {
      // Someone saved after this draft was typed: the expert chooses, as with two windows.
      set({
        drafts: { ...get().drafts, [q.id]: local.fields },
        conflict: {
          questionId: q.id,
          message: 'This answer was changed elsewhere after your last edit here.',
          theirs: stored,
          mine: local.fields,
        },
      });
      autosave.setSave(q.id, 'conflict');
    }
  }
  return pending;
}

/**
 * Opens a session: its questions in the expert's order, the answers stored, the question the
 * expert was on (else the first not submitted), then the drafts a reload cut off before they
 * reached the server: sent if typed on the stored revision, a conflict to resolve if someone
 * saved since.
 */
export async function openSession(
  api: ApiClient,
  s: SessionAccess,
  autosave: SessionAutosave,
  sendEvent: SendEvent,
  sessionId: number,
): Promise<void> {
  const { get, set, time, current } = s;
  if (get().sessionId === sessionId && get().status !== 'error') return;
  autosave.clearTimers();
  set({
    sessionId,
    status: 'loading',
    error: undefined,
    session: undefined,
    ...emptySession(),
    clock: undefined,
    currentId: undefined,
    conflict: undefined,
    actionError: undefined,
  });
  const r = await api.call('sessions.get', { sessionId });
  if (current() !== sessionId) return;
  if (!r.ok) {
    set({ status: 'error', error: r.error });
    return;
  }
  const { session, questions, answers, scratch, clock } = r.value;
  const byId: Record<number, SessionAnswer> = {};
  const drafts: Record<number, AnswerFields> = {};
  for (const a of answers) {
    byId[a.questionId] = a;
    drafts[a.questionId] = answerFields(a);
  }
  const order = [...questions].sort((a, b) => a.position - b.position);
  // Where the expert was: the question last in focus, else the first not yet submitted.
  const focus =
    clock.focusQuestionId !== null && order.some((q) => q.id === clock.focusQuestionId)
      ? clock.focusQuestionId
      : (order.find((q) => !byId[q.id]?.submitted) ?? order[0])?.id;
  set({
    status: 'ready',
    session,
    questions: order,
    answers: byId,
    drafts,
    scratch,
    currentId: focus,
    clock,
    clockAt: time.now(),
  });
  if (session.status !== 'open') return;
  const pending = restoreLocalDrafts(s, autosave, sessionId, order, byId);
  if (clock.state === 'not-started') await sendEvent('start');
  if (focus !== undefined) await sendEvent('focus', { questionId: focus });
  for (const id of pending) {
    autosave.setSave(id, 'pending');
    await autosave.saveNow(id);
  }
}
