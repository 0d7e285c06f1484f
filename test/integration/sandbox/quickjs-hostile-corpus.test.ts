import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../main/sandbox';
import type { SandboxResult } from '../../../shared/sandbox/types';
import { signsOfEscape } from '../../support/escape-signs';
import { expectHealthy, hostileSandbox, SEGMENTS } from './support';

/**
 * A hostile JavaScript corpus for the QuickJS sandbox (issue 21's counterpart): each program
 * looks for the host by one technique (constructors, eval, import(), the helpers, values and
 * errors handed back to the host, stack-trace hooks, shared memory, WebAssembly…) and, with
 * anything that looks like Node's `process` or `require`, tries to write a canary file, start a
 * process (`touch`) and connect to a TCP listener of this test. hostile-escape.test.ts checks
 * what each route yields; here every route also carries the payload, and the test checks the
 * host: no file, no connection, and no result reporting a foothold.
 */

interface Targets {
  canary: string;
  spawned: string;
  port: number;
}

/** Helpers every program starts with; `probe(x)` uses anything host-like at once. */
function prelude(t: Targets): string {
  return `const CANARY = ${JSON.stringify(t.canary)};
const SPAWNED = ${JSON.stringify(t.spawned)};
const PORT = ${t.port};
const notes = [];
function hostActions(mod) {
  notes.push('FOOTHOLD');
  const steps = [
    () => mod('fs').writeFileSync(CANARY, 'escaped'),
    () => mod('child_process').execSync('touch ' + SPAWNED),
    () => mod('net').connect(PORT, '127.0.0.1'),
  ];
  for (const step of steps) {
    try { step(); notes.push('did'); } catch (e) { notes.push('blocked ' + e); }
  }
}
function probe(x) {
  try {
    if (x && typeof x.getBuiltinModule === 'function') hostActions((n) => x.getBuiltinModule(n));
    else if (typeof x === 'function' && x.name === 'require') hostActions(x);
    else if (x && x.mainModule && typeof x.mainModule.require === 'function')
      hostActions((n) => x.mainModule.require(n));
    else if (x && typeof x.exec === 'function' && typeof x.open === 'function') {
      notes.push('FOOTHOLD quickjs-libc');
      x.exec(['touch', SPAWNED]);
    } else if (x && typeof x.writeFileSync === 'function') {
      notes.push('FOOTHOLD fs');
      x.writeFileSync(CANARY, 'escaped');
    }
  } catch (e) {
    notes.push('blocked ' + e);
  }
}
function tryGet(get) {
  try { probe(get()); } catch (e) { /* the route is closed */ }
}
function report() {
  return notes.length ? notes.join('; ') : 'contained';
}
`;
}

interface JsCase {
  name: string;
  body: string;
}

const HOST = `['process', 'require', 'module', 'global', 'std', 'os']`;

