import { createStore } from 'zustand/vanilla';
import type { ApiError } from '../../../shared/api/result';
import type { MarkTarget } from '../../../shared/document/evidence';
import type {
  AnswerFields,
  ClientEventType,
  ClockSummary,
  SaveAnswerResult,
  ScratchRun,
  Session,
  SessionAnswer,
  SessionQuestion,
} from '../../../shared/sessions/session';
import type { ApiClient } from '../../api/client-core';
import type { TimeSource } from './activity-tracker';
import {
  answerFields,
  emptyAnswer,
  readLocalDraft,
  sameFields,
  toggleEvidence,
  writeLocalDraft,
  type DraftStorage,
} from './answer-draft';

/** Autosave waits this long after the last change (typing a number is one save, not six). */
export const SAVE_DELAY_MS = 400;

/** How a question's answer stands with the server. */
export type SaveState = 'saved' | 'pending' | 'saving' | 'conflict' | 'error';

export interface Conflict {
  questionId: number;
  message: string;
  /** What the other window stored. */
  theirs: SessionAnswer;
  /** What this window has. */
  mine: AnswerFields;
}

export type QuestionStatus = 'submitted' | 'answered' | 'skipped' | 'unseen';

export interface SessionState {
  sessionId?: number;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error?: ApiError;
  session?: Session;
  /** In the order the expert sees them (no gold). */
  questions: SessionQuestion[];
  /** What the server holds, by question id. */
  answers: Record<number, SessionAnswer>;
  /** What the screen shows, by question id (the server's answer until edited). */
  drafts: Record<number, AnswerFields>;
  saveState: Record<number, SaveState>;
  /** Skipped in this window (a question seen and left without an answer also reads as skipped). */
  skipped: number[];
  scratch: ScratchRun[];
  scratchRunning: boolean;
  clock?: ClockSummary;
  /** Local time (TimeSource.now) the clock was received: a running clock counts on from there. */
  clockAt: number;
  currentId?: number;
  conflict?: Conflict;
  /** The last failed action (an event, submit, scratch, finish), shown until the next succeeds. */
  actionError?: ApiError;
  finishing: boolean;

  open(sessionId: number): Promise<void>;
  goTo(questionId: number): Promise<void>;
  step(delta: 1 | -1): Promise<void>;
  edit(patch: Partial<AnswerFields>): void;
  toggleMark(target: MarkTarget): void;
  /** Saves every pending draft now (before leaving a question, on pagehide). */
  flush(): Promise<void>;
  submit(): Promise<boolean>;
  skip(): Promise<void>;
  resolveConflict(keep: 'mine' | 'theirs'): Promise<void>;
  scratchRun(program: string): Promise<void>;
  /** Reports one clock event for the current question; the answer's clock replaces ours. */
  event(type: ClientEventType, extra?: { idleForMs?: number }): Promise<void>;
  finish(): Promise<boolean>;
}

export interface SessionStoreOptions {
  time?: Pick<TimeSource, 'now' | 'setTimeout' | 'clearTimeout'>;
  /** Where unsaved drafts wait for the server (survives a reload within the save delay). */
  storage?: DraftStorage;
}

const defaultTime: SessionStoreOptions['time'] = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Active seconds on the clock now: the server's figure, run on locally while it is active. */
export function liveActiveSeconds(
  clock: ClockSummary | undefined,
  clockAt: number,
  now: number,
  running: boolean,
): { active: number; remaining: number; question: (id: number) => number } {
  if (!clock) return { active: 0, remaining: 0, question: () => 0 };
  const extra = running && clock.state === 'active' ? Math.max(0, (now - clockAt) / 1000) : 0;
  const active = clock.activeSeconds + extra;
  return {
    active,
    remaining: Math.max(0, clock.budgetSeconds - active),
    question: (id) =>
      (clock.perQuestion.find((q) => q.questionId === id)?.activeSeconds ?? 0) +
      (id === clock.focusQuestionId ? extra : 0),
  };
}

/** The status the question list shows for each question. */
export function questionStatus(s: SessionState, questionId: number): QuestionStatus {
  const answer = s.answers[questionId];
  if (answer?.submitted) return 'submitted';
  const draft = s.drafts[questionId] ?? (answer ? answerFields(answer) : undefined);
  if (draft && draft.value.trim() !== '') return 'answered';
  if (s.skipped.includes(questionId)) return 'skipped';
  const seen =
    (s.clock?.perQuestion.find((q) => q.questionId === questionId)?.activeSeconds ?? 0) > 0;
  return seen && questionId !== s.currentId ? 'skipped' : 'unseen';
}

