import { execFile } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { HOUSEKEEPING_GRACE_MS } from '../../../main/workspace/housekeeping';
import { openWorkspace, type Workspace } from '../../../main/workspace/workspace';
import { repoRoot } from '../../support/cli';
import { tempDir } from '../../support/temp-dir';

const run = promisify(execFile);
const tsx = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', ...args], { cwd: repoRoot });

/** Sets a file's modification time `ms` into the past. */
const age = (path: string, ms: number) => {
  const t = new Date(Date.now() - ms);
  utimesSync(path, t, t);
};

describe('workspace housekeeping with other processes about', () => {
  const ws = tempDir('workbench-housekeeping-');
  const src = tempDir('workbench-housekeeping-src-');
  let handle: Workspace | undefined;
  afterEach(() => {
    handle?.close();
    handle = undefined;
    ws.cleanup();
    src.cleanup();
  });

  it("another process's open leaves an import in progress alone; it commits after", async () => {
    handle = await openWorkspace(ws.dir);
    // An import reading from a pipe: its staged copy sits in files/.incoming until the pipe ends.
    const fifo = join(src.dir, 'slow-source');
    await run('mkfifo', [fifo]);
    const staging = handle.files.stageFromPath(fifo);
    const feeder = createWriteStream(fifo);
    feeder.write('%PDF-1.4\n' + 'a'.repeat(64 * 1024));
    const incoming = handle.files.incomingDir;
    await expect.poll(() => existsSync(incoming) && readdirSync(incoming).length).toBe(1);

    expect((await tsx(join(__dirname, 'open-workspace.ts'), ws.dir)).stdout).toBe('opened\n');
    expect(readdirSync(incoming)).toHaveLength(1);

    feeder.end('b'.repeat(1024));
    const staged = await staging;
    const blob = await handle.files.commit(staged);
    expect(readFileSync(blob).byteLength).toBe(9 + 64 * 1024 + 1024);
  });

  it('sweeps only leftovers older than the grace period', async () => {
    (await openWorkspace(ws.dir)).close();
    const incoming = join(ws.dir, 'files', '.incoming');
    const models = join(ws.dir, 'models');
    mkdirSync(incoming, { recursive: true });
    mkdirSync(models, { recursive: true });
    for (const [dir, name, old] of [
      [incoming, 'crashed-import', true],
      [incoming, 'import-in-progress', false],
      [models, '.crashed-write.tmp', true],
      [models, '.write-in-progress.tmp', false],
      [models, '9-p1.json', true], // a model no row points at
    ] as const) {
      writeFileSync(join(dir, name), 'x');
      if (old) age(join(dir, name), HOUSEKEEPING_GRACE_MS + 60_000);
    }
    handle = await openWorkspace(ws.dir);
    expect(readdirSync(incoming)).toEqual(['import-in-progress']);
    expect(readdirSync(models)).toEqual(['.write-in-progress.tmp']);
  });

  it('`workspace info` reads only: even old leftovers stay', async () => {
    (await openWorkspace(ws.dir)).close();
    const incoming = join(ws.dir, 'files', '.incoming');
    mkdirSync(incoming, { recursive: true });
    writeFileSync(join(incoming, 'old'), 'x');
    age(join(incoming, 'old'), HOUSEKEEPING_GRACE_MS * 48);
    const models = join(ws.dir, 'models');
    mkdirSync(models, { recursive: true });
    writeFileSync(join(models, '.old.tmp'), 'x');
    age(join(models, '.old.tmp'), HOUSEKEEPING_GRACE_MS * 48);
    const r = await tsx('main/cli.ts', 'workspace', 'info', '--workspace', ws.dir, '--json');
    expect(JSON.parse(r.stdout)).toMatchObject({ documentCount: 0 });
    expect(readdirSync(incoming)).toEqual(['old']);
    expect(readdirSync(models)).toEqual(['.old.tmp']);
  });
});
