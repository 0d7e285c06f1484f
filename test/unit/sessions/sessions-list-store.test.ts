import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../shared/api/result';
import { sessionMethod } from '../../../shared/runs/method';
import type { RunSummary } from '../../../shared/runs/run';
import type { SessionSummary } from '../../../shared/sessions/session';
import {
  createSessionsListStore,
  newSessionDraft,
  sessionRequest,
} from '../../../renderer/stores/sessions/sessions-list-store';
import { createBundleStore } from '../../../renderer/stores/sessions/bundle-store';
import { createSessionResultsStore } from '../../../renderer/stores/sessions/results-store';
import { fakeClient } from '../questions/fake-client';
import { detail } from './session-fixtures';

const dataset = {
  id: 3,
  name: 'tatqa_dataset_dev.json',
  format: 'tatqa' as const,
  sourceDocumentId: 1,
  importedAt: '2026-11-23',
  documentCount: 2,
  questionCount: 10,
};
const summary: SessionSummary = {
  ...detail().session,
  budgetSeconds: 14_400,
  perQuestionCapSeconds: 900,
  instructions: 'Show your work.',
  answered: 1,
  submitted: 1,
  activeSeconds: 60,
};

describe('session builder form', () => {
  const draft = { ...newSessionDraft(), datasetId: 3, expert: ' Ada ', seed: '42' };

  it('turns the typed form into a create request (minutes to seconds, empty cap is none)', () => {
    expect(sessionRequest({ ...draft, questions: '25', totalMinutes: '240' })).toEqual({
      ok: true,
      input: {
        datasetId: 3,
        questionCount: 25,
        seed: 42,
        budgetSeconds: 14_400,
        perQuestionCapSeconds: null,
        expert: 'Ada',
        stratify: 'answer-type',
      },
    });
    const capped = sessionRequest({ ...draft, perQuestionMinutes: '7.5', instructions: 'Go.' });
    expect(capped).toMatchObject({
      ok: true,
      input: { perQuestionCapSeconds: 450, instructions: 'Go.' },
    });
  });

  it('says what is wrong, one sentence at a time', () => {
    const problem = (patch: Partial<ReturnType<typeof newSessionDraft>>) => {
      const r = sessionRequest({ ...draft, ...patch });
      return r.ok ? undefined : r.problem;
    };
    expect(problem({ datasetId: undefined })).toMatch(/Pick a dataset/);
    for (const questions of ['0', '1,2', '12..5', '', '1001'])
      expect(problem({ questions })).toMatch(/Number of questions/);
    expect(problem({ seed: '-1' })).toMatch(/Seed/);
    expect(problem({ totalMinutes: '0.5' })).toMatch(/Total time/);
    expect(problem({ totalMinutes: '1,2' })).toMatch(/Total time/);
    expect(problem({ perQuestionMinutes: 'x' })).toMatch(/Per-question/);
    expect(problem({ expert: '  ' })).toMatch(/expert/);
  });
});

describe('sessions list store', () => {
  it('loads sessions and datasets, picks the first dataset, creates and reloads', async () => {
    const api = fakeClient({
      'sessions.list': () => ok({ sessions: [summary] }),
      'datasets.list': () => ok({ datasets: [dataset] }),
      'sessions.create': (input) =>
        ok({ sessionId: 9, session: { ...summary, id: 9, expert: input.expert } }),
    });
    const store = createSessionsListStore(api.client);
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'ready', sessions: [{ id: 5 }] });
    expect(store.getState().draft.datasetId).toBe(3);
    expect(await store.getState().create()).toBeUndefined();
    expect(store.getState().createError?.message).toMatch(/expert/);
    store.getState().setDraft({ expert: 'Bo' });
    expect(store.getState().createError).toBeUndefined();
    expect(await store.getState().create()).toBe(9);
    expect(api.calls.find((c) => c.method === 'sessions.create')?.input).toMatchObject({
      datasetId: 3,
      expert: 'Bo',
    });
  });

  it('another expert on the same questions: the draft copies the set, the budget and instructions', async () => {
    const api = fakeClient({
      'sessions.list': () => ok({ sessions: [summary] }),
      'datasets.list': () => ok({ datasets: [dataset] }),
    });
    const store = createSessionsListStore(api.client);
    await store.getState().load();
    store.getState().sameQuestionsAs(5);
    const d = store.getState().draft;
    expect(d).toMatchObject({
      sameQuestionsAs: 5,
      questions: '3',
      totalMinutes: '240',
      perQuestionMinutes: '15',
      instructions: 'Show your work.',
      expert: '',
    });
    const r = sessionRequest({ ...d, expert: 'Cy' });
    expect(r.ok && r.input.sameQuestionsAs).toBe(5);
    store.getState().sameQuestionsAs(undefined);
    expect(store.getState().draft.sameQuestionsAs).toBeUndefined();
  });

  it('a failed list is an error state with main’s message', async () => {
    const api = fakeClient({
      'sessions.list': () => fail('workspace-unavailable', 'No workspace is open.'),
      'datasets.list': () => ok({ datasets: [] }),
    });
    const store = createSessionsListStore(api.client);
    await store.getState().load();
    expect(store.getState()).toMatchObject({
      status: 'error',
      error: { message: 'No workspace is open.' },
    });
  });
});

