import { afterAll, describe, expect, it } from 'vitest';
import { JobError } from '../../../main/jobs/job-error';
import { Sandbox } from '../../../main/sandbox';
import { PythonSandbox } from '../../../main/sandbox/python';

/**
 * Issue 24, done-when 2, for the two worker pools (jobs/worker-pool.ts): a QuickJS program and
 * a Python program, each cancelled mid-run through its AbortSignal and each crashing its
 * worker. The caller gets a JobError 'cancelled' well before the program's deadline, or the
 * crash as the program's `internal` error; the worker is replaced and the next program runs.
 * The runInWorker kinds (parse, dataset read): test/integration/jobs/cancel-crash.test.ts.
 */

async function cancelled(run: Promise<unknown>): Promise<JobError> {
  try {
    await run;
  } catch (e) {
    expect(e).toBeInstanceOf(JobError);
    return e as JobError;
  }
  throw new Error('expected the call to be cancelled');
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('QuickJS programs: cancelled and crashed mid-run', () => {
  const crash = 'function solution() { return "crash"; }';
  const sandbox = new Sandbox({ testOnlyExitOn: crash });
  afterAll(() => sandbox.close());

  it('cancelled while it spins: rejects at once, long before its deadline; others in its batch still answer', async () => {
    await sandbox.warmUp();
    const started = sandbox.stats.workersStarted;
    const controller = new AbortController();
    // The worker is busy with `first`, so the next two callers' programs queue and then go to
    // the worker together, in one message: the spinning one, then the bystander.
    const first = sandbox.run('function solution() { return 1; }');
    const spinning = sandbox.run(
      'function solution() { for (;;) {} }',
      { timeoutMs: 20_000 },
      { signal: controller.signal },
    );
    const bystander = sandbox.run('function solution() { return 6 * 7; }');
    expect(await first).toMatchObject({ ok: true, value: 1 });
    await pause(300);
    const t0 = performance.now();
    controller.abort();
    const err = await cancelled(spinning);
    expect(performance.now() - t0).toBeLessThan(1000);
    expect({ end: err.end, message: err.message }).toEqual({
      end: 'cancelled',
      message: 'cancelled',
    });
    // The bystander ran again on the new worker and answers.
    expect(await bystander).toMatchObject({ ok: true, value: 42 });
    expect(sandbox.stats.workersStarted).toBe(started + 1);
    expect(sandbox.stats.workersTerminated).toBe(0);
    expect(await sandbox.run('function solution() { return 1 + 1; }')).toMatchObject({
      ok: true,
      value: 2,
    });
  }, 30_000);

  it('a call already cancelled queues nothing', async () => {
    const err = await cancelled(
      sandbox.run('function solution() { return 1; }', {}, { signal: AbortSignal.abort('stop') }),
    );
    expect(err.message).toBe('stop');
  });

  it('its worker exits mid-run: the program fails as internal, the next program runs', async () => {
    const crashes = sandbox.stats.workerCrashes;
    const r = await sandbox.run(crash);
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'internal', message: 'the sandbox worker crashed (exited with code 7)' },
    });
    expect(sandbox.stats.workerCrashes).toBe(crashes + 1);
    expect(await sandbox.run('function solution() { return 3 * 3; }')).toMatchObject({
      ok: true,
      value: 9,
    });
  }, 30_000);
});

describe('a worker that keeps crashing (jobs/worker-lifecycle.ts: the crash budget)', () => {
  const crash = 'function solution() { return "crash"; }';
  const ok = 'function solution() { return 5; }';

  it('a crash between successes never gives up: each next program runs', async () => {
    const sandbox = new Sandbox({ testOnlyExitOn: crash });
    try {
      for (let i = 0; i < 4; i++) {
        expect(await sandbox.run(crash)).toMatchObject({ ok: false, error: { kind: 'internal' } });
        expect(await sandbox.run(ok)).toMatchObject({ ok: true, value: 5 });
      }
      expect(sandbox.stats.workerCrashes).toBe(4);
    } finally {
      await sandbox.close();
    }
  }, 60_000);

  it('three crashes in a row: the sandbox gives up and says why, instead of restarting forever', async () => {
    const sandbox = new Sandbox({ testOnlyExitOn: crash });
    try {
      const results = await sandbox.runMany([crash, crash, crash].map((program) => ({ program })));
      expect(results.map((r) => (r.ok ? 'ok' : r.error.message))).toEqual([
        'the sandbox worker crashed (exited with code 7)',
        'the sandbox worker crashed (exited with code 7)',
        'the sandbox worker crashed (exited with code 7)',
      ]);
      await expect(sandbox.run(ok)).rejects.toThrow(
        'the sandbox worker keeps crashing (exited with code 7)',
      );
      expect(sandbox.stats.workersStarted).toBe(3);
    } finally {
      await sandbox.close();
    }
  }, 60_000);
});

describe('Python programs: cancelled and crashed mid-run', () => {
  // The hook hands programs the process's JavaScript, so a program can end its own process.
  const sandbox = new PythonSandbox({ testOnlyJsHook: true });
  afterAll(() => sandbox.close());

  it('cancelled while it spins: rejects at once, long before its deadline; the next program runs', async () => {
    await sandbox.warmUp();
    const started = sandbox.stats.workersStarted;
    const controller = new AbortController();
    const spinning = sandbox.run(
      'while True:\n    pass',
      { timeoutMs: 60_000 },
      {},
      { signal: controller.signal },
    );
    await pause(500);
    const t0 = performance.now();
    controller.abort('the user stopped it');
    const err = await cancelled(spinning);
    expect(performance.now() - t0).toBeLessThan(1000);
    expect({ end: err.end, message: err.message }).toEqual({
      end: 'cancelled',
      message: 'the user stopped it',
    });
    expect(sandbox.stats.workersStarted).toBe(started + 1);
    expect(sandbox.stats.workersTerminated).toBe(0);
    expect(await sandbox.run('answer = 6 * 7')).toMatchObject({ ok: true, value: 42 });
  }, 120_000);

  it('its process exits mid-run: the program fails as internal, the next program runs', async () => {
    const crashes = sandbox.stats.workerCrashes;
    const r = await sandbox.run('test_js_hook.process.exit(3)');
    expect(r).toMatchObject({
      ok: false,
      error: {
        kind: 'internal',
        message: 'the Python sandbox worker stopped (exited with code 3)',
      },
    });
    expect(sandbox.stats.workerCrashes).toBe(crashes + 1);
    expect(await sandbox.run('answer = 3 * 3')).toMatchObject({ ok: true, value: 9 });
  }, 120_000);
});
