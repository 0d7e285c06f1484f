import { describe, expect, it } from 'vitest';
import { runSourceCli } from '../../support/cli';
import { tempDir } from '../../support/temp-dir';

// `workbench eval` usage errors exit 2, before any workspace or model is touched. (`--batch-api` runs: engine-batch.test.ts, engine-batch-crash.test.ts.)

describe('workbench eval: usage', () => {
  const ws = tempDir('engine-cli-');
  const start = ['--dataset-id', '1', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm'];
  const run = (args: string[]) => runSourceCli(['eval', '--workspace', ws.dir, ...args]);

  it('--mode pot-python passes the usage checks (runs: test/integration/sandbox/python-eval.test.ts); an unknown mode exits 2 listing the modes', () => {
    const python = run([...start, '--mode', 'pot-python']);
    expect(python.code).toBe(1);
    expect(python.stderr).toMatch(/no dataset #1 in this workspace/);
    const unknown = run([...start, '--mode', 'python']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /--mode must be direct, cot, pot, pot-python or table-first, got python/,
    );
  });

  it('bad flags exit 2 with one line', () => {
    const missing = run(['--base-url', 'http://127.0.0.1:9/v1', '--model', 'm']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /give --dataset-id N \(workbench import-dataset prints it\), --questions SET\|FILE or --session ID/,
    );
    const mixed = run(['--resume', '3', '--model', 'other']);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/--resume continues run #3 as it was started; --model cannot/);
    const poll = run([...start, '--batch-api', '--poll-seconds', '0']);
    expect(poll.code).toBe(2);
    expect(poll.stderr).toMatch(/--poll-seconds must be a number from 0.01 to 3600, got 0/);
    const batchOnResume = run(['--resume', '3', '--batch-api']);
    expect(batchOnResume.code).toBe(2);
    expect(batchOnResume.stderr).toMatch(/--batch-api cannot be given with it/);
    const concurrency = run([...start, '--concurrency', '0']);
    expect(concurrency.code).toBe(2);
    expect(concurrency.stderr).toMatch(/--concurrency must be a whole number from 1 to 256/);
    ws.cleanup();
  });
});
