import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../shared/api/result';
import { createCompareStore } from '../../../renderer/stores/runs/compare-store';
import {
  emptyItemFilter,
  filterFlips,
  filterItems,
} from '../../../renderer/stores/runs/report-filter';
import {
  createRunReportStore,
  LIVE_REFRESH_MS,
} from '../../../renderer/stores/runs/run-report-store';
import { createRunsListStore } from '../../../renderer/stores/runs/runs-list-store';
import {
  emptyStartDraft,
  startInput,
  startProblem,
} from '../../../renderer/stores/runs/start-draft';
import { fakeClient } from '../questions/fake-client';
import { comparison, manifest, progress, report, summary } from './runs-fixtures';

const dataset = {
  id: 1,
  name: 'validation.json',
  format: 'docmath' as const,
  sourceDocumentId: 5,
  importedAt: '2026-11-23T18:00:00.000Z',
  documentCount: 3,
  questionCount: 3,
};

describe('runs list store', () => {
  function listApi() {
    let runs = [summary(2), summary(1)];
    const api = fakeClient({
      'runs.list': () => ok({ runs }),
      'datasets.list': () => ok({ datasets: [dataset] }),
      'runs.remove': ({ runId }) => ok({ removed: runs.some((r) => r.runId === runId) }),
      'runs.start': (input) =>
        input.model === 'missing'
          ? fail('llm-model-not-found', 'the server has no model "missing"')
          : ok({
              runId: 3,
              summary: summary(3, {
                status: 'running',
                done: 0,
                total: input.limit ?? 3,
                source: 'engine',
              }),
            }),
      'runs.pause': ({ runId }) =>
        ok({ summary: summary(runId, { status: 'paused', source: 'engine' }) }),
      'runs.resume': ({ runId }) =>
        ok({ runId, summary: summary(runId, { status: 'running', source: 'engine' }) }),
      'runs.cancel': () => fail('unsupported', 'the run belongs to another process'),
    });
    return { ...api, setRuns: (r: typeof runs) => (runs = r) };
  }

  it('loads runs and datasets; picks at most two runs to compare, the latest two', async () => {
    const { client } = listApi();
    const store = createRunsListStore(client);
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'ready', datasets: [dataset] });
    expect(store.getState().runs.map((r) => r.runId)).toEqual([2, 1]);
    store.getState().togglePicked(1);
    store.getState().togglePicked(2);
    store.getState().togglePicked(3);
    expect(store.getState().picked).toEqual([2, 3]);
    store.getState().togglePicked(2);
    expect(store.getState().picked).toEqual([3]);
    // A reload drops picks of runs that are gone.
    await store.getState().load(true);
    expect(store.getState().picked).toEqual([]);
  });

  it('removes a run from the table and from the picks', async () => {
    const { client } = listApi();
    const store = createRunsListStore(client);
    await store.getState().load();
    store.getState().togglePicked(1);
    expect(await store.getState().remove(1)).toBe(true);
    expect(store.getState().runs.map((r) => r.runId)).toEqual([2]);
    expect(store.getState().picked).toEqual([]);
  });

  it('checks the start form, sends runs.start and puts the new run first', async () => {
    const { client, calls } = listApi();
    const store = createRunsListStore(client);
    await store.getState().load();
    expect(await store.getState().start()).toBeUndefined();
    expect(store.getState().actionError?.message).toMatch(/Choose a dataset/);
    expect(calls.some((c) => c.method === 'runs.start')).toBe(false);

    store.getState().setDraft({
      datasetId: 1,
      providerId: 4,
      model: ' test-chat ',
      mode: 'cot',
      limit: '12',
      concurrency: '2',
      rpm: '',
      subset: ' Accounting ',
    });
    expect(await store.getState().start()).toBe(3);
    expect(calls.at(-1)).toEqual({
      method: 'runs.start',
      input: {
        datasetId: 1,
        provider: { providerId: 4 },
        model: 'test-chat',
        mode: 'cot',
        subset: 'Accounting',
        limit: 12,
        concurrency: 2,
      },
    });
    expect(store.getState().runs.map((r) => r.runId)).toEqual([3, 2, 1]);
    expect(store.getState()).toMatchObject({ starting: false, actionError: undefined });

    store.getState().setDraft({ model: 'missing' });
    expect(await store.getState().start()).toBeUndefined();
    expect(store.getState().actionError?.code).toBe('llm-model-not-found');
  });

  it('follows run.progress, and reads the list again when a run stops', async () => {
    const api = listApi();
    api.setRuns([summary(3, { status: 'running', done: 0, source: 'engine' }), summary(1)]);
    const store = createRunsListStore(api.client);
    await store.getState().load();
    api.emit('run.progress', progress(3, { done: 1, failed: 1, remaining: 1 }));
    expect(store.getState().progress[3]?.failed).toBe(1);
    expect(store.getState().runs[0]).toMatchObject({ status: 'running', done: 2, total: 3 });
    const lists = () => api.calls.filter((c) => c.method === 'runs.list').length;
    expect(lists()).toBe(1);

    api.setRuns([summary(3, { status: 'done', done: 3, source: 'engine' }), summary(1)]);
    api.emit('run.progress', progress(3, { status: 'done', done: 3, remaining: 0, etaMs: null }));
    await expect.poll(() => store.getState().runs[0]?.done).toBe(3);
    expect(lists()).toBe(2);
  });

  it('pauses and resumes with the summary main answers; a refused cancel is kept as the error', async () => {
    const { client } = listApi();
    const store = createRunsListStore(client);
    await store.getState().load();
    await store.getState().pause(2);
    expect(store.getState().runs[0]).toMatchObject({ runId: 2, status: 'paused' });
    await store.getState().resume(2);
    expect(store.getState().runs[0]?.status).toBe('running');
    await store.getState().cancel(2);
    expect(store.getState().actionError?.code).toBe('unsupported');
    expect(store.getState().acting).toEqual({});
  });
});

