import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PythonSandbox, type PythonResult } from '../../../main/sandbox/python';
import { permissionsHold } from '../../../main/sandbox/python/lockdown';

/**
 * The Python sandbox's outer wall on its own (issue 21): programs are handed this process's
 * JavaScript by a test-only hook (globalThis, Function, process and a working require), as a
 * complete escape from Python and from the harness would find it. With all of that they still
 * cannot write a file, read outside Pyodide's folder, see the app's environment, start a
 * process or a thread, open a socket (TCP, UDP, HTTP, TLS, HTTP/2), resolve a name, signal
 * another process, or write new JavaScript. Each attempt is checked on the host: the canary
 * folder stays empty, the listeners see no connection and no datagram.
 */

const CANARY_ENV = `WB_OUTER_WALL_${process.pid}`;
const SECRET = `outer-wall-secret-${process.pid}`;
let dir: string;
let secretFile: string;
let sandbox: PythonSandbox;
let tcp: Server;
let tcpPort = 0;
let tcpConnections = 0;
let udp: UdpSocket;
let udpPort = 0;
let datagrams = 0;

beforeAll(async () => {
  process.env[CANARY_ENV] = SECRET;
  dir = mkdtempSync(join(tmpdir(), 'wb-outer-wall-'));
  secretFile = join(dir, 'secret.txt');
  writeFileSync(secretFile, SECRET);
  tcp = createServer((s) => {
    tcpConnections++;
    s.destroy();
  });
  await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', r));
  tcpPort = (tcp.address() as { port: number }).port;
  udp = createSocket('udp4');
  udp.on('message', () => datagrams++);
  await new Promise<void>((r) => udp.bind(0, '127.0.0.1', r));
  udpPort = udp.address().port;
  sandbox = new PythonSandbox({ testOnlyJsHook: true, limits: { timeoutMs: 5000 } });
  await sandbox.warmUp();
}, 60_000);

afterAll(async () => {
  delete process.env[CANARY_ENV];
  await sandbox?.close();
  await new Promise<void>((r) => tcp.close(() => r()));
  udp.close();
  rmSync(dir, { recursive: true, force: true });
});

const marker = (name: string) => join(dir, name);
/** Python that drives the hook: `node(name)` requires a built-in through it. */
const py = (body: string) => `h = test_js_hook\nnode = h.require\n${body}`;

interface Attempt {
  name: string;
  program: string;
}

function attempts(): Attempt[] {
  const write = (name: string, body: string): Attempt => ({ name, program: py(body) });
  return [
    write('fs.writeFileSync', `node('node:fs').writeFileSync('${marker('a')}', 'x')`),
    write('fs.appendFileSync', `node('fs').appendFileSync('${marker('b')}', 'x')`),
    write('fs.openSync for writing', `node('fs').openSync('${marker('c')}', 'w')`),
    write('fs.mkdirSync', `node('fs').mkdirSync('${marker('d')}')`),
    write(
      'fs.copyFileSync from Pyodide',
      `node('fs').copyFileSync(h.require('node:path').join('.', 'package.json'), '${marker('e')}')`,
    ),
    write('fs.symlinkSync', `node('fs').symlinkSync('/etc/passwd', '${marker('f')}')`),
    write(
      'fs.promises.writeFile',
      `node('fs').promises.writeFile('${marker('g')}', 'x')\nanswer = 'sent'`,
    ),
    write(
      'fs.createWriteStream',
      `s = node('fs').createWriteStream('${marker('h')}')\ns.write('x')\nanswer = 'sent'`,
    ),
    write('process.report.writeReport', `h.process.report.writeReport('${marker('i')}')`),
    write('read outside Pyodide', `answer = node('fs').readFileSync('${secretFile}', 'utf8')`),
    write('read /etc/passwd', `answer = node('fs').readFileSync('/etc/passwd', 'utf8')`),
    write('read the app environment', `answer = str(h.process.env.${CANARY_ENV})`),
    write(
      'child_process.execSync',
      `answer = str(node('child_process').execSync('touch ${marker('j')}'))`,
    ),
    write(
      'child_process.spawnSync',
      `answer = str(node('child_process').spawnSync('touch', ['${marker('k')}']))`,
    ),
    write('child_process.fork', `node('child_process').fork('${marker('l')}')`),
    write(
      'worker thread',
      `W = node('worker_threads').Worker\nanswer = str(W.new("require('fs').writeFileSync('${marker('m')}', 'x')", {'eval': True}))`,
    ),
    write('net.connect', `node('net').connect($TCP, '127.0.0.1')`),
    write('net.Socket().connect', `s = node('net').Socket.new()\ns.connect($TCP, '127.0.0.1')`),
    write('net.createServer().listen', `node('net').createServer().listen(0)`),
    write('http.get', `node('http').get('http://127.0.0.1:$TCP/')`),
    write('https.request', `node('https').request('https://127.0.0.1:$TCP/')`),
    write('tls.connect', `node('tls').connect($TCP, '127.0.0.1')`),
    write('http2.connect', `node('http2').connect('http://127.0.0.1:$TCP')`),
    write('dgram send', `s = node('dgram').createSocket('udp4')\ns.send('x', $UDP, '127.0.0.1')`),
    write('dns.lookup', `node('dns').lookup('example.com', lambda *a: None)`),
    write('dns.promises.resolve', `node('dns').promises.resolve('example.com')`),
    write('global fetch', `answer = str(h.globalThis.fetch('http://127.0.0.1:$TCP/'))`),
    write('process in the global scope', `answer = str(h.globalThis.process.pid)`),
    write('process.binding tcp_wrap', `answer = str(h.process.binding('tcp_wrap'))`),
    write('process.dlopen', `h.process.dlopen({}, '/usr/lib/x86_64-linux-gnu/libc.so.6')`),
    write('process.kill of the app', `h.process.kill(h.process.ppid, 'SIGTERM')`),
    write('process.getBuiltinModule', `h.process.getBuiltinModule('child_process')`),
    write('inspector.open', `node('inspector').open(0)`),
    write('Function from a string', `answer = h.Function("return process.pid")()`),
    write(
      'vm.runInThisContext',
      `answer = node('vm').runInThisContext("process.getBuiltinModule('child_process').execSync('touch ${marker('n')}')")`,
    ),
    write('wasi', `node('wasi').WASI.new({'version': 'preview1', 'preopens': {'/': '/'}})`),
  ].map((a) => ({
    ...a,
    program: a.program.replace(/\$TCP/g, String(tcpPort)).replace(/\$UDP/g, String(udpPort)),
  }));
}

