import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../main/sandbox';
import type { SandboxResult } from '../../../shared/sandbox/types';
import { check, expectHealthy, hostileSandbox, SEGMENTS, type HostileCase } from './support';

/**
 * Programs reaching for the host (Node globals, modules, constructors of host functions, stack
 * traces) or tampering with the built-ins and helpers: nothing of the host is reachable, and
 * whatever a program changes dies with its context.
 */

const value =
  (expected: unknown) =>
  (r: SandboxResult): void => {
    expect(r, JSON.stringify(r).slice(0, 300)).toMatchObject({ ok: true, value: expected });
  };

const HOST_NAMES = [
  'require',
  'process',
  'module',
  'exports',
  'global',
  'Buffer',
  'setTimeout',
  'setInterval',
  'setImmediate',
  'queueMicrotask',
  'fetch',
  'XMLHttpRequest',
  'WebAssembly',
  'performance',
  'Worker',
  'postMessage',
  'importScripts',
  'std',
  'os',
  'print',
  'scriptArgs',
  'Deno',
  'Bun',
];

const reaching: HostileCase[] = [
  {
    name: 'Node and QuickJS-libc globals are all undefined',
    program: `[${HOST_NAMES.map((n) => `typeof ${n}`).join(', ')}].every(t => t === 'undefined')`,
    expect: value(true),
  },
  {
    name: 'globalThis holds only ECMAScript built-ins',
    program:
      "Object.getOwnPropertyNames(globalThis).filter(n => !/^(?:[A-Z]\\w*|globalThis|eval|isFinite|isNaN|parseFloat|parseInt|decodeURI|decodeURIComponent|encodeURI|encodeURIComponent|escape|unescape|NaN|Infinity|undefined)$/.test(n)).join(',')",
    expect: value(''),
  },
  {
    name: 'dynamic import() of a Node module',
    program: "import('node:child_process')",
    expect: (r) => {
      check(r, 'runtime');
      expect(!r.ok && r.error.message).toContain('could not load module');
    },
  },
  {
    name: 'static import statement',
    program: "import fs from 'fs';\nfs.readFileSync('/etc/passwd')",
    expect: 'syntax',
  },
  {
    name: 'require() call',
    program: "require('fs').readFileSync('/etc/passwd')",
    expect: 'runtime',
  },
  { name: 'eval reaching process', program: "eval('typeof process')", expect: value('undefined') },
  {
    name: 'Function constructor reaching the global this',
    program:
      "Function('return this')().process === undefined && Function('return this')() === globalThis",
    expect: value(true),
  },
  {
    name: 'constructor.constructor escape',
    program: "(() => {}).constructor('return typeof process + typeof require')()",
    expect: value('undefinedundefined'),
  },
  {
    name: 'the constructor of a host helper is the sandbox Function',
    program: "[cell.constructor === Function, cell.constructor('return typeof process')()].join()",
    options: { tables: [SEGMENTS] },
    expect: value('true,undefined'),
  },
  {
    // cell() is a host function (no wrapper: fast-host-call.ts newJsonRequestFunction), not a
    // constructor, so it has no `prototype` either: exactly its length and name.
    name: 'a host helper exposes no host source or properties',
    program:
      "typeof hostCell === 'undefined' && !/node:|\\/work\\/|\\.ts\\b/.test(String(cell)) && Object.getOwnPropertyNames(cell).sort().join() === 'length,name'",
    options: { tables: [SEGMENTS] },
    expect: value(true),
  },
  {
    name: 'stack traces name no host files',
    program:
      "function f() { return new Error('x').stack; } const s = f() + cell.call.toString(); /node:|\\/work\\/|\\.ts:|internal\\//.test(s) ? s : 'clean'",
    options: { tables: [SEGMENTS] },
    expect: value('clean'),
  },
  {
    name: 'Error.prepareStackTrace gives no call sites',
    program: "Error.prepareStackTrace = (e, sites) => sites; typeof new Error('x').stack",
    expect: value('string'),
  },
  {
    name: 'Atomics.wait cannot block the worker',
    program: 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)',
    expect: 'runtime',
  },
  {
    name: 'a built-in reached through a computed name is just missing',
    program: "new globalThis['Ma' + 'p']()",
    expect: 'runtime',
  },
  {
    name: 'an async function built from a string (needs Promise internally)',
    program: "eval('as' + 'ync function f() { return 1 }; f()')",
    expect: value(1),
  },
];

