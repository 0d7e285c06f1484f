import { createStore } from 'zustand/vanilla';
import type { ApiError } from '../../../shared/api/result';
import type { DatasetSummary } from '../../../shared/datasets/stored-question';
import type { QuestionSet, SessionRunInput } from '../../../shared/question-sets/question-set';
import type { RunMode } from '../../../shared/runs/run';
import type { SessionCreateInput, SessionSummary } from '../../../shared/sessions/session';
import type { ApiClient } from '../../api/client-core';

/** The builder's form as typed (strings where the user types numbers). */
export interface SessionDraft {
  datasetId?: number;
  questions: string;
  seed: string;
  stratify: 'none' | 'subset' | 'answer-type';
  totalMinutes: string;
  /** Empty: no per-question cap. */
  perQuestionMinutes: string;
  expert: string;
  instructions: string;
  /** Another expert on this session's questions (dataset, count and balance come from it). */
  sameQuestionsAs?: number;
  /** The questions of this question set (dataset and count come from it) instead of a sample. */
  questionSetId?: number;
  /** Also run a model on the same questions, started with the session (one step). */
  alsoRun: boolean;
  runProviderId?: number;
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

const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : undefined);
const minutes = (text: string) =>
  /^\s*\d+(?:\.\d+)?\s*$/.test(text) ? Math.round(Number(text) * 60) : undefined;

/** The create request the draft stands for, or the sentence saying what is missing. */
export function sessionRequest(
  d: SessionDraft,
): { ok: true; input: SessionCreateInput } | { ok: false; problem: string } {
  if (d.datasetId === undefined) return { ok: false, problem: 'Pick a dataset.' };
  const questionCount = wholeNumber(d.questions);
  // The same question set as another session: its size is that session's, whatever is typed.
  // A question set says its questions itself.
  if (
    d.questionSetId === undefined &&
    (!questionCount || questionCount < 1 || questionCount > 1000)
  )
    return { ok: false, problem: 'Number of questions: a whole number from 1 to 1000.' };
  const seed = wholeNumber(d.seed);
  if (seed === undefined || seed > 2 ** 31 - 1)
    return { ok: false, problem: 'Seed: a whole number (the same seed draws the same questions).' };
  const budgetSeconds = minutes(d.totalMinutes);
  if (!budgetSeconds || budgetSeconds < 60 || budgetSeconds > 7 * 24 * 3600)
    return { ok: false, problem: 'Total time: at least 1 minute, at most a week.' };
  let perQuestionCapSeconds: number | null = null;
  if (d.perQuestionMinutes.trim() !== '') {
    const cap = minutes(d.perQuestionMinutes);
    if (!cap || cap < 10)
      return { ok: false, problem: 'Per-question minutes: a number, or empty for no cap.' };
    perQuestionCapSeconds = cap;
  }
  const expert = d.expert.trim();
  if (!expert) return { ok: false, problem: "Type the expert's name or id." };
  return {
    ok: true,
    input: {
      datasetId: d.datasetId,
      ...(d.questionSetId !== undefined
        ? { questionSetId: d.questionSetId }
        : { questionCount, stratify: d.stratify }),
      seed,
      budgetSeconds,
      perQuestionCapSeconds,
      expert,
      ...(d.instructions.trim() ? { instructions: d.instructions } : {}),
      ...(d.sameQuestionsAs !== undefined ? { sameQuestionsAs: d.sameQuestionsAs } : {}),
    },
  };
}

/** The run started with the session ("also run a model on these questions"), or why not. */
export function sessionRunRequest(
  d: SessionDraft,
): { ok: true; input: SessionRunInput } | { ok: false; problem: string } {
  if (d.runProviderId === undefined)
    return { ok: false, problem: 'Choose a model provider (add one on the Models screen).' };
  const model = d.runModel.trim();
  if (!model) return { ok: false, problem: 'Choose the model to run on these questions.' };
  return {
    ok: true,
    input: { provider: { providerId: d.runProviderId }, model, mode: d.runMode },
  };
}