describe('start draft', () => {
  it('says what is missing or malformed, in order', () => {
    const d = { ...emptyStartDraft(), datasetId: 1, providerId: 2, model: 'm' };
    expect(startProblem(emptyStartDraft())).toMatch(/dataset/);
    expect(startProblem({ ...d, providerId: undefined })).toMatch(/provider/);
    expect(startProblem({ ...d, model: ' ' })).toMatch(/model/);
    expect(startProblem({ ...d, limit: '0' })).toMatch(/Limit/);
    expect(startProblem({ ...d, limit: 'ten' })).toMatch(/Limit/);
    expect(startProblem({ ...d, concurrency: '300' })).toMatch(/Concurrency/);
    expect(startProblem({ ...d, rpm: '-5' })).toMatch(/Requests/);
    expect(startProblem(d)).toBeNull();
    // Empty pacing fields leave main's defaults.
    expect(startInput({ ...d, concurrency: '' })).toEqual({
      datasetId: 1,
      provider: { providerId: 2 },
      model: 'm',
      mode: 'pot',
    });
    expect(startInput({ ...d, cache: false })).toMatchObject({ cache: false });
    expect(startInput({ ...d, batchApi: true })).toMatchObject({ batchApi: true });
    expect(startInput(d)).not.toHaveProperty('batchApi');
  });
});

