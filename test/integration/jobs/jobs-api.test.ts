import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, type EventPayload } from '../../../shared/api/contract';
import { documentJobSubject, JobKind } from '../../../shared/jobs/job';
import type { ImportReport } from '../../../shared/library/document';
import { sampleDir } from '../../../main/app-paths';
import { parseCacheRepo } from '../../../main/db/parse-cache-repo';
import { EventBus } from '../../../main/events/bus';
import { readDatasetInWorker } from '../../../main/ingest/datasets/read-in-worker';
import { JobRunner } from '../../../main/jobs/job-runner';
import { liveWorkerCount } from '../../../main/jobs/live';
import { writeRepeatedFiling } from '../../support/big-filing';
import { tempServices } from '../../support/services';
import { makePdf, sampleTablePage } from '../ingest/pdf/make-pdf';

type Progress = EventPayload<'job.progress'>;
const sampleFiling = join(sampleDir(), 'northwind-instruments-10-k-2025.html');

describe('jobs: progress events for every kind, cancel, and the jobs list (real workers, real SQLite)', () => {
  let ctx: Awaited<ReturnType<typeof tempServices>>;
  const seen: Progress[] = [];
  const ids: Record<string, number> = {};

  const importFile = async (path: string) => {
    const r = await ctx.services.registry.call('library.importPaths', { paths: [path] });
    const item = r.ok ? (r.value as ImportReport).items[0] : undefined;
    if (!item?.ok) throw new Error(`import failed: ${JSON.stringify(r)}`);
    return item.document.id;
  };
  const eventsOf = (jobId: string) => seen.filter((e) => e.jobId === jobId);

  beforeAll(async () => {
    ctx = await tempServices();
    ctx.services.bus.subscribe((name, payload) => {
      if (name === 'job.progress') seen.push(payload as Progress);
    });
    const big = join(ctx.dir, 'big-10k.htm');
    await writeRepeatedFiling(sampleFiling, big, 12);
    ids.big = await importFile(big);
    const other = join(ctx.dir, 'other-10k.htm');
    await writeRepeatedFiling(sampleFiling, other, 13);
    ids.other = await importFile(other);
    const pdf = join(ctx.dir, 'two-pages.pdf');
    writeFileSync(pdf, makePdf([sampleTablePage(), sampleTablePage()]));
    ids.pdf = await importFile(pdf);
  });
  afterAll(() => ctx.cleanup());

  it('every event matches the contract, and each job starts running and ends once', () => {
    expect(seen.length).toBeGreaterThan(0);
    for (const e of seen) events['job.progress'].parse(e);
    const imports = seen.filter((e) => e.kind === 'import');
    // Two files above the 8 MB threshold were copied as import jobs, in bytes.
    expect(new Set(imports.map((e) => e.jobId)).size).toBe(2);
    for (const jobId of new Set(imports.map((e) => e.jobId))) {
      const states = eventsOf(jobId).map((e) => e.state);
      expect(states[0]).toBe('running');
      expect(states.at(-1)).toBe('done');
      expect(states.filter((s) => s !== 'running')).toEqual(['done']);
      expect(eventsOf(jobId).every((e) => e.unit === 'bytes')).toBe(true);
    }
  });

  it('a filing parse reports kind parse in percent, tagged with its document, ending done at 100', async () => {
    const r = await ctx.services.registry.call('document.open', { id: ids.big });
    expect(r.ok).toBe(true);
    const parse = seen.filter((e) => e.subject === documentJobSubject(ids.big!));
    expect(parse.every((e) => e.kind === 'parse' && e.unit === 'percent')).toBe(true);
    expect(parse[0]).toMatchObject({ state: 'running', done: 0, total: 100 });
    expect(parse.at(-1)).toMatchObject({ state: 'done', done: 100, total: 100 });
    expect(parse.length).toBeGreaterThan(3);
  });

  it('a PDF parse reports kind pdf in pages', async () => {
    const r = await ctx.services.registry.call('document.open', { id: ids.pdf });
    expect(r.ok).toBe(true);
    const pdf = seen.filter((e) => e.subject === documentJobSubject(ids.pdf!));
    expect(pdf.every((e) => e.kind === 'pdf')).toBe(true);
    expect(pdf.filter((e) => e.unit === 'pages').map((e) => `${e.done}/${e.total}`)).toEqual([
      '1/2',
      '2/2',
      '2/2',
    ]);
    expect(pdf.at(-1)?.state).toBe('done');
  });

  it('a dataset read reports kind dataset; a bad file ends failed with the reason, same error as before', async () => {
    const bad = join(ctx.dir, 'not-tatqa.json');
    writeFileSync(bad, '{"hello": 1}');
    const run = readDatasetInWorker('tatqa', bad, { jobs: ctx.services.jobs });
    await expect(run).rejects.toMatchObject({ code: 'invalid-input' });
    const error = await run.catch((e: Error) => e.message);
    const dataset = seen.filter((e) => e.kind === 'dataset');
    expect(dataset.map((e) => e.state)).toEqual(['running', 'failed']);
    expect(dataset[1]).toMatchObject({ label: 'not-tatqa.json', message: error });
    // The API's dataset import reads through the same tracked job.
    const r = await ctx.services.registry.call('datasets.import', { path: bad, format: 'tatqa' });
    expect(r).toEqual({ ok: false, error: { code: 'invalid-input', message: error } });
    expect(seen.filter((e) => e.kind === 'dataset').map((e) => e.state)).toEqual([
      'running',
      'failed',
      'running',
      'failed',
    ]);
  });

  it('cancelling a parse: the API answers cancelled, the worker is gone within 1 s, nothing is cached', async () => {
    const subject = documentJobSubject(ids.other!);
    const started = new Promise<Progress>((resolve) => {
      const stop = ctx.services.bus.subscribe((name, payload) => {
        const p = payload as Progress;
        if (name === 'job.progress' && p.subject === subject && p.done > 0) {
          stop();
          resolve(p);
        }
      });
    });
    const open = ctx.services.registry.call('document.open', { id: ids.other });
    const { jobId } = await started;
    expect(liveWorkerCount('parse')).toBe(1);
    const t0 = performance.now();
    const cancel = await ctx.services.registry.call('jobs.cancel', { jobId });
    expect(cancel).toEqual({ ok: true, value: { state: 'cancelled' } });
    expect(liveWorkerCount('parse')).toBe(0);
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(await open).toEqual({
      ok: false,
      error: { code: 'cancelled', message: 'other-10k.htm: reading was cancelled' },
    });
    expect(eventsOf(jobId).at(-1)).toMatchObject({
      state: 'cancelled',
      message: 'other-10k.htm: reading was cancelled',
    });
    expect(parseCacheRepo(ctx.services.workspace.db).get(ids.other!)).toBeUndefined();
    // Cancelling again says how it ended; an unknown id is a clear error.
    expect(await ctx.services.registry.call('jobs.cancel', { jobId })).toEqual({
      ok: true,
      value: { state: 'cancelled' },
    });
    expect(await ctx.services.registry.call('jobs.cancel', { jobId: 'no-such-job' })).toEqual({
      ok: false,
      error: { code: 'not-found', message: 'no job no-such-job in this workspace' },
    });
  });

  it('jobs.list shows recent jobs newest first with their states', async () => {
    const r = await ctx.services.registry.call('jobs.list', {});
    expect(r.ok).toBe(true);
    const jobs = (r as { value: { jobs: { kind: string; state: string; label: string }[] } }).value
      .jobs;
    expect(jobs.map((j) => `${j.kind} ${j.state} ${j.label}`)).toEqual([
      'parse cancelled other-10k.htm',
      'dataset failed not-tatqa.json',
      'dataset failed not-tatqa.json',
      'pdf done two-pages.pdf',
      'parse done big-10k.htm',
      'import done other-10k.htm',
      'import done big-10k.htm',
    ]);
    const bad = await ctx.services.registry.call('jobs.list', { limit: 0 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
  });
});

describe('JobRunner: every job kind reports through the same event', () => {
  it.each(JobKind.options)('%s', async (kind) => {
    const bus = new EventBus();
    const got: Progress[] = [];
    bus.subscribe((name, p) => name === 'job.progress' && got.push(p as Progress));
    const runner = new JobRunner({ bus });
    await runner.run({ kind, label: `a ${kind} job` }, async (job) => {
      job.progress(1, 4, 'pages');
      return Promise.resolve();
    });
    for (const e of got) events['job.progress'].parse(e);
    expect(got.map((e) => `${e.kind} ${e.state} ${e.done}/${e.total}`)).toEqual([
      `${kind} running 0/100`,
      `${kind} running 1/4`,
      `${kind} done 4/4`,
    ]);
    expect(runner.list()).toMatchObject([{ kind, state: 'done', label: `a ${kind} job` }]);
  });
});