/** Sandbox processes this test process started (Linux /proc). */
function sandboxChildren(): { pid: number; cmd: string }[] {
  const out: { pid: number; cmd: string }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
      if (ppid !== process.pid || state === 'Z') continue;
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (cmd.includes('python-process')) out.push({ pid: Number(name), cmd });
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

/** What an attempt may answer: an error, or a value that carries nothing from the host. */
function contained(r: PythonResult): boolean {
  if (!r.ok) return true;
  const text = JSON.stringify(r.value);
  return !text.includes(SECRET) && !/root:|uid=|\d{2,}/.test(text);
}

describe('the Python sandbox process, given its JavaScript by a test-only hook', () => {
  it('the hook really hands programs JavaScript (so the attempts below are real)', async () => {
    const r = await sandbox.run(
      py(
        `answer = [str(h.globalThis.Array.isArray(h.globalThis.Array.new())), node('path').basename('/a/b.txt')]`,
      ),
    );
    expect(r).toMatchObject({ ok: true, value: ['True', 'b.txt'] });
  });

  it('cannot write, read outside, see the environment, spawn, connect, resolve or signal', async () => {
    const list = attempts();
    const results = await sandbox.runMany(list.map((a) => a.program));
    // Asynchronous attempts (promises, streams, sockets) get time to land before the checks.
    await new Promise((r) => setTimeout(r, 500));
    const escaped = list
      .map((a, i) => ({ name: a.name, result: results[i]! }))
      .filter(({ result }) => !contained(result));
    expect(escaped).toEqual([]);
    expect(readdirSync(dir).sort()).toEqual(['secret.txt']);
    expect(tcpConnections).toBe(0);
    expect(datagrams).toBe(0);
    // The sealed functions say why, in one line.
    const net = results[list.findIndex((a) => a.name === 'net.connect')]!;
    expect(net.ok ? '' : net.error.message).toMatch(/net\.connect is not allowed/);
    const spawn = results[list.findIndex((a) => a.name === 'child_process.execSync')]!;
    expect(spawn.ok ? '' : spawn.error.message).toMatch(/restricted|not allowed/i);
  });

  it('the issue-21 escape, run with the harness in place, writes nothing and is contained', async () => {
    const canary = marker('issue21');
    const program = [
      'class S(str):',
      '    def startswith(self, *a, **k): return False',
      'for c in getattr(object, S("__subclasses__"))():',
      '    g = getattr(getattr(c, "__init__"), S("__globals__"), {})',
      '    if "sys" in g: break',
      'ffi = getattr(g["sys"].modules["builtins"], S("__import__"))("pyodide.ffi", None, None, ["to_js"], 0)',
      `answer = ffi.to_js([1]).constructor.constructor("return process.getBuiltinModule('child_process').execSync('touch ${canary}').toString()")()`,
    ].join('\n');
    const r = await sandbox.run(program);
    expect(r.ok).toBe(false);
    expect(existsSync(canary)).toBe(false);
  });

  it('messages forged on the IPC channel are dropped: the app gets only what the program answers', async () => {
    // Results for every id the slot could be on, each of a shape no program can return.
    const forgeries = [
      '{"type":"result","id":%d,"heapBytes":1,"result":{"ok":true,"value":{"x":1},"source":"answer","logs":"","logsTruncated":false}}',
      '{"type":"result","id":%d,"heapBytes":1,"result":{"ok":false,"error":"boom"}}',
      '{"type":"result","id":%d,"heapBytes":"x","result":null}',
      '{"type":"load-failed","message":"forged %d"}',
    ];
    const program = py(
      [
        'J = h.globalThis.JSON',
        'for i in range(1, 200):',
        ...forgeries.map((f) => `    h.process.send(J.parse('${f}' % i))`),
        "answer = 'real'",
      ].join('\n'),
    );
    expect(await sandbox.run(program)).toMatchObject({ ok: true, value: 'real' });
    expect(await sandbox.run('answer = 2 + 2')).toMatchObject({ ok: true, value: 4 });
  });

  it('a normal program still runs in the same process afterwards', async () => {
    const r = await sandbox.run('import math\nanswer = round(math.sqrt(2), 6)');
    expect(r).toMatchObject({ ok: true, value: 1.414214 });
  });

  it('runs in a child process under the permission model, and leaves none behind when closed', async () => {
    const others = sandboxChildren().map((c) => c.pid);
    const own = new PythonSandbox();
    await own.warmUp();
    const before = sandboxChildren().filter((c) => !others.includes(c.pid));
    expect(before.length).toBeGreaterThanOrEqual(1);
    expect(before.every((c) => /--(experimental-)?permission/.test(c.cmd))).toBe(true);
    expect(before.every((c) => c.cmd.includes('--disallow-code-generation-from-strings'))).toBe(
      true,
    );
    await own.close();
    const after = sandboxChildren().map((c) => c.pid);
    expect(after.filter((pid) => before.some((b) => b.pid === pid))).toEqual([]);
  });

  it('this test process has no permission model, so the check that gates the sandbox fails here', () => {
    expect(permissionsHold(process)).toBe(false);
  });
});

/** No harness at all: full builtins, any import, the program's globals are a plain dict. */
const NO_HARNESS = String.raw`
import json
def run_program(source, seed, max_log_chars):
    ns = {}
    try:
        exec(source, ns)
        value = ns.get('answer')
        return json.dumps({'ok': True, 'value': repr(value), 'source': 'answer', 'logs': '', 'logsTruncated': False})
    except BaseException as e:
        return json.dumps({'ok': False, 'error': {'kind': 'python-error', 'message': '%s: %s' % (type(e).__name__, e)}, 'logs': '', 'logsTruncated': False})
`;

describe('the Python sandbox process with the harness bypassed completely', () => {
  let bare: PythonSandbox;
  beforeAll(async () => {
    bare = new PythonSandbox({ testOnlyHarness: NO_HARNESS, limits: { timeoutMs: 5000 } });
    await bare.warmUp();
  }, 60_000);
  afterAll(async () => {
    await bare?.close();
  });

  it('really runs without the harness (so the attempts below are real)', async () => {
    const r = await bare.run("import os, sys\nanswer = (os.getcwd(), 'posix' in sys.modules)");
    expect(r).toMatchObject({ ok: true, value: "('/home/pyodide', True)" });
  });

  it("Python's own routes out (os.system, subprocess, sockets, files, js) reach nothing on the host", async () => {
    const programs = [
      `import os\nanswer = os.system('touch ${dir}/sys1')`,
      `import os\nanswer = os.popen('touch ${dir}/sys2').read()`,
      `import subprocess\nanswer = subprocess.run(['touch', '${dir}/sys3'])`,
      `import posix\nanswer = posix.system('touch ${dir}/sys4')`,
      `answer = open('${dir}/sys5', 'w').write('x')`,
      `answer = open('${secretFile}').read()`,
      `import socket\nanswer = socket.create_connection(('127.0.0.1', ${'$TCP'}), timeout=1)`,
      `import os\nanswer = dict(os.environ)`,
      'import js\nanswer = js.process.pid',
      "from pyodide.code import run_js\nanswer = run_js('process.pid')",
      "from pyodide.ffi import to_js\nanswer = to_js([1]).constructor.constructor('return process.pid')()",
    ].map((p) => p.replace('$TCP', String(tcpPort)));
    const results = await bare.runMany(programs);
    await new Promise((r) => setTimeout(r, 300));
    expect(readdirSync(dir).sort()).toEqual(['secret.txt']);
    expect(tcpConnections).toBe(0);
    for (const r of results) expect(JSON.stringify(r)).not.toContain(SECRET);
    // os.system reaches Node's spawnSync inside Pyodide: the permission model refuses it.
    expect(results[0]).not.toMatchObject({ ok: true, value: '0' });
  });
});
