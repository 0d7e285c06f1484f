import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { builtCli, ensureBuiltCli, repoRoot } from '../../support/cli';
import { ensureBuiltRenderer } from '../../support/browser';
import { tempDir } from '../../support/temp-dir';

describe('workbench serve (what `npm run web` runs)', () => {
  const ws = tempDir('workbench-serve-');
  beforeAll(() => {
    ensureBuiltCli();
    ensureBuiltRenderer();
  });
  afterEach(() => ws.cleanup());

  it('prints a tokenised 127.0.0.1 URL, serves the app with it, 401 without, and stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [builtCli, 'serve', '--port', '0', '--workspace', ws.dir, '--json'],
      { cwd: repoRoot },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    while (!stdout.includes('\n')) await once(child.stdout, 'data');
    // --json: stdout carries only the machine-readable line; the human text goes to stderr.
    const { url, port } = JSON.parse(stdout) as { url: string; port: number };
    expect(stderr).toMatch(/Filing Workbench is serving on http:\/\/127\.0\.0\.1:\d+\/\?token=/);
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/\\?token=`));
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Filing Workbench</title>');
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(401);
    expect(
      (await fetch(`http://127.0.0.1:${port}/api/call/workspace.info`, { method: 'POST' })).status,
    ).toBe(401);
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });
});