const run = (runId: number, datasetId: number | null): RunSummary => ({
  runId,
  status: 'done',
  done: 3,
  total: 3,
  model: `model-${runId}`,
  mode: 'pot',
  datasetId,
  source: 'imported',
  createdAt: '2026-11-23',
  updatedAt: '2026-11-23',
  message: null,
});

describe('session results store', () => {
  it('loads once per session unless asked to reload; an open session answers an error', async () => {
    let finished = false;
    const api = fakeClient({
      'sessions.list': () => ok({ sessions: [summary] }),
      'runs.list': () => ok({ runs: [run(1, summary.datasetId), run(2, 99)] }),
      'sessions.results': () =>
        finished
          ? ok({
              session: summary,
              scorer: 'strict',
              accuracy: {
                correct: 1,
                total: 3,
                submitted: 1,
                rate: 1 / 3,
                wilson95: { low: 0.06, high: 0.79 },
              },
              activeSeconds: 60,
              items: [],
              method: sessionMethod('tatqa', []),
            })
          : fail('invalid-input', 'Results are shown once the session is finished.'),
    });
    const store = createSessionResultsStore(api.client);
    await store.getState().open(5);
    expect(store.getState()).toMatchObject({ status: 'error', error: { code: 'invalid-input' } });
    finished = true;
    await store.getState().open(5);
    expect(store.getState().results?.accuracy.correct).toBe(1);
    const results = () => api.calls.filter((c) => c.method === 'sessions.results');
    await store.getState().open(5);
    expect(results()).toHaveLength(2);
    await store.getState().open(5, { reload: true });
    expect(results()).toHaveLength(3);
    // The gap view is offered against the runs on the session's dataset only.
    expect(store.getState().runs.map((r) => r.runId)).toEqual([1]);
    // Alone on its question set: no agreement asked for.
    expect(api.calls.some((c) => c.method === 'sessions.agreement')).toBe(false);
  });
});

describe('agreement on the results screen', () => {
  it('asks for agreement over the finished sessions on the same question set', async () => {
    const finished = { ...summary, status: 'finished' as const };
    const api = fakeClient({
      'sessions.results': () =>
        ok({
          session: finished,
          scorer: 'strict',
          accuracy: {
            correct: 0,
            total: 3,
            submitted: 0,
            rate: 0,
            wilson95: { low: 0, high: 0.56 },
          },
          activeSeconds: 0,
          items: [],
          method: sessionMethod('tatqa', []),
        }),
      'runs.list': () => fail('workspace-unavailable', 'No workspace is open.'),
      'sessions.list': () =>
        ok({
          sessions: [
            finished,
            { ...finished, id: 8, expert: 'Bo' },
            { ...finished, id: 9, questionSetKey: 'other' },
            { ...finished, id: 10, status: 'open' as const },
          ],
        }),
      'sessions.agreement': (input) =>
        ok({
          sessionIds: input.sessionIds,
          experts: ['Ada', 'Bo'],
          raters: [
            { sessionId: 5, expert: 'Ada', signature: 'local' as const, fingerprint: null },
            { sessionId: 8, expert: 'Bo', signature: 'unsigned' as const, fingerprint: null },
          ],
          excluded: [],
          n: 3,
          percent: 2 / 3,
          cohenKappa: 0.25,
          fleissKappa: 0.2,
          pairs: [],
          items: [],
        }),
    });
    const store = createSessionResultsStore(api.client);
    await store.getState().open(5);
    expect(api.calls.at(-1)).toEqual({
      method: 'sessions.agreement',
      input: { sessionIds: [5, 8] },
    });
    expect(store.getState().agreement?.cohenKappa).toBe(0.25);
    // Runs that could not be listed leave the agreement as it is and offer no gap links.
    expect(store.getState().runs).toEqual([]);
  });
});