export interface SessionsListState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  sessions: SessionSummary[];
  datasets: DatasetSummary[];
  error?: ApiError;
  draft: SessionDraft;
  creating: boolean;
  createError?: ApiError;
  /** The session and run made last in one step. */
  lastRun?: { sessionId: number; runId: number };
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

/** The sessions of the workspace and the session builder's form. */
export function createSessionsListStore(api: ApiClient) {
  return createStore<SessionsListState>()((set, get) => ({
    status: 'idle',
    sessions: [],
    datasets: [],
    draft: newSessionDraft(),
    creating: false,
    async load() {
      set({ status: get().status === 'ready' ? 'ready' : 'loading', error: undefined });
      const [sessions, datasets] = await Promise.all([
        api.call('sessions.list', {}),
        api.call('datasets.list', {}),
      ]);
      if (!sessions.ok) return set({ status: 'error', error: sessions.error });
      if (!datasets.ok) return set({ status: 'error', error: datasets.error });
      const draft = get().draft;
      set({
        status: 'ready',
        sessions: sessions.value.sessions,
        datasets: datasets.value.datasets,
        // The first dataset is picked until the user picks another.
        ...(draft.datasetId === undefined ||
        !datasets.value.datasets.some((d) => d.id === draft.datasetId)
          ? { draft: { ...draft, datasetId: datasets.value.datasets[0]?.id } }
          : {}),
      });
    },
    setDraft: (patch) => set({ draft: { ...get().draft, ...patch }, createError: undefined }),
    sameQuestionsAs(sessionId) {
      const from = get().sessions.find((x) => x.id === sessionId);
      const { sameQuestionsAs: _drop, questionSetId: _set, ...draft } = get().draft;
      set({
        createError: undefined,
        draft: from
          ? {
              ...draft,
              sameQuestionsAs: from.id,
              datasetId: from.datasetId ?? draft.datasetId,
              questions: String(from.questionIds.length),
              totalMinutes: String(from.budgetSeconds / 60),
              perQuestionMinutes:
                from.perQuestionCapSeconds === null ? '' : String(from.perQuestionCapSeconds / 60),
              instructions: from.instructions,
              expert: '',
            }
          : draft,
      });
    },
    fromQuestionSet(questionSet) {
      const { sameQuestionsAs: _drop, questionSetId: _set, ...draft } = get().draft;
      set({
        createError: undefined,
        draft: questionSet
          ? {
              ...draft,
              questionSetId: questionSet.id,
              datasetId: questionSet.datasetId,
              questions: String(questionSet.questionIds.length),
              // What the set was balanced by (the field shows it, disabled).
              stratify: questionSet.selection.sample?.stratify ?? 'none',
            }
          : draft,
      });
    },
    async create() {
      const draft = get().draft;
      const req = sessionRequest(draft);
      const run = draft.alsoRun ? sessionRunRequest(draft) : undefined;
      const problem = !req.ok ? req.problem : run && !run.ok ? run.problem : undefined;
      if (!req.ok || (run && !run.ok)) {
        set({ createError: { code: 'invalid-input', message: problem! } });
        return undefined;
      }
      set({ creating: true, createError: undefined });
      const r = run?.ok
        ? await api.call('sessions.createWithRun', { session: req.input, run: run.input })
        : await api.call('sessions.create', req.input);
      if (!r.ok) {
        set({ creating: false, createError: r.error });
        return undefined;
      }
      const runId = 'runId' in r.value ? (r.value.runId as number) : undefined;
      set({
        creating: false,
        lastRun: runId !== undefined ? { sessionId: r.value.sessionId, runId } : undefined,
        // The model chosen stays chosen for the next session.
        draft: {
          ...newSessionDraft(),
          datasetId: draft.datasetId,
          alsoRun: draft.alsoRun,
          runModel: draft.runModel,
          runMode: draft.runMode,
          ...(draft.runProviderId !== undefined ? { runProviderId: draft.runProviderId } : {}),
        },
      });
      void get().load();
      return r.value.sessionId;
    },
    async remove(sessionId) {
      const r = await api.call('sessions.remove', { sessionId });
      if (!r.ok) set({ error: r.error });
      await get().load();
    },
  }));
}
