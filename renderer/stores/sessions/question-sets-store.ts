import { createStore } from 'zustand/vanilla';
import type { ApiError } from '../../../shared/api/result';
import type {
  QuestionSet,
  QuestionSetCreateInput,
  QuestionSetFilter,
} from '../../../shared/question-sets/question-set';
import type { Stratify } from '../../../shared/sessions/session';
import type { ApiClient } from '../../api/client-core';

/** How the builder chooses: a seeded sample (of the filtered questions), a filter, a list. */
export type QuestionSetMethod = 'sample' | 'filter' | 'ids';

/** The question set builder's form as typed. */
export interface QuestionSetDraft {
  datasetId?: number | undefined;
  name: string;
  method: QuestionSetMethod;
  count: string;
  seed: string;
  stratify: Stratify;
  /** Comma-separated values (empty: no condition). */
  types: string;
  answerSources: string;
  documents: string;
  /** The dataset's own ids or workspace ids, one a line (or comma-separated). */
  ids: string;
}

export const newQuestionSetDraft = (): QuestionSetDraft => ({
  name: '',
  method: 'sample',
  count: '25',
  seed: String(Math.floor(Math.random() * 1_000_000)),
  stratify: 'answer-type',
  types: '',
  answerSources: '',
  documents: '',
  ids: '',
});

const values = (text: string) =>
  text
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The create request the draft stands for, or the sentence saying what is missing. */
export function questionSetRequest(
  d: QuestionSetDraft,
): { ok: true; input: QuestionSetCreateInput } | { ok: false; problem: string } {
  if (d.datasetId === undefined) return { ok: false, problem: 'Pick a dataset.' };
  const name = d.name.trim();
  if (!name) return { ok: false, problem: 'Name the question set.' };
  if (/^\d+$/.test(name))
    return { ok: false, problem: 'A name cannot be a bare number (ids are numbers).' };
  const base = { datasetId: d.datasetId, name };
  if (d.method === 'ids') {
    const ids = values(d.ids);
    if (ids.length === 0)
      return { ok: false, problem: 'List the question ids, one a line (or comma-separated).' };
    return { ok: true, input: { ...base, ids } };
  }
  const filter: QuestionSetFilter = {};
  if (values(d.types).length) filter.types = values(d.types);
  if (values(d.answerSources).length) filter.answerSources = values(d.answerSources);
  if (values(d.documents).length) filter.documents = values(d.documents);
  const hasFilter = Object.keys(filter).length > 0;
  if (d.method === 'filter') {
    if (!hasFilter)
      return { ok: false, problem: 'Give a type, an answer source or a document to filter by.' };
    return { ok: true, input: { ...base, filter } };
  }
  const count = /^\s*\d+\s*$/.test(d.count) ? Number(d.count) : NaN;
  if (!(count >= 1 && count <= 100_000))
    return { ok: false, problem: 'Number of questions: a whole number from 1.' };
  const seed = /^\s*\d+\s*$/.test(d.seed) ? Number(d.seed) : NaN;
  if (!(seed <= 2 ** 31 - 1))
    return { ok: false, problem: 'Seed: a whole number (the same seed draws the same questions).' };
  return {
    ok: true,
    input: {
      ...base,
      ...(hasFilter ? { filter } : {}),
      sample: { count, seed, stratify: d.stratify },
    },
  };
}

export interface QuestionSetsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  sets: QuestionSet[];
  error?: ApiError | undefined;
  draft: QuestionSetDraft;
  creating: boolean;
  createError?: ApiError | undefined;
  /** The set made last (the builder says so). */
  created?: QuestionSet | undefined;
  load(): Promise<void>;
  setDraft(patch: Partial<QuestionSetDraft>): void;
  /** Creates the set the draft describes; answers it. */
  create(): Promise<QuestionSet | undefined>;
  remove(id: number): Promise<void>;
}

/** The workspace's question sets and the builder's form (Sessions screen). */
export function createQuestionSetsStore(api: ApiClient) {
  return createStore<QuestionSetsState>()((set, get) => ({
    status: 'idle',
    sets: [],
    draft: newQuestionSetDraft(),
    creating: false,
    async load() {
      set({ status: get().status === 'ready' ? 'ready' : 'loading', error: undefined });
      const r = await api.call('questionSets.list', {});
      if (!r.ok) return set({ status: 'error', error: r.error });
      set({ status: 'ready', sets: r.value.sets });
    },
    setDraft: (patch) => set({ draft: { ...get().draft, ...patch }, createError: undefined }),
    async create() {
      const req = questionSetRequest(get().draft);
      if (!req.ok) {
        set({ createError: { code: 'invalid-input', message: req.problem } });
        return undefined;
      }
      set({ creating: true, createError: undefined, created: undefined });
      const r = await api.call('questionSets.create', req.input);
      if (!r.ok) {
        set({ creating: false, createError: r.error });
        return undefined;
      }
      set({
        creating: false,
        created: r.value.set,
        draft: { ...newQuestionSetDraft(), datasetId: get().draft.datasetId },
      });
      await get().load();
      return r.value.set;
    },
    async remove(id) {
      const r = await api.call('questionSets.remove', { id });
      if (!r.ok) set({ error: r.error });
      await get().load();
    },
  }));
}