describe('hostile programs: reaching for the host', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = hostileSandbox();
    await sandbox.warmUp();
  });
  afterAll(async () => {
    expect(sandbox.stats.moduleRestarts).toBe(0);
    await sandbox.close();
  });

  it.each(reaching)('$name', async (c) => {
    check(await sandbox.run(c.program, c.options), c.expect);
    await expectHealthy(sandbox);
  });
});

/** Program A tampers; program B (a fresh context) must see pristine built-ins and helpers. */
interface Tampering {
  name: string;
  tamper: string;
  probe: string;
  expected: unknown;
}

const PRISTINE_PROBE =
  "[({}).polluted, [1, 2].map(x => x * 2).join(), JSON.parse('[3]')[0], typeof Object.freeze({}), Function.prototype.call === Function.prototype.call].join('|')";
const PRISTINE = '|2,4|3|object|true';

const tampering: Tampering[] = [
  {
    name: 'Object.prototype pollution',
    tamper: "Object.prototype.polluted = 'yes'; Object.prototype.toString = () => 'owned'; 1",
    probe: PRISTINE_PROBE,
    expected: PRISTINE,
  },
  {
    name: '__proto__ pollution through JSON and Object.assign',
    tamper:
      'Object.assign({}, JSON.parse(\'{"__proto__": {"polluted": 1}}\')); ({}).__proto__.polluted = \'yes\'; 1',
    probe: PRISTINE_PROBE,
    expected: PRISTINE,
  },
  {
    name: 'replaced Array, JSON, Object and Function built-ins',
    tamper:
      'Array.prototype.map = () => []; JSON.parse = () => 0; Object.freeze = x => 1; Function.prototype.call = null; 1',
    probe: PRISTINE_PROBE,
    expected: PRISTINE,
  },
  {
    name: 'replaced helpers',
    tamper:
      "globalThis.cell = () => 999; table = null; console.log = null; cell('segments', 'x', 'y')",
    probe:
      "[cell('segments', ['Aerospace Systems', 'Sales'], '2018'), table('segments').cells.length, typeof console.log].join()",
    expected: '13187,5,function',
  },
  {
    name: 'a global variable left behind',
    tamper: "globalThis.leak = 'secret'; var leak2 = 1; 1",
    probe: 'typeof leak + typeof leak2',
    expected: 'undefinedundefined',
  },
  {
    name: 'a tampered clock and random generator',
    tamper: 'Date.now = () => 5; Math.random = () => 0.5; Date.prototype.getTime = () => 6; 1',
    probe: '[Date.now(), new Date().getTime(), Math.random() !== 0.5].join()',
    expected: `${Date.UTC(2024, 0, 1)},${Date.UTC(2024, 0, 1)},true`,
  },
  {
    name: 'a never-run pending job that would loop forever',
    tamper: 'Promise.resolve().then(() => { for (;;) {} }); 42',
    probe: '6 * 7',
    expected: 42,
  },
  {
    name: 'a frozen table copy someone tried to edit',
    tamper:
      "'use strict'; const t = table('segments'); try { t.cells[0].value = 1e9; } catch (e) {} try { t.cells.push({}); } catch (e) {} t.cells[0].value",
    probe:
      "table('segments').cells[0].value + ':' + Object.isFrozen(table('segments').cells[0].rowPath)",
    expected: '13187:true',
  },
];

