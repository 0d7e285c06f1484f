import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServices } from '../../../main/services';
import { repoRoot, runSourceCli } from '../../support/cli';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempDir } from '../../support/temp-dir';

// `workbench export` as users type it, and an export killed (SIGKILL) while it writes: the
// target path never holds a half-written file.

const tatqaPot = dataPath('model_outputs', 'tatqa_dev', 'tatqa_s0_e-1_11_08_11_09.jsonl');

/** Starts an HTML export and kills it -9 while it writes its part file. */
function killMidWrite(
  ws: string,
  out: string,
): Promise<{ killed: boolean; sawPart: boolean; code: number | null }> {
  return new Promise((resolve, reject) => {
    const folder = join(out, '..');
    let sawPart = false;
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(repoRoot, 'main', 'cli.ts'),
        'export',
        'run:1',
        '--format',
        'html',
        '--out',
        out,
        '--workspace',
        ws,
      ],
      { cwd: repoRoot, stdio: 'ignore' },
    );
    // Killed once the part file holds bytes: mid-write, not before the first write.
    const watcher = watch(folder, (_event, name) => {
      if (sawPart || typeof name !== 'string' || !name.endsWith('.part')) return;
      let size = 0;
      try {
        size = statSync(join(folder, name)).size;
      } catch {
        return;
      }
      if (size === 0) return;
      sawPart = true;
      child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      watcher.close();
      resolve({ killed: signal === 'SIGKILL', sawPart, code });
    });
  });
}

describe.skipIf(!hasData)('workbench export (CLI)', () => {
  let tmp: ReturnType<typeof tempDir>;
  let ws: string;
  beforeAll(async () => {
    tmp = tempDir('workbench-export-cli-');
    ws = join(tmp.dir, 'ws');
    const services = await startServices({ workspaceDir: ws, host: { kind: 'cli' } });
    try {
      await services.datasets.importFile(
        'tatqa',
        dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'),
      );
      await services.runs.importFile({ format: 'tatqa-pot', path: tatqaPot });
    } finally {
      services.close();
    }
  }, 120_000);
  afterAll(() => tmp?.cleanup());

  it('exports with --json and says what is wrong with bad arguments', () => {
    const out = join(tmp.dir, 'run.jsonl');
    const r = runSourceCli([
      'export',
      'run:1',
      '--format',
      'jsonl',
      '--out',
      out,
      '--json',
      '--workspace',
      ws,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      target: 'run:1',
      format: 'jsonl',
      path: out,
      items: 1667,
    });
    expect(readFileSync(out, 'utf8').split('\n')).toHaveLength(1668);
    const bad = (args: string[]) => runSourceCli(['export', ...args, '--workspace', ws]);
    const noOut = bad(['run:1', '--format', 'csv']);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toMatch(/--out FILE is required/);
    // A bare id is a run, as every command that takes a run reads it (main/cli/run-ref.ts).
    const bareId = bad(['7', '--format', 'csv', '--out', join(tmp.dir, 'x.csv')]);
    expect(bareId.code).toBe(1);
    expect(bareId.stderr).toMatch(/no run #7/);
    const badTarget = bad(['sess:7', '--format', 'csv', '--out', join(tmp.dir, 'x.csv')]);
    expect(badTarget.code).toBe(2);
    expect(badTarget.stderr).toMatch(/must be a run \(N, run:N or #N; .*\), got "sess:7"/);
    const badSession = bad(['session:x', '--format', 'csv', '--out', join(tmp.dir, 'x.csv')]);
    expect(badSession.code).toBe(2);
    expect(badSession.stderr).toMatch(/"session:x" is not a session: write session:N/);
    const badFormat = bad(['run:1', '--format', 'xml', '--out', join(tmp.dir, 'x.xml')]);
    expect(badFormat.code).toBe(2);
    expect(badFormat.stderr).toMatch(/--format must be one of html, jsonl, csv, codalab, tatqa/);
    const noRun = bad(['run:42', '--format', 'csv', '--out', join(tmp.dir, 'x.csv')]);
    expect(noRun.code).toBe(1);
    expect(noRun.stderr).toMatch(/no run #42/);
    expect(existsSync(join(tmp.dir, 'x.csv'))).toBe(false);
  }, 60_000);

  it('a killed export leaves no half file at the target: absent stays absent, an old one intact', async () => {
    const fresh = join(tmp.dir, 'fresh.html');
    const a = await killMidWrite(ws, fresh);
    expect(a).toMatchObject({ sawPart: true, killed: true });
    expect(existsSync(fresh)).toBe(false);

    const old = join(tmp.dir, 'old.html');
    writeFileSync(old, 'the previous report');
    const b = await killMidWrite(ws, old);
    expect(b).toMatchObject({ sawPart: true, killed: true });
    expect(readFileSync(old, 'utf8')).toBe('the previous report');
    // The killed writers' part files stay hidden beside the targets…
    expect(readdirSync(tmp.dir).filter((n) => n.endsWith('.part'))).toHaveLength(2);

    // …until the next export to the same target, which completes and sweeps them.
    const again = runSourceCli([
      'export',
      'run:1',
      '--format',
      'html',
      '--out',
      old,
      '--workspace',
      ws,
    ]);
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(old, 'utf8')).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>\n$/);
    expect(readdirSync(tmp.dir).filter((n) => n.startsWith('.old.html.'))).toEqual([]);
  }, 60_000);
});

if (!hasData) describe('workbench export (CLI)', () => it.skip(noDataMessage));
