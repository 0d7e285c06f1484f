import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WorkspaceInfo } from '../../../shared/api/contract';
import { describe, expect, it } from 'vitest';
import { log, logFile, ROTATE_BYTES } from '../../../main/log/log';
import { openWorkspace } from '../../../main/workspace/workspace';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';

const entries = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

// Issue 24 ("A logger … writing to the workspace's logs/ with rotation"): what failed inside main
// is on disk in the workspace after the fact, with its stack, and never an API key.
describe("the workspace's log", () => {
  it('records an API call that failed inside main, with the method and the stack', async () => {
    const { services, dir, cleanup } = await tempServices();
    try {
      const file = join(dir, 'logs', 'workbench.log');
      expect(logFile()).toBe(file);
      const info = await services.registry.call('workspace.info', {});
      expect(info.ok && (info.value as WorkspaceInfo).logFile).toBe(file);
      // A real internal failure: the table the Library reads is gone.
      services.workspace.db.exec('ALTER TABLE documents RENAME TO documents_gone');
      const r = await services.registry.call('library.list', {});
      expect(r.ok).toBe(false);
      const entry = entries(file).find((e) => e.msg === 'api call failed');
      expect(entry).toMatchObject({ method: 'library.list', level: 50, pid: process.pid });
      const err = entry!.err as { message: string; stack: string; type: string };
      expect(err.message).toMatch(/no such table/);
      expect(err.stack).toContain('at ');
    } finally {
      cleanup();
    }
  });

  it('takes a screen failure from the renderer and answers where the log is', async () => {
    const { services, dir, cleanup } = await tempServices({ host: 'web' });
    try {
      const r = await services.registry.call('workspace.reportFailure', {
        screen: '#/document/3',
        message: 'Cannot read properties of null',
        componentStack: '\n    at DocumentScreen',
      });
      expect(r).toEqual({ ok: true, value: { logFile: join(dir, 'logs', 'workbench.log') } });
      expect(entries(join(dir, 'logs', 'workbench.log')).at(-1)).toMatchObject({
        msg: 'screen failed',
        screen: '#/document/3',
        message: 'Cannot read properties of null',
        host: 'web',
      });
      // Oversized reports are refused by the contract, not written.
      const big = await services.registry.call('workspace.reportFailure', {
        screen: 'x',
        message: 'm'.repeat(5_000),
      });
      expect(big.ok).toBe(false);
    } finally {
      cleanup();
    }
  });

  it('never writes an API key or an authorization header', async () => {
    const { dir, cleanup } = await tempServices();
    try {
      log.error('provider failed', new Error('401'), {
        apiKey: 'sk-secret-1',
        provider: { apiKey: 'sk-secret-2' },
        authorization: 'Bearer sk-secret-3',
      });
      const text = readFileSync(join(dir, 'logs', 'workbench.log'), 'utf8');
      expect(text).toContain('provider failed');
      expect(text).not.toMatch(/sk-secret/);
    } finally {
      cleanup();
    }
  });

  it('rotates a log past its size when the workspace opens, keeping three old ones', async () => {
    const t = tempDir('workspace-log-');
    try {
      const logs = join(t.dir, 'logs');
      for (let round = 1; round <= 5; round++) {
        const ws = await openWorkspace(t.dir);
        log.warn('round', { round });
        // Grow the log past the limit before the next open.
        writeFileSync(join(logs, 'workbench.log'), 'x'.repeat(ROTATE_BYTES + 1), { flag: 'a' });
        ws.close();
      }
      const ws = await openWorkspace(t.dir);
      ws.close();
      expect(statSync(join(logs, 'workbench.log')).size).toBeLessThan(ROTATE_BYTES);
      for (const n of [1, 2, 3]) expect(existsSync(join(logs, `workbench.${n}.log`))).toBe(true);
      expect(existsSync(join(logs, 'workbench.4.log'))).toBe(false);
      // The newest rotated log holds the last round's line.
      expect(readFileSync(join(logs, 'workbench.1.log'), 'utf8')).toContain('"round":5');
    } finally {
      t.cleanup();
    }
  });

  it('follows the newest open workspace, whichever closes first', async () => {
    const a = tempDir('workspace-log-a-');
    const b = tempDir('workspace-log-b-');
    try {
      const wsA = await openWorkspace(a.dir);
      const wsB = await openWorkspace(b.dir);
      expect(logFile()).toBe(wsB.logFile);
      wsA.close();
      log.warn('after A closed');
      expect(readFileSync(wsB.logFile!, 'utf8')).toContain('after A closed');
      wsB.close();
      expect(logFile()).toBeNull();
      // Closing twice is harmless (a CLI command and its services may both close).
      expect(() => wsB.close()).not.toThrow();
    } finally {
      a.cleanup();
      b.cleanup();
    }
  });

  it('is not created by a read-only open (workspace info leaves the folder as it was)', async () => {
    const t = tempDir('workspace-log-ro-');
    try {
      const ws = await openWorkspace(t.dir, { housekeeping: false });
      expect(ws.logFile).toBeNull();
      ws.close();
      expect(existsSync(join(t.dir, 'logs'))).toBe(false);
    } finally {
      t.cleanup();
    }
  });
});
