import { describe, expect, it } from 'vitest';
import type { DatasetSummary, StoredQuestion } from '../../../shared/datasets/stored-question';
import { fail, ok } from '../../../shared/api/result';
import type { DocumentSummary } from '../../../shared/library/document';
import { createQuestionStore } from '../../../renderer/stores/questions/question-store';
import { fakeClient } from './fake-client';

const dataset: DatasetSummary = {
  id: 3,
  name: 'dev.json',
  format: 'multihiertt',
  sourceDocumentId: 1,
  importedAt: '2025-01-01T00:00:00.000Z',
  documentCount: 2,
  questionCount: 2,
};
const question = (id: number): StoredQuestion => ({
  id,
  externalId: `q${id}`,
  datasetId: 3,
  documentId: 10 + id,
  documentExternalId: `d${id}`,
  question: `Question ${id}?`,
  gold: { answer: 42 },
  scale: null,
  type: 'arithmetic',
  evidence: [{ ref: '0-1-2', target: { type: 'cell', tableId: 't0', sourceRow: 1, sourceCol: 2 } }],
});

const record = (id: number): DocumentSummary => ({
  id,
  name: `record ${id}`,
  kind: 'record',
  size: 100,
  sha256: null,
  importedAt: '2025-01-01T00:00:00.000Z',
  dataset: { id: 3, externalId: `d${id}` },
});

/** A Storage-like map, as localStorage is in the app. */
function memoryStorage(init: Record<string, string> = {}) {
  const m = new Map(Object.entries(init));
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    map: m,
  };
}

function questionsApi() {
  return fakeClient({
    'questions.get': ({ id }) =>
      id === 404
        ? fail('not-found', 'no question #404 in this workspace')
        : ok({ question: question(id), dataset, document: id === 7 ? null : record(10 + id) }),
  });
}

describe('question store', () => {
  it('opens a question with its dataset; the document is null when it is not in the library', async () => {
    const api = questionsApi();
    const store = createQuestionStore(api.client, memoryStorage());
    await store.getState().open(7);
    expect(store.getState()).toMatchObject({
      status: 'ready',
      openId: 7,
      question: { id: 7, externalId: 'q7', gold: { answer: 42 } },
      dataset: { id: 3 },
      document: null,
    });
    // Opening it again asks nothing more.
    await store.getState().open(7);
    expect(api.calls).toHaveLength(1);
  });

  it('reports a failure, and a retry asks again', async () => {
    const api = questionsApi();
    const store = createQuestionStore(api.client, memoryStorage());
    await store.getState().open(404);
    expect(store.getState()).toMatchObject({ status: 'error', error: { code: 'not-found' } });
    await store.getState().open(404);
    expect(api.calls).toHaveLength(2);
  });

  it('keeps the question the user moved on to when an earlier answer comes late', async () => {
    const api = questionsApi();
    const store = createQuestionStore(api.client, memoryStorage());
    api.hold();
    const first = store.getState().open(1);
    const second = store.getState().open(2);
    api.release();
    await Promise.all([first, second]);
    expect(store.getState()).toMatchObject({ openId: 2, question: { id: 2 } });
  });

  it('hides gold by default and remembers the choice in storage', () => {
    const storage = memoryStorage();
    const store = createQuestionStore(questionsApi().client, storage);
    expect(store.getState().showGold).toBe(false);
    store.getState().toggleGold();
    expect(store.getState().showGold).toBe(true);
    expect(createQuestionStore(questionsApi().client, storage).getState().showGold).toBe(true);
    store.getState().toggleGold();
    expect(createQuestionStore(questionsApi().client, storage).getState().showGold).toBe(false);
  });

  it('keeps the document summary of a question whose document is in the library', async () => {
    const store = createQuestionStore(questionsApi().client, memoryStorage());
    await store.getState().open(2);
    expect(store.getState().document).toMatchObject({ id: 12, kind: 'record' });
  });

  it('works without storage, and with a storage that refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    for (const storage of [undefined, refusing]) {
      const store = createQuestionStore(questionsApi().client, storage);
      expect(store.getState().showGold).toBe(false);
      store.getState().toggleGold();
      expect(store.getState().showGold).toBe(true);
    }
  });

  it('forgets the active evidence item when another question opens', async () => {
    const store = createQuestionStore(questionsApi().client, memoryStorage());
    await store.getState().open(1);
    store.getState().setActiveEvidence(0);
    expect(store.getState().activeEvidence).toBe(0);
    await store.getState().open(2);
    expect(store.getState().activeEvidence).toBeUndefined();
  });
});