describe('run report store', () => {
  function reportApi() {
    return fakeClient({
      'runs.get': ({ runId }) => ok({ summary: summary(runId), manifest }),
      'runs.report': ({ runId, scorer }) =>
        ok({ report: report(runId, scorer ?? 'docmath'), comparison: null }),
    });
  }

  it('opens a run once, and again when forced or for another run', async () => {
    const { client, calls } = reportApi();
    const store = createRunReportStore(client);
    await store.getState().open(1);
    expect(store.getState()).toMatchObject({ status: 'ready', runId: 1 });
    expect(store.getState().report?.runId).toBe(1);
    await store.getState().open(1);
    expect(calls.filter((c) => c.method === 'runs.report')).toHaveLength(1);
    store.getState().setFilter({ text: 'x' });
    await store.getState().open(1, true);
    expect(store.getState().filter.text).toBe('x');
    await store.getState().open(2);
    expect(store.getState().filter).toEqual(emptyItemFilter());
    expect(store.getState().report?.runId).toBe(2);
  });

  it('asks for another scorer and drops the cause filter, which was the old scorer’s', async () => {
    const { client, calls } = reportApi();
    const store = createRunReportStore(client);
    await store.getState().open(1);
    store.getState().setFilter({ cause: 'wrong value', outcome: 'wrong' });
    await store.getState().setScorer('strict');
    expect(calls.at(-1)).toEqual({ method: 'runs.report', input: { runId: 1, scorer: 'strict' } });
    expect(store.getState().report?.scorer).toBe('strict');
    expect(store.getState().filter).toEqual({ outcome: 'wrong', text: '' });
  });

  it('keeps the answer of the latest request when two overlap', async () => {
    const api = reportApi();
    const store = createRunReportStore(api.client);
    api.hold();
    const first = store.getState().open(1);
    const second = store.getState().open(2);
    api.release();
    await Promise.all([first, second]);
    expect(store.getState().report?.runId).toBe(2);
  });

  it('reads the report again when its run stops', async () => {
    const api = reportApi();
    const store = createRunReportStore(api.client);
    await store.getState().open(1);
    const reports = () => api.calls.filter((c) => c.method === 'runs.report').length;
    api.emit('run.progress', progress(2, { status: 'done' }));
    api.emit('run.progress', progress(1, { status: 'running' }));
    expect(reports()).toBe(1);
    // The stored summary says done already: a 'done' event changes nothing…
    api.emit('run.progress', progress(1, { status: 'done' }));
    expect(reports()).toBe(1);
    // …but a run that was running and now paused is read again.
    store.setState({ summary: summary(1, { status: 'running' }) });
    api.emit('run.progress', progress(1, { status: 'paused' }));
    await expect.poll(reports).toBe(2);
  });

  it('reads a running run’s report again at most every few seconds', async () => {
    const api = reportApi();
    let t = 1000;
    const store = createRunReportStore(api.client, () => t);
    await store.getState().open(1);
    const reports = () => api.calls.filter((c) => c.method === 'runs.report').length;
    t += LIVE_REFRESH_MS - 1;
    api.emit('run.progress', progress(1));
    expect(reports()).toBe(1);
    t += 1;
    api.emit('run.progress', progress(1));
    await expect.poll(reports).toBe(2);
    api.emit('run.progress', progress(1));
    expect(reports()).toBe(2);
  });

  it('re-grades with one scorer, says what changed and reads the report again', async () => {
    const api = fakeClient({
      'runs.get': ({ runId }) => ok({ summary: summary(runId), manifest }),
      'runs.report': ({ runId }) => ok({ report: report(runId), comparison: null }),
      'runs.regrade': ({ runId, scorer }) =>
        scorer === 'nope'
          ? fail('invalid-input', 'no scorer "nope"')
          : ok({
              runId,
              scorer: { id: scorer, version: '2' },
              items: 4,
              correct: 3,
              accuracy: 75,
              missingQuestions: 0,
              previous: { correct: 2, accuracy: 50 },
            }),
    });
    const store = createRunReportStore(api.client);
    await store.getState().open(1);
    await store.getState().regrade('docmath');
    expect(store.getState().regraded).toMatchObject({
      status: 'done',
      value: { accuracy: 75, previous: { accuracy: 50 } },
    });
    expect(api.calls.filter((c) => c.method === 'runs.report')).toHaveLength(2);
    await store.getState().regrade('nope');
    expect(store.getState().regraded).toMatchObject({
      status: 'error',
      error: { code: 'invalid-input' },
    });
    // Another run starts without the last one's re-grade.
    await store.getState().open(2);
    expect(store.getState().regraded).toBeUndefined();
  });

  it('reports a failure as the error', async () => {
    const { client } = fakeClient({
      'runs.get': () => fail('not-found', 'no run #9'),
      'runs.report': () => fail('not-found', 'no run #9'),
    });
    const store = createRunReportStore(client);
    await store.getState().open(9);
    expect(store.getState()).toMatchObject({ status: 'error', error: { code: 'not-found' } });
  });
});

