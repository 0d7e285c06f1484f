import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../shared/api/result';
import type { DatasetSummary, StoredQuestion } from '../../../shared/datasets/stored-question';
import type { GoldDispute, GoldHistory } from '../../../shared/disputes/dispute';
import { parseProposedAnswer } from '../../../shared/disputes/proposed-answer';
import { createQuestionStore } from '../../../renderer/stores/questions/question-store';
import { fakeClient } from './fake-client';

// The question store's dispute actions: raise and decide go through the API, then the question
// and its gold history are read again so the screen shows the corrected gold beside the original.

const dataset: DatasetSummary = {
  id: 1,
  name: 'tatqa_dataset_dev.json',
  format: 'tatqa',
  sourceDocumentId: null,
  importedAt: '2025-01-01T00:00:00.000Z',
  documentCount: 1,
  questionCount: 1,
};

describe('question store: gold disputes', () => {
  it('raises, accepts and reloads the gold with its history', async () => {
    let gold: StoredQuestion['gold'] = { answer: 10 };
    const disputes: GoldDispute[] = [];
    const history = (): GoldHistory => ({
      current: gold,
      currentSource: disputes.some((d) => d.status === 'accepted') ? 'dispute' : 'dataset',
      original: { answer: 10 },
      versions: [],
      disputes,
      datasetChangedSinceCorrection: false,
    });
    const question = (): StoredQuestion => ({
      id: 5,
      externalId: 'u5',
      datasetId: 1,
      documentId: null,
      documentExternalId: 'd',
      question: 'What?',
      gold,
      scale: '',
      type: 'arithmetic',
      evidence: [],
    });
    const api = fakeClient({
      'questions.get': () =>
        ok({ question: question(), dataset, document: null, goldHistory: history() }),
      'disputes.raise': (i) => {
        const d: GoldDispute = {
          id: disputes.length + 1,
          questionId: i.questionId,
          externalId: 'u5',
          datasetId: 1,
          proposed: { answer: i.answer },
          reason: i.reason,
          raisedBy: i.raisedBy ?? 'unnamed reviewer',
          raisedAt: '2026-01-01T00:00:00.000Z',
          status: 'open',
          decidedBy: null,
          decidedAt: null,
          decisionNote: null,
        };
        disputes.push(d);
        return ok({ dispute: d });
      },
      'disputes.decide': (i) => {
        const d = disputes.find((x) => x.id === i.disputeId);
        if (!d) return fail('not-found', 'no such dispute');
        d.status = i.decision === 'accept' ? 'accepted' : 'rejected';
        if (d.status === 'accepted') gold = d.proposed;
        return ok({ dispute: d, regrade: null });
      },
    });
    const store = createQuestionStore(api.client);
    await store.getState().open(5);
    expect(store.getState().goldHistory?.disputes).toEqual([]);

    expect(await store.getState().raiseDispute(12.5, 'the table says 12.5', 'Ana')).toBe(true);
    expect(store.getState().goldHistory?.disputes.map((d) => d.status)).toEqual(['open']);
    await store.getState().decideDispute(1, 'accept');
    expect(store.getState().question?.gold.answer).toBe(12.5);
    expect(store.getState().goldHistory).toMatchObject({
      currentSource: 'dispute',
      original: { answer: 10 },
    });
    await store.getState().decideDispute(99, 'reject');
    expect(store.getState().disputeError?.code).toBe('not-found');
    expect(store.getState().disputeBusy).toBe(false);
  });

  it('reads a typed answer as a number, a list of spans or text', () => {
    expect(parseProposedAnswer(' 12.5 ')).toBe(12.5);
    expect(parseProposedAnswer('-3')).toBe(-3);
    expect(parseProposedAnswer('["a", "b"]')).toEqual(['a', 'b']);
    expect(parseProposedAnswer('[not json')).toBe('[not json');
    expect(parseProposedAnswer('Cost of sales')).toBe('Cost of sales');
    expect(parseProposedAnswer('  ')).toBeUndefined();
  });
});
