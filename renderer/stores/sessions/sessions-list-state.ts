import type { ApiError } from '../../../shared/api/result';
import type { DatasetSummary } from '../../../shared/datasets/stored-question';
import type { QuestionSet } from '../../../shared/question-sets/question-set';
import type { RunMode } from '../../../shared/runs/run';
import type { SessionSummary } from '../../../shared/sessions/session';

/** The builder's form as typed (strings where the user types numbers). */
export interface SessionDraft {
  datasetId?: number | undefined;
  questions: string;
  seed: string;
  stratify: 'none' | 'subset' | 'answer-type';
  totalMinutes: string;
  /** Empty: no per-question cap. */
  perQuestionMinutes: string;
  expert: string;
  instructions: string;
  /** Another expert on this session's questions (dataset, count and balance come from it). */
  sameQuestionsAs?: number | undefined;
  /** The questions of this question set (dataset and count come from it) instead of a sample. */
  questionSetId?: number | undefined;
  /** Also run a model on the same questions, started with the session (one step). */
  alsoRun: boolean;
  runProviderId?: number | undefined;
  runModel: string;
  runMode: RunMode;
}

export const newSessionDraft = (): SessionDraft => ({
  questions: '25',
  seed: String(Math.floor(Math.random() * 1_000_000)),
  stratify: 'answer-type',
  totalMinutes: '240',
  perQuestionMinutes: '',
  expert: '',
  instructions: '',
  alsoRun: false,
  runModel: '',
  runMode: 'pot',
});

export interface SessionsListState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  sessions: SessionSummary[];
  datasets: DatasetSummary[];
  error?: ApiError | undefined;
  draft: SessionDraft;
  creating: boolean;
  createError?: ApiError | undefined;
  /** The session and run made last in one step. */
  lastRun?: { sessionId: number; runId: number } | undefined;
  load(): Promise<void>;
  setDraft(patch: Partial<SessionDraft>): void;
  /** Starts a draft for another expert on the questions of `sessionId`. */
  sameQuestionsAs(sessionId: number | undefined): void;
  /** Takes the questions of a question set (undefined: a new sample). */
  fromQuestionSet(set: QuestionSet | undefined): void;
  /** Creates the session the draft describes; answers its id (the screen opens it). */
  create(): Promise<number | undefined>;
  remove(sessionId: number): Promise<void>;
}

/** What each part of the sessions list store reads and writes (zustand's get and set). */
export interface SessionsListAccess {
  get: () => SessionsListState;
  set: (patch: Partial<SessionsListState>) => void;
}