describe('hostile programs: tampering does not outlive the program', () => {
  let sandbox: Sandbox;
  const original = JSON.stringify(SEGMENTS);
  beforeAll(async () => {
    sandbox = hostileSandbox();
    await sandbox.warmUp();
  });
  afterAll(async () => {
    expect(sandbox.stats.moduleRestarts).toBe(0);
    await sandbox.close();
  });

  it.each(tampering)('$name', async (t) => {
    const tables = [SEGMENTS];
    await sandbox.run(t.tamper, { tables });
    const probe = await sandbox.run(t.probe, { tables });
    expect(probe, JSON.stringify(probe).slice(0, 300)).toMatchObject({
      ok: true,
      value: t.expected,
    });
    // The host's own objects are untouched.
    expect(JSON.stringify(SEGMENTS)).toBe(original);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    await expectHealthy(sandbox);
  });

  it('the tampering program itself sees what it did (so the probe above is meaningful)', async () => {
    const r = await sandbox.run("Object.prototype.polluted = 'yes'; ({}).polluted");
    expect(r).toMatchObject({ ok: true, value: 'yes' });
  });

  it('the trace records true values even when the program wraps or fakes cell()', async () => {
    const r = await sandbox.run(
      "const real = cell; globalThis.cell = () => 1e9; real('segments', ['Aerospace Systems', 'Sales'], ['2018']) + cell('a', 'b', 'c')",
      { tables: [SEGMENTS] },
    );
    expect(r).toMatchObject({ ok: true, value: 13187 + 1e9 });
    expect(r.trace).toEqual([
      { fn: 'cell', args: ['segments', ['Aerospace Systems', 'Sales'], ['2018']], value: 13187 },
    ]);
  });

  it('replacing JSON.stringify or Array methods does not change what cell() asks for', async () => {
    const r = await sandbox.run(
      `JSON.stringify = () => '["segments", ["Aerospace Systems", "Sales"], ["2018"]]';
       Array.prototype.map = () => ['Aerospace Systems', 'Sales'];
       cell('segments', ['Total sales'], ['2018'])`,
      { tables: [SEGMENTS] },
    );
    // The wrapper captured JSON.stringify before the program ran.
    expect(r).toMatchObject({ ok: true, value: 30095 });
    expect(r.trace).toEqual([
      { fn: 'cell', args: ['segments', ['Total sales'], ['2018']], value: 30095 },
    ]);
  });

  it('sabotaging its own arrays (toJSON) only makes the program’s request malformed', async () => {
    const r = await sandbox.run(
      "Object.defineProperty(Array.prototype, 'toJSON', { value: () => 'forged' }); cell('segments', ['Total sales'], ['2018'])",
      { tables: [SEGMENTS] },
    );
    expect(r).toMatchObject({
      ok: false,
      error: {
        kind: 'runtime',
        message: 'TypeError: cell(tableId, rowPath, colPath): malformed arguments',
      },
    });
    expect(r.trace).toEqual([]);
  });

  it('an argument whose getter throws or loops only fails that call', async () => {
    const throwing = await sandbox.run(
      "const p = ['x']; Object.defineProperty(p, 0, { get() { throw new Error('trap'); } }); let r; try { cell('segments', p, '2018'); } catch (e) { r = e.name; } r",
      { tables: [SEGMENTS] },
    );
    // The getter runs inside the program (while cell() serialises its arguments).
    expect(throwing).toMatchObject({ ok: true, value: 'Error' });
    const looping = await sandbox.run(
      "const p = ['x']; Object.defineProperty(p, 0, { get() { for (;;); } }); try { cell('segments', p, '2018'); } catch (e) {} for (;;);",
      { tables: [SEGMENTS] },
    );
    expect(looping).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    expect(throwing.trace).toEqual([]);
    await expectHealthy(sandbox);
  });
});

describe('determinism', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = hostileSandbox();
    await sandbox.warmUp();
  });
  afterAll(() => sandbox.close());

  it('Date.now(), new Date() and Date() read a fixed clock (default and per run)', async () => {
    const program =
      '[Date.now(), new Date().getTime(), Date().length > 0, new Date(2020, 0, 1).getFullYear()].join()';
    const fixed = Date.UTC(2024, 0, 1);
    expect(await sandbox.run(program)).toMatchObject({ value: `${fixed},${fixed},true,2020` });
    const later = Date.UTC(2030, 5, 1);
    expect(await sandbox.run(program, { nowMs: later })).toMatchObject({
      value: `${later},${later},true,2020`,
    });
  });

  it('Math.random is seeded: same seed same stream, another seed another stream', async () => {
    const program = 'Array.from({ length: 5 }, () => Math.random()).join()';
    const a = await sandbox.run(program, { seed: 7 });
    const b = await sandbox.run(program, { seed: 7 });
    const c = await sandbox.run(program, { seed: 8 });
    expect(a.ok && b.ok && c.ok).toBe(true);
    expect(a).toMatchObject({ value: b.ok ? b.value : 'x' });
    expect(c.ok && c.value).not.toBe(a.ok && a.value);
    const values = (a.ok ? String(a.value) : '').split(',').map(Number);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(new Set(values).size).toBe(5);
  });

  it('the same program gives the same answer in a different worker', async () => {
    const program = 'function solution() { return Math.random() * Date.now(); }';
    const first = await sandbox.run(program);
    const other = hostileSandbox();
    try {
      expect(await other.run(program)).toMatchObject({
        ok: true,
        value: first.ok ? first.value : NaN,
      });
    } finally {
      await other.close();
    }
  });
});
