import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  checkDisk,
  checkNode,
  checkWorkspace,
  type DoctorCheck,
} from '../../../main/cli/commands/doctor';
import { ensureBuiltCli, runCli } from '../../support/cli';
import { makeReadOnly } from '../../support/read-only';
import { tempDir } from '../../support/temp-dir';

describe('workbench doctor', () => {
  const t = tempDir('workbench-doctor-');
  let undo: (() => void) | undefined;
  beforeAll(() => ensureBuiltCli(), 120_000);
  afterAll(() => t.cleanup());
  afterEach(() => {
    undo?.();
    undo = undefined;
  });

  it('prints a clear report and exits 0 on this machine', () => {
    const ws = join(t.dir, 'ws-ok');
    const r = runCli(['doctor', '--workspace', ws]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    for (const name of ['Node', 'SQLite module', 'Chromium', 'Workspace', 'Disk'])
      expect(r.stdout).toMatch(new RegExp(`^(ok|warn)\\s+${name}\\s`, 'm'));
    const json = runCli(['doctor', '--workspace', ws, '--json']);
    const report = JSON.parse(json.stdout) as { ok: boolean; checks: DoctorCheck[] };
    expect(report.ok).toBe(true);
    expect(report.checks.every((c) => c.status !== 'fail')).toBe(true);
  });

  it('names a read-only workspace, says what to do and exits 1', (ctx) => {
    const ws = join(t.dir, 'ws-ro');
    mkdirSync(ws);
    undo = makeReadOnly(ws);
    if (!undo) return ctx.skip();
    const r = runCli(['doctor', '--workspace', ws]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      new RegExp(
        `^FAIL\\s+Workspace\\s+${ws.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} cannot be written`,
        'm',
      ),
    );
    expect(r.stdout).toMatch(/→ make it writable/);
    expect(r.stderr).toBe('workbench: doctor: 1 problem: Workspace\n');
    const json = runCli(['doctor', '--workspace', ws, '--json']);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as { ok: boolean; checks: DoctorCheck[] };
    expect(report.ok).toBe(false);
    expect(report.checks.find((c) => c.name === 'Workspace')?.status).toBe('fail');
  });

  it('refuses a workspace path that is a file', () => {
    const file = join(t.dir, 'not-a-folder');
    writeFileSync(file, 'x');
    const checks = checkWorkspace(file);
    expect(checks).toHaveLength(1);
    expect(checks[0]?.status).toBe('fail');
    expect(checks[0]?.detail).toMatch(/is a file, not a folder/);
  });

  it('grades Node versions and free space', () => {
    expect(checkNode('18.19.0').status).toBe('fail');
    expect(checkNode('20.20.2').status).toBe('warn');
    expect(checkNode('22.12.0').status).toBe('ok');
    expect(checkDisk(t.dir, Number.MAX_SAFE_INTEGER).status).toBe('fail');
    expect(checkDisk(t.dir, 0, Number.MAX_SAFE_INTEGER).status).toBe('warn');
    expect(checkDisk(t.dir, 0, 0).status).toBe('ok');
  });
});
