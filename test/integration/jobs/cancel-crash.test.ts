import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandJsonBytes } from '../../../shared/api/json-bytes';
import { WorkbenchError } from '../../../shared/api/result';
import { sampleDir } from '../../../main/app-paths';
import { parseInWorker } from '../../../main/document/parse-in-worker';
import { readDatasetInWorker } from '../../../main/ingest/datasets/read-in-worker';
import { JobRunner } from '../../../main/jobs/job-runner';
import { liveWorkerCount } from '../../../main/jobs/live';
import { testOnlyReplaceNextWorker } from '../../../main/jobs/run-in-worker';
import { Slots } from '../../../main/jobs/slots';
import { writeRepeatedFiling } from '../../support/big-filing';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';

/**
 * Issue 24, done-when 2: each kind of job run by runInWorker (the parse worker, the dataset
 * read), cancelled mid-run and crashed mid-run. Each time the user gets the kind's own typed
 * error (a WorkbenchError with its code and sentence), the worker is gone, and the next job of
 * the same kind runs normally. The sandboxes' pools: test/integration/sandbox/cancel-crash.
 */

const sampleFiling = join(sampleDir(), 'northwind-instruments-10-k-2025.html');
const crashingWorker = { callerFilename: __filename, dir: __dirname, name: 'exit-worker' };
const tatqaDev = dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json');

async function rejection(run: Promise<unknown>): Promise<WorkbenchError> {
  try {
    await run;
  } catch (e) {
    expect(e).toBeInstanceOf(WorkbenchError);
    return e as WorkbenchError;
  }
  throw new Error('expected the job to fail');
}

const until = async (ready: () => boolean) => {
  while (!ready()) await new Promise((r) => setTimeout(r, 10));
};

describe('a parse job cancelled or crashed mid-run, then the next one', () => {
  let dir: string;
  let big: string;
  const parse = parseInWorker({ slots: new Slots(1) });
  const request = (path: string, name: string) => ({ path, name, kind: 'sec-html' as const });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wb-cancel-crash-'));
    big = join(dir, 'big-10k.htm');
    await writeRepeatedFiling(sampleFiling, big, 12);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('cancelled after its first progress: "reading was cancelled", worker gone, next parse reads', async () => {
    const controller = new AbortController();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const run = parse(
      request(big, 'big-10k.htm'),
      (done) => {
        if (done > 0) started();
      },
      controller.signal,
    );
    await running;
    expect(liveWorkerCount('parse')).toBe(1);
    controller.abort();
    const err = await rejection(run);
    expect({ code: err.code, message: err.message }).toEqual({
      code: 'cancelled',
      message: 'big-10k.htm: reading was cancelled',
    });
    expect(liveWorkerCount('parse')).toBe(0);
    const next = await parse(request(sampleFiling, 'northwind.html'), () => undefined);
    expect(expandJsonBytes(next)).toHaveProperty('tables');
  }, 60_000);

  it('its worker exits mid-run: "the parser stopped unexpectedly (exit 3)", next parse reads', async () => {
    testOnlyReplaceNextWorker('parse', crashingWorker);
    const err = await rejection(parse(request(sampleFiling, 'northwind.html'), () => undefined));
    expect({ code: err.code, message: err.message }).toEqual({
      code: 'internal',
      message: 'northwind.html: the parser stopped unexpectedly (exit 3)',
    });
    expect(liveWorkerCount('parse')).toBe(0);
    const next = await parse(request(sampleFiling, 'northwind.html'), () => undefined);
    expect(expandJsonBytes(next)).toHaveProperty('tables');
  }, 60_000);
});

describe.skipIf(!hasData)(
  'a dataset read job cancelled or crashed mid-run, then the next one',
  () => {
    let dir: string;
    let big: string;
    const jobs = new JobRunner();

    beforeAll(() => {
      if (!hasData) console.warn(noDataMessage);
      dir = mkdtempSync(join(tmpdir(), 'wb-cancel-crash-'));
      // TAT-QA's dev set 25 times over (~40 MB): long enough a read to cancel in the middle.
      const items = JSON.parse(readFileSync(tatqaDev, 'utf8')) as unknown[];
      big = join(dir, 'tatqa-big.json');
      writeFileSync(big, JSON.stringify(Array.from({ length: 25 }, () => items).flat()));
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('cancelled by its job id: "reading … was cancelled", job cancelled, next read works', async () => {
      const run = readDatasetInWorker('tatqa', big, { jobs });
      await until(() => liveWorkerCount('dataset') === 1);
      await new Promise((r) => setTimeout(r, 100));
      const job = jobs.list().find((j) => j.state === 'running' && j.kind === 'dataset');
      expect(job).toBeDefined();
      expect(await jobs.cancel(job!.jobId)).toBe('cancelled');
      const err = await rejection(run);
      expect({ code: err.code, message: err.message }).toEqual({
        code: 'cancelled',
        message: `reading ${big} was cancelled`,
      });
      expect(liveWorkerCount('dataset')).toBe(0);
      const next = await readDatasetInWorker('tatqa', tatqaDev, { jobs });
      expect(next.questions.length).toBeGreaterThan(100);
    }, 60_000);

    it('its worker exits mid-run: "reading … stopped (exit 3)", job failed, next read works', async () => {
      testOnlyReplaceNextWorker('dataset', crashingWorker);
      const err = await rejection(readDatasetInWorker('tatqa', tatqaDev, { jobs }));
      expect({ code: err.code, message: err.message }).toEqual({
        code: 'internal',
        message: `reading ${tatqaDev} stopped (exit 3)`,
      });
      expect(jobs.list()[0]).toMatchObject({ kind: 'dataset', state: 'failed' });
      expect(liveWorkerCount('dataset')).toBe(0);
      const next = await readDatasetInWorker('tatqa', tatqaDev, { jobs });
      expect(next.questions.length).toBeGreaterThan(100);
    }, 60_000);
  },
);
