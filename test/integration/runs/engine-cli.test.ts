import { describe, expect, it } from 'vitest';
import { runSourceCli } from '../../support/cli';
import { tempDir } from '../../support/temp-dir';

// `workbench eval` usage errors: what is not built says so and exits 2, before any workspace or
// model is touched.

describe('workbench eval: usage', () => {
  const ws = tempDir('engine-cli-');
  const start = ['--dataset-id', '1', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm'];
  const run = (args: string[]) => runSourceCli(['eval', '--workspace', ws.dir, ...args]);

  it('--batch-api and --mode pot-python are not built: exit 2 naming the missing feature', () => {
    const batch = run([...start, '--batch-api']);
    expect(batch.code).toBe(2);
    expect(batch.stderr).toMatch(
      /--batch-api \(submitting a run through the OpenAI Batch API\) is not built yet/,
    );
    const python = run([...start, '--mode', 'pot-python']);
    expect(python.code).toBe(2);
    expect(python.stderr).toMatch(/--mode pot-python is not built yet.*Pyodide/);
  });

  it('bad flags exit 2 with one line', () => {
    const missing = run(['--base-url', 'http://127.0.0.1:9/v1', '--model', 'm']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--dataset-id N is required/);
    const mixed = run(['--resume', '3', '--model', 'other']);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/--resume continues run #3 as it was started; --model cannot/);
    const concurrency = run([...start, '--concurrency', '0']);
    expect(concurrency.code).toBe(2);
    expect(concurrency.stderr).toMatch(/--concurrency must be a whole number from 1 to 256/);
    ws.cleanup();
  });
});
