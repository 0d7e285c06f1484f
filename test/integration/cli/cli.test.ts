import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { latestSchemaVersion } from '../../../main/db/migrations';
import { ensureBuiltCli, repoRoot, runCli } from '../../support/cli';
import { tempDir } from '../../support/temp-dir';

const sample = join(repoRoot, 'assets', 'sample', 'northwind-instruments-10-k-2025.html');

describe('workbench CLI', () => {
  let ws: ReturnType<typeof tempDir>;
  beforeAll(() => ensureBuiltCli());
  beforeEach(() => {
    ws = tempDir('workbench-cli-');
  });
  afterEach(() => ws.cleanup());

  it('prints help listing its commands', () => {
    const r = runCli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/workspace info/);
    expect(r.stdout).toMatch(/import/);
    expect(r.stdout).toMatch(/--workspace DIR/);
  });

  it('imports a file, then workspace info shows it (human and --json)', () => {
    const imp = runCli(['import', sample, '--workspace', ws.dir]);
    expect(imp.code).toBe(0);
    expect(imp.stdout).toMatch(
      /^stored northwind-instruments-10-k-2025\.html as #1 \(sec-html, \d+ bytes, sha256 [0-9a-f]{12}\)/,
    );

    const info = runCli(['workspace', 'info', '--workspace', ws.dir, '--json']);
    expect(info.code).toBe(0);
    const json = JSON.parse(info.stdout) as {
      dir: string;
      documentCount: number;
      documents: { name: string; kind: string }[];
    };
    expect(json.dir).toBe(ws.dir);
    expect(json.documentCount).toBe(1);
    expect(json.documents[0]).toMatchObject({
      name: 'northwind-instruments-10-k-2025.html',
      kind: 'sec-html',
    });
    expect(info.stderr).toMatch(/Documents: {2}1/);
  });

  it('--json keeps stdout machine-readable and exits 1 with a one-line reason when a file fails', () => {
    const empty = join(ws.dir, 'empty.htm');
    writeFileSync(empty, '');
    const r = runCli(['import', sample, empty, '--workspace', join(ws.dir, 'w'), '--json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { items: { ok: boolean; name: string }[] };
    expect(report.items.map((i) => [i.name, i.ok])).toEqual([
      ['northwind-instruments-10-k-2025.html', true],
      ['empty.htm', false],
    ]);
    expect(r.stderr.trim().split('\n').at(-1)).toBe('workbench: 1 of 2 files not imported');
  });

  it('rejects unknown commands and options with usage, exit 2', () => {
    expect(runCli(['frobnicate']).code).toBe(2);
    const r = runCli(['import', '--bogus', sample]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bogus.*usage: workbench import/s);
  });

  it('fails with one line when the workspace is a file', () => {
    const file = join(ws.dir, 'not-a-dir');
    writeFileSync(file, 'x');
    const r = runCli(['workspace', 'info', '--workspace', file]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^workbench: cannot use .*not-a-dir as a workspace/);
  });

  it('runs as `npx workbench` from the repo root', () => {
    const r = spawnSync(
      'npx',
      ['--no-install', 'workbench', 'workspace', 'info', '--workspace', ws.dir, '--json'],
      { cwd: repoRoot, encoding: 'utf8' },
    );
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      documentCount: 0,
      schemaVersion: latestSchemaVersion,
    });
  });
});
