import { createStore } from 'zustand/vanilla';
import type { SessionRunInput } from '../../../shared/question-sets/question-set';
import type { SessionCreateInput } from '../../../shared/sessions/session';
import type { ApiClient } from '../../api/client-core';
import { sessionsListDraft } from './sessions-list-draft';
import { newSessionDraft, type SessionDraft, type SessionsListState } from './sessions-list-state';
import { compact } from '../../../shared/util/compact';

export { newSessionDraft, type SessionDraft, type SessionsListState } from './sessions-list-state';

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
      ...compact({ sameQuestionsAs: d.sameQuestionsAs }),
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
    ...sessionsListDraft({ get, set }),
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
          ...compact({ runProviderId: draft.runProviderId }),
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
