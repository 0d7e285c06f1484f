import { createStore } from 'zustand/vanilla';
import type { ApiError } from '../../../shared/api/result';
import type { DatasetSummary } from '../../../shared/datasets/stored-question';
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
}

export const newSessionDraft = (): SessionDraft => ({
  questions: '25',
  seed: String(Math.floor(Math.random() * 1_000_000)),
  stratify: 'answer-type',
  totalMinutes: '240',
  perQuestionMinutes: '',
  expert: '',
  instructions: '',
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
  if (!questionCount || questionCount < 1 || questionCount > 1000)
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
      questionCount,
      seed,
      budgetSeconds,
      perQuestionCapSeconds,
      expert,
      stratify: d.stratify,
      ...(d.instructions.trim() ? { instructions: d.instructions } : {}),
      ...(d.sameQuestionsAs !== undefined ? { sameQuestionsAs: d.sameQuestionsAs } : {}),
    },
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
  load(): Promise<void>;
  setDraft(patch: Partial<SessionDraft>): void;
  /** Starts a draft for another expert on the questions of `sessionId`. */
  sameQuestionsAs(sessionId: number | undefined): void;
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
      const { sameQuestionsAs: _drop, ...draft } = get().draft;
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
    async create() {
      const req = sessionRequest(get().draft);
      if (!req.ok) {
        set({ createError: { code: 'invalid-input', message: req.problem } });
        return undefined;
      }
      set({ creating: true, createError: undefined });
      const r = await api.call('sessions.create', req.input);
      if (!r.ok) {
        set({ creating: false, createError: r.error });
        return undefined;
      }
      set({ creating: false, draft: { ...newSessionDraft(), datasetId: get().draft.datasetId } });
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
