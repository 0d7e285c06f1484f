import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = join(__dirname, '..', '..', '..');

describe('warming up the QuickJS pool (jobs/worker-lifecycle.ts: start waits for ready)', () => {
  it('a script that only warms up waits for the worker to be ready, then exits on its own', () => {
    // Waiting for `start` holds the worker; once ready and idle it is released again, so the
    // script neither exits before the answer nor hangs after it.
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        "const { Sandbox } = require('./main/sandbox'); const s = new Sandbox(); s.warmUp().then(() => console.log('ready', s.stats.workersStarted));",
      ],
      { cwd: repoRoot, encoding: 'utf8', timeout: 30_000 },
    );
    expect(r.signal).toBeNull(); // not killed by the timeout
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe('ready 1');
  }, 40_000);
});
