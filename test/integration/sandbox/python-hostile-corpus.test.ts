import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PythonSandbox, type PythonResult } from '../../../main/sandbox/python';
import { signsOfEscape } from '../../support/escape-signs';
import { HOSTILE_PYTHON_CASES, hostilePythonPrograms } from './hostile-python-corpus';

/**
 * The hostile Python corpus (hostile-python-corpus.ts, issue 21) through one sandbox: every
 * program tries to write a canary file, connect to a TCP listener of this test and start a
 * process. None may: the canary folder stays empty, the listener sees no connection, and each
 * result is contained, an error of any kind or an answer showing no sign of an escape (no
 * "FOOTHOLD", which the corpus's helpers report as soon as a program holds something the
 * harness keeps from it). A normal program still runs afterwards.
 */

const TIMEOUT_MS = 2000;

let sandbox: PythonSandbox;
let server: Server;
let port = 0;
let connections = 0;
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wb-python-corpus-'));
  server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
  sandbox = new PythonSandbox({ workers: 1, limits: { timeoutMs: TIMEOUT_MS } });
  await sandbox.warmUp();
});

afterAll(async () => {
  await sandbox?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** What an answer that got out would show. */
function signsOf(result: PythonResult): string[] {
  return signsOfEscape(result, port, ['FOOTHOLD', 'uid=', 'escaped', '[object ', 'JsProxy']);
}

describe('the hostile Python corpus is contained', () => {
  it('has at least 100 programs in named technique groups', () => {
    expect(HOSTILE_PYTHON_CASES.length).toBeGreaterThanOrEqual(100);
    const groups = new Map<string, number>();
    for (const c of HOSTILE_PYTHON_CASES) groups.set(c.group, (groups.get(c.group) ?? 0) + 1);
    expect(groups.size).toBeGreaterThanOrEqual(15);
    const names = HOSTILE_PYTHON_CASES.map((c) => `${c.group}: ${c.name}`);
    expect(new Set(names).size).toBe(names.length);
  });

  it('no program writes, connects or spawns, and every result is contained', async () => {
    const cases = hostilePythonPrograms((i) => ({
      canary: join(dir, `canary-${i}`),
      spawned: join(dir, `spawned-${i}`),
      port,
    }));
    const results = await sandbox.runMany(cases.map((c) => c.program));
    // Anything started on the way out would have a moment to land.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const failures: string[] = [];
    cases.forEach((c, i) => {
      const r = results[i]!;
      const signs = signsOf(r);
      if (signs.length > 0)
        failures.push(`${c.group} / ${c.name}: ${signs.join(', ')} in ${JSON.stringify(r)}`);
      if (r.ok === false && r.error.kind === 'internal')
        failures.push(`${c.group} / ${c.name}: the sandbox failed: ${r.error.message}`);
    });
    expect(failures).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
    expect(connections).toBe(0);
  });

  it('still runs a normal program afterwards', async () => {
    const r = await sandbox.run(
      'def solution():\n    return sum(cf / 1.08 ** t for t, cf in enumerate([-1000, 300, 400, 500]))',
    );
    expect(r, JSON.stringify(r)).toMatchObject({ ok: true });
    expect((r as { value: number }).value).toBeCloseTo(17.6294, 3);
  });
});
