import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../shared/api/result';
import type { RunItemDetail } from '../../../shared/runs/item-detail';
import type { RunImportResult } from '../../../shared/runs/run';
import { createRunImportStore } from '../../../renderer/stores/runs/run-import-store';
import { createRunItemStore } from '../../../renderer/stores/runs/run-item-store';
import { fakeClient } from '../questions/fake-client';

const detail = (questionId: number): RunItemDetail => ({
  runId: 4,
  item: {
    itemId: questionId * 10,
    questionId,
    externalId: `q${questionId}`,
    output: '```javascript\nfunction solution() { return cell("t1", 0, 0); }\n```',
    answer: 12.5,
    answerKind: 'executed',
    answerScale: null,
    program: 'function solution() { return cell("t1", 0, 0); }',
    execution: { ok: true, result: 12.5 },
    usage: null,
    latencyMs: 3,
    error: null,
  },
  question: null,
  trace: {
    version: 1,
    reads: [{ tableId: 't1', row: 0, col: 0, value: 12.5, text: '12.5', scale: 1e6, unit: 'USD' }],
  },
  verdicts: [],
  scorers: [{ id: 'strict', version: '1' }],
});

describe('run item store (the report side panel)', () => {
  it('opens an item, reads runs.item, and a later item wins over an earlier answer', async () => {
    const api = fakeClient({ 'runs.item': ({ questionId }) => ok(detail(questionId)) });
    const store = createRunItemStore(api.client);
    api.hold();
    const first = store.getState().show(4, 1, 'q1');
    const second = store.getState().show(4, 2, 'q2');
    expect(store.getState()).toMatchObject({ status: 'loading', open: { questionId: 2 } });
    api.release();
    await Promise.all([first, second]);
    expect(store.getState().status).toBe('ready');
    expect(store.getState().detail?.item.questionId).toBe(2);
    expect(store.getState().detail?.trace?.reads[0]?.unit).toBe('USD');
    store.getState().close();
    expect(store.getState()).toMatchObject({ status: 'idle', open: undefined, detail: undefined });
  });

  it('keeps main’s refusal to show', async () => {
    const api = fakeClient({
      'runs.item': () => fail('not-found', 'run #4 has no item for question #9'),
    });
    const store = createRunItemStore(api.client);
    await store.getState().show(4, 9, 'q9');
    expect(store.getState()).toMatchObject({
      status: 'error',
      error: { code: 'not-found' },
      open: { questionId: 9, externalId: 'q9' },
    });
  });
});

const imported: RunImportResult = {
  runId: 7,
  status: 'done',
  datasetId: 2,
  records: 5,
  matched: 2,
  unknownIds: { count: 1, examples: ['nope'] },
  unreadable: { count: 1, examples: ['line 4: not JSON'] },
  duplicates: { count: 1, examples: ['q1'] },
  unanswered: 10,
  accuracy: { analyst: 50 },
  warnings: [],
};

const file = (name: string, text: string) => ({
  name,
  arrayBuffer: () => Promise.resolve(new TextEncoder().encode(text).buffer),
});

describe('run import store (Import predictions…)', () => {
  it('uploads the bytes with the chosen format and dataset, follows the job, answers the run', async () => {
    const api = fakeClient({ 'runs.importBytes': () => ok(imported) });
    const store = createRunImportStore(api.client);
    store.getState().setFormat('tatqa-pred');
    store.getState().setDatasetId(2);
    api.hold();
    const done = store.getState().importFile(file('preds.jsonl', '{"id":"q1"}\n'));
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState()).toMatchObject({ status: 'importing', fileName: 'preds.jsonl' });
    // Another job's progress is not this import's.
    api.emit('job.progress', {
      jobId: 'j0',
      kind: 'parse',
      label: 'import preds.jsonl',
      subject: null,
      state: 'running',
      done: 90,
      total: 100,
      unit: 'percent',
    });
    api.emit('job.progress', {
      jobId: 'j1',
      kind: 'run',
      label: 'import preds.jsonl',
      subject: 'run:7',
      state: 'running',
      done: 40,
      total: 100,
      unit: 'percent',
    });
    expect(store.getState().percent).toBe(40);
    api.release();
    expect(await done).toBe(7);
    expect(store.getState()).toMatchObject({ status: 'done', result: { runId: 7 } });
    const input = api.calls.find((c) => c.method === 'runs.importBytes')!.input as {
      name: string;
      format: string;
      datasetId?: number;
      bytes: Uint8Array;
    };
    expect(input).toMatchObject({ name: 'preds.jsonl', format: 'tatqa-pred', datasetId: 2 });
    expect(new TextDecoder().decode(input.bytes)).toBe('{"id":"q1"}\n');
  });

  it('a refusal is shown and answers no run; without a dataset main finds it', async () => {
    const api = fakeClient({
      'runs.importBytes': () => fail('invalid-input', 'no dataset in this workspace has them'),
    });
    const store = createRunImportStore(api.client);
    expect(await store.getState().importFile(file('x.jsonl', 'x'))).toBeUndefined();
    expect(store.getState()).toMatchObject({ status: 'error', error: { code: 'invalid-input' } });
    expect(api.calls[0]!.input).not.toHaveProperty('datasetId');
    store.getState().reset();
    expect(store.getState().status).toBe('idle');
  });
});
