import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDir } from '../../../main/app-paths';
import { writeRepeatedFiling } from '../../support/big-filing';
import { builtCli, ensureBuiltCli } from '../../support/cli';
import { tempDir } from '../../support/temp-dir';

const sample = join(sampleDir(), 'northwind-instruments-10-k-2025.html');

describe('Ctrl-C during a CLI command', () => {
  const files = tempDir('workbench-ctrl-c-');
  let big: string;

  beforeAll(async () => {
    ensureBuiltCli();
    big = join(files.dir, 'big-10k.htm');
    await writeRepeatedFiling(sample, big, 40);
  });
  afterAll(() => files.cleanup());

  it('cancels the running parse: its worker ends, exit code 130, one line saying so', async () => {
    // Two files: after Ctrl-C the command must not start on the second.
    const child = spawn(process.execPath, [builtCli, 'ingest', big, sample], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // A 40 MB filing parses for several seconds; by 1.5 s the worker is well into it.
    await new Promise((r) => setTimeout(r, 1500));
    expect(child.exitCode).toBeNull();
    const t0 = performance.now();
    child.kill('SIGINT');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(code).toBe(130);
    expect(stderr).toBe('workbench: cancelled (Ctrl-C)\n');
    expect(stdout).toBe('');
  });
});