describe('session bundles from the sessions screen', () => {
  it('downloads a finished session’s bundle and imports a picked file, saying why one is refused', async () => {
    const saved: { name: string; bytes: number; type: string }[] = [];
    let imported = 0;
    const bytes = new TextEncoder().encode('{"format":"filing-workbench-session"}');
    const api = fakeClient({
      'sessions.bundleBytes': ({ sessionId }) =>
        sessionId === 5
          ? ok({
              name: 'session-5-Ada.json',
              sha256: 'ab'.repeat(32),
              fingerprint: 'ab12 cd34 ef56 7890',
              bytes,
            })
          : fail('unsupported', 'session #6 is still open: finish it before exporting'),
      'sessions.importBundleBytes': ({ name, allowUnsigned }) =>
        name === 'new.json'
          ? ok({
              sessionId: 11,
              datasetId: 3,
              signer: { state: 'signed' as const, name: 'Ada', fingerprint: 'ab12 cd34 ef56 7890' },
              study: { questionSetKey: 'k', sessionIds: [5, 11] },
              warnings: [],
            })
          : name === 'old.json' && allowUnsigned === true
            ? ok({
                sessionId: 12,
                datasetId: 3,
                signer: { state: 'unsigned' as const, name: 'Bo', fingerprint: null },
                study: { questionSetKey: 'k', sessionIds: [5, 11, 12] },
                warnings: [],
              })
            : name === 'old.json'
              ? fail('unsupported', 'old.json is an unsigned bundle (version 1, …)')
              : fail('duplicate', 'this bundle was imported already as session #11'),
    });
    const store = createBundleStore(
      api.client,
      (name, b, type) => saved.push({ name, bytes: b.byteLength, type }),
      () => imported++,
    );
    expect(await store.getState().exportBundle(5)).toBe(true);
    expect(saved).toEqual([
      { name: 'session-5-Ada.json', bytes: bytes.byteLength, type: 'application/json' },
    ]);
    expect(store.getState().exported).toEqual({ sessionId: 5, name: 'session-5-Ada.json' });
    expect(await store.getState().exportBundle(6)).toBe(false);
    expect(store.getState().exportError).toMatchObject({
      sessionId: 6,
      error: { code: 'unsupported' },
    });
    expect(saved).toHaveLength(1);

    expect(await store.getState().importBundle('new.json', bytes)).toBe(true);
    expect(store.getState().imported).toMatchObject({ name: 'new.json', sessionId: 11 });
    expect(imported).toBe(1);
    expect(await store.getState().importBundle('again.json', bytes)).toBe(false);
    expect(store.getState()).toMatchObject({
      importing: false,
      imported: undefined,
      importError: { name: 'again.json', error: { code: 'duplicate' } },
    });
    expect(imported).toBe(1);
    // An older, unsigned bundle: refused unless the user allowed it for this import.
    expect(await store.getState().importBundle('old.json', bytes)).toBe(false);
    expect(store.getState().importError).toMatchObject({ error: { code: 'unsupported' } });
    expect(await store.getState().importBundle('old.json', bytes, { allowUnsigned: true })).toBe(
      true,
    );
    expect(store.getState().imported).toMatchObject({
      sessionId: 12,
      signer: { state: 'unsigned' },
    });
    expect(api.calls.filter((c) => c.method === 'sessions.importBundleBytes').at(-1)).toEqual({
      method: 'sessions.importBundleBytes',
      input: { name: 'old.json', bytes, allowUnsigned: true },
    });
  });
});
