import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedModel } from '../../../main/llm/embedded/embedded-model';
import { repoRoot } from '../../support/cli';
import { isRunning, llmProcessesOf, processesWithEnv, waitFor } from '../../support/llm-processes';
import { tempDir } from '../../support/temp-dir';
import { writeTinyGguf } from '../../support/tiny-gguf';

const QUESTION = [{ role: 'user' as const, content: 'What was total revenue in 2025?' }];

async function failure(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await p;
  } catch (e) {
    return e as { code: string; message: string };
  }
  throw new Error('it succeeded');
}

/** Waits for the model's process to exist and answers its pid. */
async function processOf(model: EmbeddedModel): Promise<number> {
  expect(await waitFor(() => model.pid !== undefined, 10_000)).toBe(true);
  return model.pid!;
}

/**
 * Issue 21, item 2: the model process has a load deadline and a memory cap, a load nobody waits
 * for any more is stopped, and the process never outlives the program that started it.
 */
describe('the embedded model process is contained', () => {
  const t = tempDir('embedded-containment-');
  const file = writeTinyGguf(join(t.dir, 'tiny.gguf'));
  const models: EmbeddedModel[] = [];
  const model = (options: ConstructorParameters<typeof EmbeddedModel>[1] = {}) => {
    const m = new EmbeddedModel(file, { threads: 1, ...options });
    models.push(m);
    return m;
  };
  afterAll(() => {
    for (const m of models) m.close();
    t.cleanup();
  });

  it('a load past its deadline is stopped: one line, and the process is gone', async () => {
    const m = model({ loadTimeoutMs: 300 });
    const started = performance.now();
    const loading = failure(m.info());
    const pid = await processOf(m);
    const error = await loading;
    expect(performance.now() - started).toBeLessThan(2000);
    expect(error).toMatchObject({
      code: 'llm-timeout',
      message: expect.stringMatching(
        /^tiny\.gguf did not finish loading within 300 ms, so the process loading it was stopped/,
      ) as unknown,
    });
    expect(await waitFor(() => !isRunning(pid), 2000)).toBe(true);
    expect(m.pid).toBeUndefined();
  });

  it('a process over its memory cap is killed: one line, and the process is gone', async () => {
    const m = model({ memoryCapBytes: 16 * 2 ** 20 });
    const loading = failure(m.info());
    const pid = await processOf(m);
    const error = await loading;
    expect(error.code).toBe('llm-out-of-memory');
    expect(error.message).toMatch(
      /^the process running tiny\.gguf used \d+ MiB of memory, over its cap of 16 MiB, and was stopped/,
    );
    expect(await waitFor(() => !isRunning(pid), 2000)).toBe(true);
  });

  it('a question cancelled while its model loads stops the load: the process goes within 1 s', async () => {
    const m = model();
    const abort = new AbortController();
    const asked = failure(m.chat({ messages: QUESTION, maxTokens: 4, signal: abort.signal }));
    const pid = await processOf(m);
    const cancelledAt = performance.now();
    abort.abort();
    expect((await asked).code).toBe('cancelled');
    expect(await waitFor(() => !isRunning(pid), 1000)).toBe(true);
    expect(performance.now() - cancelledAt).toBeLessThan(1000);
    expect(llmProcessesOf()).toEqual([]);
  });

  it('…but the load goes on when another question waits for it', async () => {
    const m = model();
    const abort = new AbortController();
    const first = failure(m.chat({ messages: QUESTION, maxTokens: 4, signal: abort.signal }));
    const second = m.chat({ messages: QUESTION, maxTokens: 4 });
    const pid = await processOf(m);
    abort.abort();
    expect((await first).code).toBe('cancelled');
    const r = await second;
    expect(r.completionTokens).toBeGreaterThan(0);
    expect(m.pid).toBe(pid); // the same process loaded it
    m.close();
    expect(await waitFor(() => !isRunning(pid), 2000)).toBe(true);
  });

  /** A program (tsx) that loads the tiny model with the app's code, marked in its environment. */
  const loader = (code: string) => {
    const mark = randomUUID();
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', code], {
      cwd: repoRoot,
      env: {
        ...process.env,
        WORKBENCH_TEST_MARK: mark,
        GGUF: file,
        WORKBENCH_EMBEDDED_THREADS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const modelPid = async () => {
      expect(await waitFor(() => /pid (\d+)/.test(out), 20_000)).toBe(true);
      return Number(/pid (\d+)/.exec(out)![1]);
    };
    return { child, mark, modelPid };
  };

  it('a program killed outright (SIGKILL) while its model loads leaves no model process', async () => {
    const { child, modelPid } = loader(`
      const { EmbeddedModel } = require('./main/llm/embedded/embedded-model.ts');
      const m = new EmbeddedModel(process.env.GGUF, { threads: 1 });
      m.info().catch(() => undefined);
      const t = setInterval(() => { if (m.pid) { console.log('pid ' + m.pid); clearInterval(t); } }, 10);
      setInterval(() => undefined, 1000);
    `);
    const pid = await modelPid();
    expect(isRunning(pid)).toBe(true);
    child.kill('SIGKILL');
    // No 'disconnect' needed: the model process's own watch sees its parent gone.
    expect(await waitFor(() => !isRunning(pid), 3000)).toBe(true);
  });

  it('the CLI stopped by Ctrl-C while `models --model-file` loads: exit 130, no process left', async () => {
    const mark = randomUUID();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(repoRoot, 'main', 'cli.ts'),
        'models',
        '--workspace',
        join(t.dir, 'ws'),
        '--model-file',
        file,
      ],
      {
        cwd: repoRoot,
        env: { ...process.env, WORKBENCH_TEST_MARK: mark, WORKBENCH_EMBEDDED_THREADS: '1' },
      },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((r) => child.once('close', r));
    // The CLI and its model process carry the mark: wait until there are two.
    expect(
      await waitFor(() => processesWithEnv('WORKBENCH_TEST_MARK', mark).length >= 2, 20_000),
    ).toBe(true);
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(stderr).toContain('cancelled (Ctrl-C)');
    expect(
      await waitFor(() => processesWithEnv('WORKBENCH_TEST_MARK', mark).length === 0, 2000),
    ).toBe(true);
  });
});
