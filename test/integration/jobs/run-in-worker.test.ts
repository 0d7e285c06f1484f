import { afterEach, describe, expect, it } from 'vitest';
import { JobError } from '../../../main/jobs/job-error';
import { liveWorkerCount } from '../../../main/jobs/live';
import { runInWorker, type WorkerJob } from '../../../main/jobs/run-in-worker';
import type { FixtureInput } from './fixture-worker';

const job = (input: FixtureInput, extra: Partial<WorkerJob<FixtureInput>> = {}) =>
  runInWorker<FixtureInput, string>({
    kind: 'run',
    module: { callerFilename: __filename, dir: __dirname, name: 'fixture-worker' },
    input,
    timeoutMs: 30_000,
    ...extra,
  });

async function failure(run: Promise<unknown>): Promise<JobError> {
  try {
    await run;
  } catch (e) {
    expect(e).toBeInstanceOf(JobError);
    return e as JobError;
  }
  throw new Error('expected the job to fail');
}

describe('runInWorker: one way to run work in a worker thread', () => {
  afterEach(() => {
    // Every outcome awaits the worker's termination before it settles.
    expect(liveWorkerCount()).toBe(0);
  });

  it('answers the result with the progress the worker reported', async () => {
    const seen: string[] = [];
    const r = await job(
      { mode: 'echo', value: 'ok' },
      { onProgress: (d, t, u) => seen.push(`${d}/${t} ${u}`) },
    );
    expect(r).toBe('OK');
    expect(seen).toEqual(['1/2 percent']);
  });

  it('a cancelled job: its worker is gone within 1 s, even in a loop that never yields', async () => {
    const controller = new AbortController();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const run = job({ mode: 'spin' }, { signal: controller.signal, onProgress: () => started() });
    await running;
    expect(liveWorkerCount('run')).toBe(1);
    const t0 = performance.now();
    controller.abort();
    const err = await failure(run);
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(err.end).toBe('cancelled');
    expect(err.detail.lastProgress).toMatchObject({ unit: 'percent', total: 100 });
    expect(liveWorkerCount('run')).toBe(0);
  });

  it('a job already cancelled never starts a worker', async () => {
    const err = await failure(job({ mode: 'echo', value: 'x' }, { signal: AbortSignal.abort() }));
    expect(err.end).toBe('cancelled');
  });

  it('the deadline terminates the worker', async () => {
    const t0 = performance.now();
    const err = await failure(job({ mode: 'spin' }, { timeoutMs: 300 }));
    expect(err.end).toBe('timeout');
    expect(err.message).toBe('took longer than 0.3 s');
    expect(performance.now() - t0).toBeLessThan(5000);
  });

  it('the memory cap ends the worker with out-of-memory, not the process', async () => {
    const err = await failure(job({ mode: 'hog' }, { maxHeapMb: 64 }));
    expect(err.end).toBe('out-of-memory');
    expect(err.message).toBe('needed more than 64 MB of memory');
  });

  it("a failure keeps the worker's code and message", async () => {
    const err = await failure(job({ mode: 'fail' }));
    expect(err.end).toBe('failed');
    expect(err.detail.error).toEqual({
      code: 'file-unreadable',
      message: 'fixture: this file is bad',
    });
  });

  it('a worker that exits on its own is reported with its exit code', async () => {
    const err = await failure(job({ mode: 'exit' }));
    expect(err.end).toBe('crashed');
    expect(err.detail.exitCode).toBe(3);
  });
});
