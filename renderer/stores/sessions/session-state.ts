import type { ApiError } from '../../../shared/api/result';
import type { MarkTarget } from '../../../shared/document/evidence';
import type {
  AnswerFields,
  ClientEventType,
  ClockSummary,
  Session,
  SessionAnswer,
  SessionQuestion,
  ScratchRun,
} from '../../../shared/sessions/session';
import type { TimeSource } from './activity-tracker';
import { answerFields, type DraftStorage } from './answer-draft';

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
  sessionId?: number | undefined;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error?: ApiError | undefined;
  session?: Session | undefined;
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
  clock?: ClockSummary | undefined;
  /** Local time (TimeSource.now) the clock was received: a running clock counts on from there. */
  clockAt: number;
  currentId?: number | undefined;
  conflict?: Conflict | undefined;
  /** The last failed action (an event, submit, scratch, finish), shown until the next succeeds. */
  actionError?: ApiError | undefined;
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

export const defaultTime: NonNullable<SessionStoreOptions['time']> = {
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

/** What every part of the session store reads and writes (zustand's get and set). */
export interface SessionAccess {
  get: () => SessionState;
  set: (patch: Partial<SessionState>) => void;
  /** The session open now (a call that returns after another was opened drops its answer). */
  current: () => number | undefined;
  time: NonNullable<SessionStoreOptions['time']>;
  storage: DraftStorage | undefined;
}
