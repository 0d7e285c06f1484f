import { afterAll, describe, expect, it } from 'vitest';
import { JobError } from '../../../main/jobs/job-error';
import { Sandbox } from '../../../main/sandbox';

/**
 * A worker holds a second batch queued behind the running one (WorkerSlot, issue 26 done-when
 * 4). A crash or a cancel that lands in the queued batch must settle exactly that program and
 * give every other program of both batches its own answer.
 */

const answer = (i: number) => `function solution() { return ${i} * 10; }`;
/** Tens of milliseconds each: the host takes a batch's results while the next one runs. */
const slowAnswer = (i: number) =>
  `function solution() { let s = 0; for (let k = 0; k < 1e6; k++) s += k % 2; return ${i} * 10 + s * 0; }`;

describe('QuickJS sandbox: a batch queued behind the running one', () => {
  const crash = 'function solution() { return "crash"; }';
  // Batches of two, so seven programs are two batches in the worker and three in the queue.
  // A long deadline: the slow programs take tens of milliseconds, seconds on a loaded machine,
  // and this is about the bookkeeping of two batches, not about deadlines.
  const sandbox = new Sandbox({
    maxBatch: 2,
    testOnlyExitOn: crash,
    limits: { timeoutMs: 30_000 },
  });
  afterAll(() => sandbox.close());

  it('a crash in the queued batch fails only that program; the rest of both batches answer', async () => {
    await sandbox.warmUp();
    const started = sandbox.stats.workersStarted;
    const programs = [0, 1, 2, -1, 4, 5, 6].map((i) => (i < 0 ? crash : slowAnswer(i)));
    const results = await sandbox.runMany(programs.map((program) => ({ program })));
    results.forEach((r, i) => {
      if (i === 3) {
        expect(r).toMatchObject({ ok: false, error: { kind: 'internal' } });
        if (!r.ok) expect(r.error.message).toMatch(/crashed/);
      } else expect(r, JSON.stringify(r)).toMatchObject({ ok: true, value: i * 10 });
    });
    expect(sandbox.stats.workersStarted).toBe(started + 1);
    expect(sandbox.stats.workerCrashes).toBe(1);
  }, 20_000);

  it('cancelling a program of the queued batch rejects it at once; the others answer', async () => {
    await sandbox.warmUp();
    const controller = new AbortController();
    // `slow` runs, `target` is queued behind it in the worker, `after` waits in the host queue.
    const slow = sandbox.run(
      'function solution() { let s = 0; for (let i = 0; i < 3e6; i++) s += i % 3; return s > 0 ? 1 : 0; }',
    );
    const target = sandbox.run(answer(2), {}, { signal: controller.signal });
    const after = sandbox.run(answer(3));
    controller.abort();
    const err = await target.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(JobError);
    expect((err as JobError).end).toBe('cancelled');
    const slowResult = await slow;
    expect(slowResult, JSON.stringify(slowResult)).toMatchObject({ ok: true, value: 1 });
    expect(await after).toMatchObject({ ok: true, value: 30 });
    expect(await sandbox.run(answer(4))).toMatchObject({ ok: true, value: 40 });
  }, 20_000);
});
