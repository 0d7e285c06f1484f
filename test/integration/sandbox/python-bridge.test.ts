import { existsSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPyodide } from 'pyodide';
import { pyodideDir } from '../../../main/sandbox/python/launch-python-process';
import {
  loadSandboxedPyodide,
  type SandboxedPyodide,
} from '../../../main/sandbox/python/load-pyodide';

/**
 * The second layer, tested on its own: Pyodide as the sandbox loads it, running Python with no
 * harness restrictions at all (full builtins, any import), as if a program had got past the
 * harness. It still finds no JavaScript bridge, no host file system, no host environment and no
 * network.
 */

const UNRESTRICTED = String.raw`
def run_program(source, seed, max_log_chars):
    ns = {}
    try:
        exec(source, ns)
        return 'OK ' + repr(ns.get('out'))
    except BaseException as e:
        return 'ERR %s: %s' % (type(e).__name__, e)
`;

const MARKER = join(tmpdir(), `wb-python-bridge-${process.pid}`);
const CANARY = `bridge-canary-${process.pid}`;

let py: SandboxedPyodide;
let server: Server;
let port = 0;
let connections = 0;

const run = (source: string) => py.run(source, 0, 0);

beforeAll(async () => {
  process.env.WB_BRIDGE_CANARY = CANARY;
  rmSync(MARKER, { force: true });
  server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
  py = await loadSandboxedPyodide(
    loadPyodide,
    pyodideDir(),
    new Int32Array(new SharedArrayBuffer(4)),
    UNRESTRICTED,
  );
});

afterAll(async () => {
  delete process.env.WB_BRIDGE_CANARY;
  rmSync(MARKER, { force: true });
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('Pyodide as loaded for the sandbox, with the harness bypassed', () => {
  it('has no js or pyodide_js module, and run_js cannot evaluate JavaScript', () => {
    expect(run('import js')).toMatch(/^ERR ModuleNotFoundError/);
    expect(run('import pyodide_js')).toMatch(/^ERR ModuleNotFoundError/);
    expect(run("from pyodide.code import run_js\nout = run_js('typeof process')")).toMatch(/^ERR /);
  });

  it('sees neither the host environment nor the host file system', () => {
    const env = run('import os\nout = dict(os.environ)');
    expect(env).toMatch(/^OK /);
    expect(env).not.toContain(CANARY);
    expect(env).not.toContain(process.env.PATH ?? '/usr/bin');
    expect(run("out = open('/etc/passwd').read()")).toMatch(/^ERR FileNotFoundError/);
    expect(run(`open('${MARKER}', 'w').write('x')\nout = 1`)).toBe('OK 1');
    expect(existsSync(MARKER)).toBe(false);
    expect(run("import os\nout = sorted(os.listdir('/'))")).not.toMatch(/'work'|'etc'|'usr'/);
  });

  it('has no network', async () => {
    const r = run(
      `import socket\ns = socket.create_connection(('127.0.0.1', ${port}), timeout=1)\nout = 1`,
    );
    expect(r).toMatch(/^ERR /);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(connections).toBe(0);
  });
});
