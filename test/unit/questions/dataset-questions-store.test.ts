import { describe, expect, it } from 'vitest';
import type { DatasetSummary, QuestionSummary } from '../../../shared/datasets/stored-question';
import { fail, ok } from '../../../shared/api/result';
import { createDatasetQuestionsStore } from '../../../renderer/stores/questions/dataset-questions-store';
import { fakeClient } from './fake-client';

const summary = (id: number, questionCount: number): DatasetSummary => ({
  id,
  name: `set-${id}.json`,
  format: 'tatqa',
  sourceDocumentId: null,
  importedAt: '2025-01-01T00:00:00.000Z',
  documentCount: 1,
  questionCount,
});
const q = (id: number, datasetId: number, text: string): QuestionSummary => ({
  id,
  externalId: `uid-${id}`,
  datasetId,
  documentId: 100,
  documentExternalId: 'doc',
  question: text,
  type: 'span',
});

function api() {
  let version = 1;
  const fake = fakeClient({
    'datasets.questions': ({ datasetId }) =>
      datasetId === 9
        ? fail('not-found', 'no dataset #9 in this workspace')
        : ok({
            dataset: summary(datasetId, version),
            questions: Array.from({ length: version }, (_, i) =>
              q(datasetId * 100 + i, datasetId, `What is item ${i}?`),
            ),
          }),
  });
  return { ...fake, bump: () => version++ };
}

describe('dataset questions store', () => {
  it('loads a list once, keeps its filter while it stays open, and starts over on another', async () => {
    const a = api();
    const store = createDatasetQuestionsStore(a.client);
    await store.getState().open(1);
    expect(store.getState()).toMatchObject({ status: 'ready', datasetId: 1, dataset: { id: 1 } });
    expect(store.getState().questions.map((x) => x.id)).toEqual([100]);
    store.getState().setFilter('item');
    await store.getState().open(1);
    expect(a.calls).toHaveLength(1);
    expect(store.getState().filter).toBe('item');
    await store.getState().open(2);
    expect(store.getState()).toMatchObject({ datasetId: 2, filter: '' });
    expect(store.getState().questions.map((x) => x.id)).toEqual([200]);
  });

  it('reloads the open list when the library changes (a re-import), keeping the filter', async () => {
    const a = api();
    const store = createDatasetQuestionsStore(a.client);
    await store.getState().open(1);
    store.getState().setFilter('item 1');
    a.bump();
    a.emit('library.changed', { reason: 'dataset' });
    await expect.poll(() => store.getState().questions.length).toBe(2);
    expect(store.getState().filter).toBe('item 1');
    expect(store.getState().dataset?.questionCount).toBe(2);
  });

  it('reports a dataset that is not there', async () => {
    const store = createDatasetQuestionsStore(api().client);
    await store.getState().open(9);
    expect(store.getState()).toMatchObject({
      status: 'error',
      datasetId: 9,
      error: { code: 'not-found' },
    });
  });

  it('drops a late answer for a dataset the user left', async () => {
    const a = api();
    const store = createDatasetQuestionsStore(a.client);
    a.hold();
    const first = store.getState().open(1);
    const second = store.getState().open(2);
    a.release();
    await Promise.all([first, second]);
    expect(store.getState()).toMatchObject({ datasetId: 2, dataset: { id: 2 } });
  });
});
