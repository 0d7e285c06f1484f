import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/cli';
import { tempDir } from '../../support/temp-dir';

/*
 * A committed blob or model must be on disk before its name is: the file is fsynced before the
 * rename that commits it, and its folder after. Watched with strace (system calls, so nothing
 * about the code is mocked); skipped where strace is not installed.
 */
const strace = ['/usr/bin/strace', '/bin/strace'].find((p) => existsSync(p));

describe.skipIf(!strace)('workspace commits are flushed around their rename', () => {
  let t: ReturnType<typeof tempDir>;
  beforeEach(() => {
    t = tempDir();
  });
  afterEach(() => t.cleanup());

  it('fsyncs the staged blob before the rename and the folder after; the model likewise', () => {
    const script = join(t.dir, 'commit.ts');
    writeFileSync(
      script,
      `import { FileStore } from ${JSON.stringify(join(repoRoot, 'main/workspace/file-store'))};
import { ParseCache } from ${JSON.stringify(join(repoRoot, 'main/workspace/parse-cache'))};
(async () => {
  const files = new FileStore(${JSON.stringify(join(t.dir, 'files'))});
  await files.commit(await files.stageFromBytes(new TextEncoder().encode('hello')));
  await new ParseCache(${JSON.stringify(join(t.dir, 'models'))}).write(1, 1, new TextEncoder().encode('{}'));
})();
`,
    );
    const log = join(t.dir, 'strace.log');
    const r = spawnSync(
      strace!,
      [
        '-f',
        '-e',
        'trace=fsync,fdatasync,rename,renameat,renameat2',
        '-o',
        log,
        process.execPath,
        '--import',
        'tsx',
        script,
      ],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    expect(r.status).toBe(0);
    const calls = readFileSync(log, 'utf8')
      .split('\n')
      .filter((l) => !l.includes('resumed>'))
      .map((l) => (/(fsync|fdatasync|rename\w*)\(/.exec(l)?.[1] ?? '').replace(/at2?$/, ''))
      .filter((c) => c !== '');
    const commits = calls.flatMap((c, i) => (c === 'rename' ? [i] : []));
    expect(commits).toHaveLength(2);
    for (const i of commits) {
      expect(calls[i - 1]).toMatch(/sync/);
      expect(calls[i + 1]).toMatch(/sync/);
    }
  });
});
