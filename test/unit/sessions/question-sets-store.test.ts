import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../shared/api/result';
import type { QuestionSet } from '../../../shared/question-sets/question-set';
import {
  createQuestionSetsStore,
  newQuestionSetDraft,
  questionSetRequest,
} from '../../../renderer/stores/sessions/question-sets-store';
import {
  createSessionsListStore,
  newSessionDraft,
  sessionRequest,
  sessionRunRequest,
} from '../../../renderer/stores/sessions/sessions-list-store';
import { fakeClient } from '../questions/fake-client';
import { detail } from './session-fixtures';

const set: QuestionSet = {
  id: 4,
  name: 'pilot',
  description: '',
  datasetId: 3,
  datasetName: 'tatqa_dataset_dev.json',
  datasetFormat: 'tatqa',
  key: 'k',
  questionIds: [11, 12, 13],
  selection: {
    kind: 'sample',
    filter: null,
    sample: { count: 3, seed: 1, stratify: 'none' },
    sessionId: null,
  },
  createdAt: '2026-11-27',
};

describe('question set builder form', () => {
  const draft = { ...newQuestionSetDraft(), datasetId: 3, name: ' pilot ', seed: '7' };
  const problem = (patch: Partial<ReturnType<typeof newQuestionSetDraft>>) => {
    const r = questionSetRequest({ ...draft, ...patch });
    return r.ok ? undefined : r.problem;
  };

  it('a sample: count, seed and balance, with the filter it is drawn from', () => {
    expect(questionSetRequest({ ...draft, count: '25', types: 'arithmetic, span' })).toEqual({
      ok: true,
      input: {
        datasetId: 3,
        name: 'pilot',
        filter: { types: ['arithmetic', 'span'] },
        sample: { count: 25, seed: 7, stratify: 'answer-type' },
      },
    });
  });

  it('a filter, or a list of ids one a line', () => {
    expect(
      questionSetRequest({ ...draft, method: 'filter', answerSources: 'table', documents: 'd-1' }),
    ).toEqual({
      ok: true,
      input: {
        datasetId: 3,
        name: 'pilot',
        filter: { answerSources: ['table'], documents: ['d-1'] },
      },
    });
    expect(questionSetRequest({ ...draft, method: 'ids', ids: 'q-1\n 42 \n\nq-3' })).toEqual({
      ok: true,
      input: { datasetId: 3, name: 'pilot', ids: ['q-1', '42', 'q-3'] },
    });
  });

  it('says what is missing', () => {
    expect(problem({ datasetId: undefined })).toMatch(/Pick a dataset/);
    expect(problem({ name: ' ' })).toMatch(/Name the question set/);
    expect(problem({ name: '12' })).toMatch(/bare number/);
    expect(problem({ count: '0' })).toMatch(/Number of questions/);
    expect(problem({ seed: 'x' })).toMatch(/Seed/);
    expect(problem({ method: 'filter' })).toMatch(/filter by/);
    expect(problem({ method: 'ids' })).toMatch(/List the question ids/);
  });

  it('creates, lists again and keeps the dataset; a refusal shows main’s words', async () => {
    let refuse = false;
    const api = fakeClient({
      'questionSets.list': () => ok({ sets: [set] }),
      'questionSets.create': () =>
        refuse ? fail('duplicate', 'a question set is already named "pilot"') : ok({ set }),
    });
    const store = createQuestionSetsStore(api.client);
    store.getState().setDraft({ datasetId: 3, name: 'pilot', seed: '1', count: '3' });
    expect((await store.getState().create())?.id).toBe(4);
    expect(store.getState()).toMatchObject({ created: { id: 4 }, sets: [{ id: 4 }] });
    expect(store.getState().draft).toMatchObject({ datasetId: 3, name: '' });
    refuse = true;
    store.getState().setDraft({ name: 'pilot' });
    expect(await store.getState().create()).toBeUndefined();
    expect(store.getState().createError?.code).toBe('duplicate');
  });
});

describe('session builder: a question set and a model run in one step', () => {
  const base = { ...newSessionDraft(), datasetId: 3, expert: 'Ada', seed: '42' };

  it('a set says the questions (no count, no balance sent)', () => {
    const r = sessionRequest({ ...base, questionSetId: 4, questions: 'ignored' });
    expect(r.ok && r.input).toEqual({
      datasetId: 3,
      questionSetId: 4,
      seed: 42,
      budgetSeconds: 14_400,
      perQuestionCapSeconds: null,
      expert: 'Ada',
    });
  });

  it('the run needs a provider and a model', () => {
    expect(sessionRunRequest(base)).toMatchObject({ ok: false, problem: /provider/ });
    expect(sessionRunRequest({ ...base, runProviderId: 2 })).toMatchObject({
      ok: false,
      problem: /model/,
    });
    expect(
      sessionRunRequest({ ...base, runProviderId: 2, runModel: ' m ', runMode: 'direct' }),
    ).toEqual({ ok: true, input: { provider: { providerId: 2 }, model: 'm', mode: 'direct' } });
  });

  it('create with “also run” calls sessions.createWithRun and keeps the model chosen', async () => {
    const session = { ...detail().session, id: 9 };
    const api = fakeClient({
      'sessions.list': () => ok({ sessions: [] }),
      'datasets.list': () => ok({ datasets: [] }),
      'sessions.createWithRun': () =>
        ok({
          sessionId: 9,
          session,
          runId: 7,
          run: {
            runId: 7,
            status: 'running',
            done: 0,
            total: 3,
            model: 'm',
            mode: 'direct',
            datasetId: 3,
            source: 'engine',
            createdAt: '',
            updatedAt: '',
            message: null,
          },
          questionSet: set,
        }),
    });
    const store = createSessionsListStore(api.client);
    store.getState().fromQuestionSet(set);
    expect(store.getState().draft).toMatchObject({
      questionSetId: 4,
      datasetId: 3,
      questions: '3',
    });
    store.getState().setDraft({ expert: 'Ada', alsoRun: true, runProviderId: 2, runModel: 'm' });
    expect(await store.getState().create()).toBe(9);
    const call = api.calls.find((c) => c.method === 'sessions.createWithRun');
    expect(call?.input).toMatchObject({
      session: { datasetId: 3, questionSetId: 4, expert: 'Ada' },
      run: { provider: { providerId: 2 }, model: 'm', mode: 'pot' },
    });
    expect(store.getState().lastRun).toEqual({ sessionId: 9, runId: 7 });
    expect(store.getState().draft).toMatchObject({
      alsoRun: true,
      runProviderId: 2,
      runModel: 'm',
      expert: '',
    });
    expect(store.getState().draft.questionSetId).toBeUndefined();
    // Another expert's draft drops the set (and the other way round).
    store.getState().fromQuestionSet(set);
    store.getState().sameQuestionsAs(undefined);
    expect(store.getState().draft.questionSetId).toBeUndefined();
  });
});