/**
 * One open expert session: its questions (blinded), the answer drafts autosaved with revisions,
 * conflicts with another window, the calculator scratchpad and the server's active-time clock.
 */
export function createSessionStore(api: ApiClient, options: SessionStoreOptions = {}) {
  const time = options.time ?? defaultTime!;
  const storage = options.storage;
  /** Debounce timers and in-flight saves, per question. */
  const timers = new Map<number, unknown>();
  const inflight = new Map<number, Promise<void>>();
  /** Events go out one after another, so the server logs them in the order they happened. */
  let eventChain: Promise<void> = Promise.resolve();

  const store = createStore<SessionState>()((set, get) => {
    const current = () => get().sessionId;

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
      const work = (async () => {
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
      })();
      inflight.set(questionId, work);
      try {
        await work;
      } finally {
        inflight.delete(questionId);
      }
      if (get().saveState[questionId] === 'pending') await saveNow(questionId);
    };

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

    const sendEvent = (
      type: ClientEventType,
      extra: { idleForMs?: number; questionId?: number } = {},
    ) => {
      const sessionId = current();
      if (sessionId === undefined || get().session?.status !== 'open') return Promise.resolve();
      const questionId = extra.questionId ?? get().currentId;
      const run = eventChain.then(async () => {
        const r = await api.call('sessions.event', {
          sessionId,
          type,
          ...(questionId !== undefined ? { questionId } : {}),
          ...(extra.idleForMs !== undefined ? { idleForMs: Math.round(extra.idleForMs) } : {}),
        });
        if (current() !== sessionId) return;
        if (r.ok) setClock(r.value.clock);
        else set({ actionError: r.error });
      });
      eventChain = run.catch(() => undefined);
      return run;
    };

    const ids = () => get().questions.map((q) => q.id);

    // What a session holds before its answer arrives (also what opening another one resets).
    const empty = () => ({
      questions: [],
      answers: {},
      drafts: {},
      saveState: {},
      skipped: [],
      scratch: [],
      finishing: false,
    });

    return {
      status: 'idle',
      ...empty(),
      scratchRunning: false,
      clockAt: 0,

      async open(sessionId) {
        if (get().sessionId === sessionId && get().status !== 'error') return;
        for (const t of timers.values()) time.clearTimeout(t);
        timers.clear();
        set({
          sessionId,
          status: 'loading',
          error: undefined,
          session: undefined,
          ...empty(),
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
        // Drafts a reload cut off before they reached the server.
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
            setSave(q.id, 'conflict');
          }
        }
        if (clock.state === 'not-started') await sendEvent('start');
        if (focus !== undefined) await sendEvent('focus', { questionId: focus });
        for (const id of pending) {
          setSave(id, 'pending');
          await saveNow(id);
        }
      },

      async goTo(questionId) {
        const from = get().currentId;
        if (from === questionId || !ids().includes(questionId)) return;
        set({ currentId: questionId });
        if (from !== undefined) await flushOne(from);
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
        writeLocalDraft(storage, sessionId, q, { baseRevision: baseRevision(q), fields: next });
        setSave(q, 'pending');
        schedule(q);
      },

      toggleMark(target) {
        const q = get().currentId;
        if (q === undefined) return;
        const evidence = (get().drafts[q] ?? emptyAnswer()).evidence;
        get().edit({ evidence: toggleEvidence(evidence, target) });
      },

      async flush() {
        await Promise.all(
          [...new Set([...timers.keys(), ...inflight.keys()])].map((id) => flushOne(id)),
        );
        for (const [id, state] of Object.entries(get().saveState))
          if (state === 'pending') await flushOne(Number(id));
      },

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
        if (!get().answers[q] && get().saveState[q] !== 'pending') setSave(q, 'pending');
        await flushOne(q);
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
          conflictFrom(q, r.value);
          return false;
        }
        storeAnswer(r.value.answer, r.value.clock);
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
          setSave(c.questionId, 'saved');
          writeLocalDraft(storage, sessionId, c.questionId, undefined);
          return;
        }
        setSave(c.questionId, 'pending');
        await saveNow(c.questionId);
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
        setClock(r.value.clock);
        return true;
      },
    };
  });
  return store;
}