const CASES: JsCase[] = [
  // ---------------------------------------------------------------- constructors and eval
  {
    name: 'constructor.constructor of an arrow',
    body: `for (const n of ${HOST}) tryGet(() => (() => {}).constructor.constructor('return ' + n)());
report()`,
  },
  {
    name: 'Function("return this") and its globals',
    body: `const g = Function('return this')();
for (const n of ${HOST}) tryGet(() => g[n]);
report()`,
  },
  {
    name: 'indirect eval',
    body: `for (const n of ${HOST}) tryGet(() => (0, eval)('typeof ' + n + " !== 'undefined' ? " + n + ' : undefined'));
report()`,
  },
  {
    name: 'Reflect.construct(Function)',
    body: `tryGet(() => Reflect.construct(Function, ['return process'])());
tryGet(() => Reflect.apply(Function, null, ['return require'])());
report()`,
  },
  {
    name: 'the async function constructor',
    body: `(async () => {
  const AsyncFunction = (async () => {}).constructor;
  try { probe(await AsyncFunction('return typeof process === "undefined" ? undefined : process')()); } catch (e) {}
  return report();
})()`,
  },
  {
    name: 'the generator function constructor',
    body: `const GF = (function* () {}).constructor;
tryGet(() => GF('yield typeof require === "undefined" ? undefined : require')().next().value);
report()`,
  },
  {
    name: 'with (globalThis) and sloppy-mode this',
    body: `tryGet(() => (function () { return this; })().process);
tryGet(() => new Function('with (globalThis) { return typeof process === "undefined" ? undefined : process }')());
report()`,
  },
  {
    name: 'arguments.callee.caller and Function.prototype.caller',
    body: `function f() { return f.caller; }
tryGet(() => f());
tryGet(() => (function () { return arguments.callee.caller; })());
report()`,
  },

  // ---------------------------------------------------------------- modules
  {
    name: 'dynamic import() of node:fs',
    body: `(async () => {
  try { probe(await import('node:fs')); } catch (e) {}
  try { probe((await import('fs')).default); } catch (e) {}
  return report();
})()`,
  },
  {
    name: 'dynamic import() of child_process and net',
    body: `(async () => {
  try { const cp = await import('node:child_process'); cp.execSync('touch ' + SPAWNED); notes.push('FOOTHOLD'); } catch (e) {}
  try { const net = await import('node:net'); net.connect(PORT, '127.0.0.1'); notes.push('FOOTHOLD'); } catch (e) {}
  return report();
})()`,
  },
  {
    name: "QuickJS-libc's std and os modules",
    body: `(async () => {
  try { probe(await import('os')); } catch (e) {}
  try { const std = await import('std'); std.open(CANARY, 'w').puts('escaped'); notes.push('FOOTHOLD'); } catch (e) {}
  return report();
})()`,
  },
  {
    name: 'import() from inside a Function body',
    body: `(async () => {
  try { probe(await Function("return import('node:fs')")()); } catch (e) {}
  return report();
})()`,
  },
  {
    name: 'a relative and a file: import',
    body: `(async () => {
  for (const spec of ['./package.json', 'file:///etc/passwd', '../../main/cli.ts', 'data:text/javascript,export default 1']) {
    try { probe(await import(spec)); notes.push('FOOTHOLD import ' + spec); } catch (e) {}
  }
  return report();
})()`,
  },

  // ---------------------------------------------------------------- the host helpers
  {
    name: 'the constructor of cell, table and cellInfo',
    body: `for (const h of [cell, table, cellInfo]) tryGet(() => h.constructor('return typeof process === "undefined" ? undefined : process')());
report()`,
  },
  {
    name: "console.log's constructor and prototype",
    body: `tryGet(() => console.log.constructor('return typeof require === "undefined" ? undefined : require')());
tryGet(() => Object.getPrototypeOf(console.log).constructor('return this')().process);
report()`,
  },
  {
    name: "an error thrown by a helper, and its constructor's Function",
    body: `try { cell('no-such-table', ['x'], 'y'); } catch (e) {
  tryGet(() => e.constructor.constructor('return typeof process === "undefined" ? undefined : process')());
  tryGet(() => Object.getPrototypeOf(e).constructor.constructor('return this')().require);
}
report()`,
  },
  {
    name: 'the objects table() returns',
    body: `const t = table('segments');
tryGet(() => t.constructor.constructor('return typeof process === "undefined" ? undefined : process')());
tryGet(() => t.cells[0].rowPath.constructor.constructor('return this')().process);
report()`,
  },
  {
    name: 'helper arguments with toJSON, getters and Proxies',
    body: `const evil = { toJSON() { tryGet(() => Function('return this')().process); return 'x'; } };
const trap = new Proxy([], { get(t, k) { tryGet(() => Function('return this')().require); return Reflect.get(t, k); } });
for (const args of [[evil, ['a'], 'b'], ['segments', trap, '2018'], ['segments', { get length() { return 1; } }, 1]]) {
  try { cell(...args); } catch (e) {}
}
report()`,
  },
  {
    name: 'prototype pollution before calling the helpers',
    body: `Object.prototype.toJSON = function () { tryGet(() => Function('return this')().process); return 'polluted'; };
Array.prototype.join = () => 'polluted';
String.prototype.toString = () => 'polluted';
try { cell('segments', ['Aerospace Systems', 'Sales'], '2018'); } catch (e) {}
try { table('segments'); } catch (e) {}
report()`,
  },
  {
    name: 'replacing JSON.stringify the helpers use',
    body: `JSON.stringify = () => { tryGet(() => Function('return this')().process); return '["segments",["Aerospace Systems","Sales"],["2018"]]'; };
let v = null;
try { v = cell('segments', ['Aerospace Systems', 'Sales'], '2018'); } catch (e) {}
report() + ' ' + v`,
  },
  {
    name: 'a helper called with a host-looking this',
    body: `tryGet(() => cell.call({ process: 1 }, 'segments', ['Total sales'], '2018'));
tryGet(() => Reflect.apply(table, globalThis, ['segments']).constructor.constructor('return this')().process);
report()`,
  },

  // ---------------------------------------------------------------- values handed to the host
  {
    name: 'a getter on the returned object',
    body: `({ get value() { tryGet(() => Function('return this')().process); return 1; }, toString() { return report(); } })`,
  },
  {
    name: 'a Proxy returned to the host',
    body: `new Proxy({}, { get() { tryGet(() => Function('return this')().process); return () => 1; } })`,
  },
  {
    name: 'Symbol.toPrimitive, valueOf and toJSON on the result',
    body: `({ [Symbol.toPrimitive]() { probe(Function('return this')().process); return 1; }, valueOf() { return 2; }, toJSON() { return 3; } })`,
  },
  {
    name: 'a thenable result',
    body: `({ then(resolve) { tryGet(() => Function('return this')().require); resolve(report()); } })`,
  },
  {
    name: 'a logged object with toJSON, getters and inspect hooks',
    body: `const o = { toJSON() { tryGet(() => Function('return this')().process); return 'j'; }, get g() { tryGet(() => Function('return this')().require); return 1; } };
o[Symbol.for('nodejs.util.inspect.custom')] = () => { notes.push('FOOTHOLD inspect ran on the host'); return 'x'; };
console.log(o, [o], 'x');
console.log('%o %j', o, o);
report()`,
  },
  {
    name: 'a thrown object with getters the host might read',
    body: `throw { get message() { tryGet(() => Function('return this')().process); return 'm'; }, get stack() { return report(); }, toString() { return 'thrown'; } }`,
  },
  {
    name: 'a huge string result built while probing',
    body: `tryGet(() => Function('return this')().process);
report() + 'x'.repeat(2 ** 22)`,
  },

  // ---------------------------------------------------------------- stack traces and errors
  {
    name: 'Error.prepareStackTrace call sites',
    body: `Error.prepareStackTrace = (e, sites) => {
  for (const s of sites || []) { tryGet(() => s.getThis()); tryGet(() => s.getFunction()); }
  return 'stack';
};
try { cell('no-such-table', ['x'], 'y'); } catch (e) { String(e.stack); }
String(new Error('x').stack);
report()`,
  },
  {
    name: 'Error.captureStackTrace and stackTraceLimit',
    body: `Error.stackTraceLimit = Infinity;
const holder = {};
tryGet(() => { Error.captureStackTrace(holder); return holder; });
report() + (/node:|\\/work\\/|internal\\//.test(String(new Error('x').stack)) ? ' host paths in stack' : '')`,
  },

  // ---------------------------------------------------------------- engine features
  {
    name: 'Atomics and SharedArrayBuffer',
    body: `tryGet(() => { const sab = new SharedArrayBuffer(8); Atomics.wait(new Int32Array(sab), 0, 0, 10); return sab; });
tryGet(() => Atomics.waitAsync);
report()`,
  },
  {
    name: 'WebAssembly',
    body: `tryGet(() => WebAssembly.Module);
tryGet(() => new WebAssembly.Instance(new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])), {}).exports);
report()`,
  },
  {
    name: 'timers, workers and message ports',
    body: `for (const n of ['setTimeout', 'setImmediate', 'queueMicrotask', 'Worker', 'MessageChannel', 'BroadcastChannel', 'fetch', 'WebSocket'])
  tryGet(() => globalThis[n]);
tryGet(() => setTimeout(() => probe(Function('return this')().process), 0));
report()`,
  },
  {
    name: 'every global property, own and inherited',
    body: `let o = globalThis;
while (o) {
  for (const k of Reflect.ownKeys(o)) tryGet(() => o[k]);
  o = Object.getPrototypeOf(o);
}
report()`,
  },
  {
    name: '__proto__, __lookupGetter__ and __defineGetter__ on the global object',
    body: `Object.prototype.__defineGetter__('process', function () { return undefined; });
tryGet(() => globalThis.__lookupGetter__('process'));
tryGet(() => ({}).__proto__.constructor.constructor('return this')().require);
report()`,
  },
  {
    name: 'FinalizationRegistry and WeakRef callbacks after the program',
    body: `tryGet(() => new FinalizationRegistry(() => probe(Function('return this')().process)).register({}, 1));
tryGet(() => new WeakRef({}));
report()`,
  },
  {
    name: 'a promise job left pending with the payload',
    body: `Promise.resolve().then(() => probe(Function('return this')().process));
Promise.reject(new Error('x')).catch(() => tryGet(() => Function('return this')().require));
report()`,
  },
  {
    name: 'a Proxy around the global object',
    body: `const p = new Proxy(globalThis, { has() { return true; }, get(t, k) { return k === 'process' ? undefined : t[k]; } });
tryGet(() => Function('with (this) { return process; }').call(p));
report()`,
  },
  {
    name: 'Symbol.unscopables and Symbol.species tricks',
    body: `class A extends Array { static get [Symbol.species]() { tryGet(() => Function('return this')().process); return Array; } }
new A(1, 2).map((x) => x);
tryGet(() => Array.prototype[Symbol.unscopables]);
report()`,
  },
  {
    name: 'String.raw, tagged templates and template objects',
    body: `function tag(strings) { tryGet(() => strings.raw.constructor.constructor('return this')().process); return 1; }
tag\`x\${1}y\`;
report()`,
  },
  {
    name: 'a solution() that returns a function whose toString probes',
    body: `function solution() {
  const f = () => 1;
  f.toString = () => { tryGet(() => Function('return this')().process); return report(); };
  return f;
}`,
  },
  {
    name: 'a getter named solution on the global object',
    body: `Object.defineProperty(globalThis, 'solution', { get() { tryGet(() => Function('return this')().require); return () => report(); } });`,
  },
  {
    name: 'BigInt and Symbol results after probing',
    body: `tryGet(() => Function('return this')().process);
notes.length ? report() : Symbol(report())`,
  },
];

