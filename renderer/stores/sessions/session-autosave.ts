import type {
  ClockSummary,
  SaveAnswerResult,
  SessionAnswer,
} from '../../../shared/sessions/session';
import type { ApiClient } from '../../api/client-core';
import { answerFields, emptyAnswer, sameFields, writeLocalDraft } from './answer-draft';
import { SAVE_DELAY_MS, type SaveState, type SessionAccess } from './session-state';

/** The answers, save states and clock as the server last reported them. */
function autosaveRecords(s: SessionAccess) {
  const { get, set, time } = s;
  const setClock = (clock: ClockSummary) => set({ clock, clockAt: time.now() });

  const storeAnswer = (answer: SessionAnswer, clock?: ClockSummary) => {
    set({ answers: { ...get().answers, [answer.questionId]: answer } });
    if (clock) setClock(clock);
  };

  const setSave = (questionId: number, state: SaveState) =>
    set({ saveState: { ...get().saveState, [questionId]: state } });

  const baseRevision = (questionId: number) => get().answers[questionId]?.revision ?? 0;

  const conflictFrom = (
    questionId: number,
    r: Extract<SaveAnswerResult, { status: 'conflict' }>,
  ) => {
    const mine = get().drafts[questionId] ?? emptyAnswer();
    set({ conflict: { questionId, message: r.message, theirs: r.current, mine } });
    setSave(questionId, 'conflict');
  };
  return { setClock, storeAnswer, setSave, baseRevision, conflictFrom };
}

/**
 * Saving drafts: one save call at a time per question, with the revision the draft was typed
 * on; edits made while a save is on its way go in another round.
 */
function autosaveSender(
  api: ApiClient,
  s: SessionAccess,
  records: ReturnType<typeof autosaveRecords>,
) {
  const { get, set, storage, current } = s;
  const { storeAnswer, setSave, baseRevision, conflictFrom } = records;
  /** In-flight saves, per question. */
  const inflight = new Map<number, Promise<void>>();

  /** One save call of the question's draft; its answer stored, or the conflict or error. */
  const sendDraft = async (
    sessionId: number,
    questionId: number,
    draft: NonNullable<ReturnType<typeof get>['drafts'][number]>,
  ) => {
    const r = await api.call('sessions.saveAnswer', {
      sessionId,
      questionId,
      baseRevision: baseRevision(questionId),
      ...draft,
    });
    if (current() !== sessionId) return;
    if (!r.ok) {
      set({ actionError: r.error });
      setSave(questionId, 'error');
      return;
    }
    if (r.value.status === 'conflict') {
      conflictFrom(questionId, r.value);
      return;
    }
    storeAnswer(r.value.answer, r.value.clock);
    // Edited again while this save was on its way: another round with the new revision.
    const now = get().drafts[questionId];
    if (now && !sameFields(now, draft)) setSave(questionId, 'pending');
    else {
      setSave(questionId, 'saved');
      writeLocalDraft(storage, sessionId, questionId, undefined);
    }
  };

  /** Sends the question's draft; repeats while edits arrived during the call. */
  const saveNow = async (questionId: number): Promise<void> => {
    const running = inflight.get(questionId);
    if (running) {
      await running;
      if (get().saveState[questionId] !== 'pending') return;
    }
    const sessionId = current();
    const draft = get().drafts[questionId];
    if (sessionId === undefined || !draft || get().saveState[questionId] === 'conflict') return;
    const stored = get().answers[questionId];
    if (stored && sameFields(answerFields(stored), draft)) {
      setSave(questionId, 'saved');
      writeLocalDraft(storage, sessionId, questionId, undefined);
      return;
    }
    setSave(questionId, 'saving');
    const work = sendDraft(sessionId, questionId, draft);
    inflight.set(questionId, work);
    try {
      await work;
    } finally {
      inflight.delete(questionId);
    }
    if (get().saveState[questionId] === 'pending') await saveNow(questionId);
  };
  return { inflight, saveNow };
}

/**
 * The session store's autosave: each question's draft goes to the server SAVE_DELAY_MS after
 * its last change, with the revision it was typed on; a save that finds a newer revision is a
 * conflict the expert resolves (nothing is overwritten); edits made while a save is on its way
 * go in another round. A draft waits in local storage until the server has it.
 */
export function sessionAutosave(api: ApiClient, s: SessionAccess) {
  const { get, time } = s;
  const records = autosaveRecords(s);
  const { inflight, saveNow } = autosaveSender(api, s, records);
  /** Debounce timers, per question. */
  const timers = new Map<number, unknown>();

  const schedule = (questionId: number) => {
    const t = timers.get(questionId);
    if (t !== undefined) time.clearTimeout(t);
    timers.set(
      questionId,
      time.setTimeout(() => {
        timers.delete(questionId);
        void saveNow(questionId);
      }, SAVE_DELAY_MS),
    );
  };

  const flushOne = async (questionId: number) => {
    const t = timers.get(questionId);
    if (t !== undefined) {
      time.clearTimeout(t);
      timers.delete(questionId);
    }
    if (get().saveState[questionId] === 'pending' || inflight.has(questionId))
      await saveNow(questionId);
  };

  /** Every pending draft saved now (before leaving a question, on pagehide, on finish). */
  const flushAll = async () => {
    await Promise.all(
      [...new Set([...timers.keys(), ...inflight.keys()])].map((id) => flushOne(id)),
    );
    for (const [id, state] of Object.entries(get().saveState))
      if (state === 'pending') await flushOne(Number(id));
  };

  /** Another session is being opened: no timer of this one may fire into it. */
  const clearTimers = () => {
    for (const t of timers.values()) time.clearTimeout(t);
    timers.clear();
  };

  return {
    ...records,
    saveNow,
    schedule,
    flushOne,
    flushAll,
    clearTimers,
  };
}

export type SessionAutosave = ReturnType<typeof sessionAutosave>;