describe('item and flip filters', () => {
  const items = report(1).items;

  it('filters items by cause chip, outcome and text', () => {
    const ids = (f: Parameters<typeof filterItems>[1]) =>
      filterItems(items, f).map((i) => i.externalId);
    expect(ids(emptyItemFilter())).toHaveLength(4);
    expect(ids({ ...emptyItemFilter(), cause: 'wrong value' })).toEqual(['validation-2']);
    expect(ids({ ...emptyItemFilter(), outcome: 'correct' })).toEqual([
      'validation-1',
      'validation-3',
    ]);
    expect(ids({ ...emptyItemFilter(), outcome: 'wrong' })).toEqual([
      'validation-2',
      'validation-12',
    ]);
    expect(ids({ ...emptyItemFilter(), text: ' RISK ' })).toEqual(['validation-12']);
    expect(ids({ ...emptyItemFilter(), text: '17' })).toEqual(['validation-2']);
    // The question's text is searched too (the list shows it).
    expect(ids({ ...emptyItemFilter(), text: 'asked in validation-3?' })).toEqual(['validation-3']);
  });

  it('filters flips by direction, run A’s subset and text', () => {
    const subsetOf = new Map(items.map((i) => [i.externalId, i.subset]));
    const ids = (f: Parameters<typeof filterFlips>[1]) =>
      filterFlips(comparison.flips, f, subsetOf).map((x) => x.externalId);
    expect(ids({ rightIn: 'all', subset: '', text: '' })).toHaveLength(3);
    expect(ids({ rightIn: 'a', subset: '', text: '' })).toEqual(['validation-1', 'validation-3']);
    expect(ids({ rightIn: 'all', subset: 'Risk', text: '' })).toEqual(['validation-12']);
    expect(ids({ rightIn: 'all', subset: '', text: '3.5' })).toEqual(['validation-12']);
    expect(ids({ rightIn: 'b', subset: 'Accounting', text: '' })).toEqual([]);
    const questionOf = new Map([['validation-3', 'What was the operating margin in 2019?']]);
    expect(
      filterFlips(
        comparison.flips,
        { rightIn: 'all', subset: '', text: 'operating margin' },
        subsetOf,
        questionOf,
      ).map((x) => x.externalId),
    ).toEqual(['validation-3']);
  });
});

describe('compare store', () => {
  it('asks for run A’s report compared to B and B’s own, with the chosen scorer', async () => {
    const { client, calls } = fakeClient({
      'runs.report': ({ runId, compareTo, scorer }) =>
        ok({
          report: report(runId, scorer ?? 'docmath'),
          comparison:
            compareTo === undefined ? null : { ...comparison, scorer: scorer ?? 'docmath' },
        }),
    });
    const store = createCompareStore(client);
    await store.getState().open(1, 2);
    expect(store.getState()).toMatchObject({ status: 'ready', pair: { a: 1, b: 2 } });
    expect(store.getState().reportB?.runId).toBe(2);
    expect(store.getState().comparison?.flips).toHaveLength(3);
    store.getState().setFilter({ rightIn: 'b' });
    await store.getState().setScorer('strict');
    expect(calls.slice(-2).map((c) => c.input)).toEqual([
      { runId: 1, compareTo: 2, scorer: 'strict' },
      { runId: 2, scorer: 'strict' },
    ]);
    expect(store.getState().comparison?.scorer).toBe('strict');
    expect(store.getState().filter.rightIn).toBe('b');
    // Another pair starts with no filter.
    await store.getState().open(2, 1);
    expect(store.getState().filter.rightIn).toBe('all');
  });

  it('shows main’s refusal (no shared scorer, nothing paired) as the error', async () => {
    const { client } = fakeClient({
      'runs.report': ({ runId, compareTo }) =>
        compareTo !== undefined
          ? fail('invalid-input', 'runs #1 and #2 share no graded question: nothing to compare')
          : ok({ report: report(runId), comparison: null }),
    });
    const store = createCompareStore(client);
    await store.getState().open(1, 2);
    expect(store.getState().status).toBe('error');
    expect(store.getState().error?.message).toMatch(/share no graded question/);
  });
});