let sandbox: Sandbox;
let server: Server;
let port = 0;
let connections = 0;
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wb-quickjs-corpus-'));
  server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
  sandbox = hostileSandbox({ limits: { timeoutMs: 1000, memoryBytes: 32 * 1024 * 1024 } });
  await sandbox.warmUp();
});

afterAll(async () => {
  await sandbox?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function signsOf(result: SandboxResult): string[] {
  return signsOfEscape(result, port, ['FOOTHOLD', 'escaped', 'uid=']);
}

describe('the hostile JavaScript corpus is contained (QuickJS)', () => {
  it('has at least 30 programs', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(CASES.map((c) => c.name)).size).toBe(CASES.length);
  });

  it('no program writes, connects or spawns, and no result reports a foothold', async () => {
    const jobs = CASES.map((c, i) => ({
      program:
        prelude({
          canary: join(dir, `canary-${i}`),
          spawned: join(dir, `spawned-${i}`),
          port,
        }) + c.body,
      tables: [SEGMENTS],
    }));
    const results = await sandbox.runMany(jobs);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const failures: string[] = [];
    CASES.forEach((c, i) => {
      const r = results[i]!;
      const signs = signsOf(r);
      if (signs.length > 0)
        failures.push(`${c.name}: ${signs.join(', ')} in ${JSON.stringify(r).slice(0, 400)}`);
      if (!r.ok && r.error.kind === 'internal')
        failures.push(`${c.name}: the sandbox failed: ${r.error.message}`);
    });
    expect(failures).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
    expect(connections).toBe(0);
  });

  it('still runs a normal program afterwards', async () => {
    await expectHealthy(sandbox);
  });
});
