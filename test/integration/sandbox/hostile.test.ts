import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../main/sandbox';
import { check, expectHealthy, hostileSandbox, withLoopWatch, type HostileCase } from './support';

/**
 * Runaway programs: endless loops (also where a catch or finally would like to resume them),
 * memory bombs and deep recursion. Each must end classified, and the program after it must run
 * normally and fast. The sandbox must never need to replace a broken QuickJS instance (that
 * would mean a leaked handle or a host-side failure inside QuickJS).
 */

const loops: HostileCase[] = [
  { name: 'while (true) {}', program: 'while (true) {}', expect: 'timeout' },
  { name: 'for (;;) {}', program: 'for (;;) {}', expect: 'timeout' },
  { name: 'do {} while (true)', program: 'do {} while (true)', expect: 'timeout' },
  {
    name: 'loop inside try/finally',
    program: 'try { while (true) {} } finally {}',
    expect: 'timeout',
  },
  {
    name: 'loop in finally',
    program: 'try { throw 1 } finally { while (true) {} }',
    expect: 'timeout',
  },
  {
    name: 'loop in try and again in finally',
    program: 'try { while (true) {} } finally { while (true) {} }',
    expect: 'timeout',
  },
  {
    name: 'for (;;) in a catch',
    program: 'try { null.x } catch (e) { for (;;) {} }',
    expect: 'timeout',
  },
  {
    name: 'a catch that tries to swallow the interrupt and loop again',
    program: 'while (true) { try { for (;;) {} } catch (e) {} }',
    expect: 'timeout',
  },
  {
    name: 'loop inside solution()',
    program: 'function solution() { while (true) {} }',
    expect: 'timeout',
  },
  {
    name: 'loop inside an arrow solution',
    program: 'const solution = () => { for (;;) {} };',
    expect: 'timeout',
  },
  {
    name: 'endless generator consumed by for-of',
    program: 'for (const x of (function* () { for (;;) yield 1; })()) {}',
    expect: 'timeout',
  },
  {
    name: 'looping sort comparator',
    program: '[3, 2, 1].sort(() => { while (true) {} })',
    expect: 'timeout',
  },
  {
    name: 'catastrophic regex backtracking',
    program: "/(a+)+$/.test('a'.repeat(34) + 'b')",
    expect: 'timeout',
  },
  {
    name: 'stack overflow caught and retried forever (the watchdog terminates the worker)',
    program: 'function f() { try { f() } catch (e) { f() } } f()',
    expect: 'timeout',
  },
  {
    name: 'endless await loop',
    program: 'async function solution() { for (;;) await null; }',
    expect: 'timeout',
  },
  {
    name: 'promise that spins the job queue forever',
    program:
      'function solution() { return new Promise(() => { const spin = () => Promise.resolve().then(spin); spin(); }); }',
    expect: ['timeout', 'memory'],
  },
  {
    name: 'async solution looping after its first await',
    program: 'async function solution() { await null; for (;;) {} }',
    expect: 'timeout',
  },
  {
    name: 'a looping getter named solution',
    program: "Object.defineProperty(globalThis, 'solution', { get() { for (;;) {} } }); 1",
    expect: 'timeout',
  },
];

const memory: HostileCase[] = [
  { name: "'x'.repeat(2 ** 28)", program: "'x'.repeat(2 ** 28)", expect: 'memory' },
  { name: 'string doubling', program: "let s = 'x'; for (;;) s += s;", expect: 'memory' },
  { name: 'one 512 MB typed array', program: 'new Float64Array(2 ** 26).length', expect: 'memory' },
  { name: 'new Array(1e9).fill(0)', program: 'new Array(1e9).fill(0).length', expect: 'memory' },
  {
    name: 'array growth',
    program: 'const a = []; for (;;) a.push(1.5);',
    expect: ['memory', 'timeout'],
  },
  {
    name: 'arrays of arrays (escapes QuickJS allocation accounting)',
    program: 'const a = []; for (;;) a.push(new Array(1000).fill(1.5));',
    expect: ['memory', 'timeout'],
  },
  {
    name: 'typed array growth (1 MB each)',
    program: 'const a = []; for (;;) a.push(new Uint8Array(1 << 20));',
    expect: ['memory', 'timeout'],
  },
  {
    name: 'object rows growth',
    program: "const a = []; for (;;) a.push({ k: a.length, s: 'row' + a.length });",
    expect: ['memory', 'timeout'],
  },
  {
    name: 'Array.from({ length: 1e9 }) inside one built-in',
    program: 'Array.from({ length: 1e9 }).length',
    expect: ['memory', 'timeout'],
  },
  {
    name: 'Map growth',
    program: 'const m = new Map(); for (let i = 0; ; i++) m.set(i, [i]);',
    expect: ['memory', 'timeout'],
  },
  {
    name: 'closure chain growth',
    program: 'let f = () => 0; for (;;) { const g = f; f = () => g(); }',
    expect: ['memory', 'timeout'],
  },
  {
    name: 'memory bomb inside a promise job',
    program: "async function solution() { await null; return 'x'.repeat(2 ** 28); }",
    expect: 'memory',
  },
  {
    name: 'JSON.stringify of a huge array',
    program: "JSON.stringify(new Array(1e7).fill('xxxxxxxxxx')).length",
    expect: ['memory', 'timeout'],
  },
];

const stack: HostileCase[] = [
  {
    name: 'deep recursion',
    program: 'function f(n) { return f(n + 1) + 1; } f(0)',
    expect: 'stack',
  },
  {
    name: 'mutual recursion',
    program: 'function a(n) { return b(n + 1); } function b(n) { return a(n + 1); } a(0)',
    expect: 'stack',
  },
  {
    name: 'recursive getter',
    program: 'const o = { get x() { return this.x; } }; o.x',
    expect: 'stack',
  },
  {
    name: 'recursive toString',
    program: "const o = { toString() { return '' + this; } }; '' + o",
    expect: 'stack',
  },
  {
    name: 'recursive Proxy trap',
    program: 'const p = new Proxy({}, { get(t, k, r) { return r[k]; } }); p.x',
    expect: 'stack',
  },
  {
    name: 'parser recursion: eval of 100,000 nested parentheses',
    program: "eval('('.repeat(100000) + '1' + ')'.repeat(100000))",
    expect: 'stack',
  },
  {
    name: 'parser recursion: new Function with 50,000 nested arrays',
    program: "new Function('return ' + '['.repeat(50000) + ']'.repeat(50000))()",
    expect: 'stack',
  },
  {
    name: 'JSON.parse of 100,000 nested arrays',
    program: "JSON.parse('['.repeat(100000) + ']'.repeat(100000))",
    expect: 'stack',
  },
  {
    name: 'recursion through Array.prototype.map callbacks',
    program: 'function f(n) { return [0].map(() => f(n + 1)); } f(0)',
    expect: 'stack',
  },
  {
    name: 'recursive class constructor',
    program: 'class A { constructor() { new A(); } } new A()',
    expect: 'stack',
  },
  {
    name: 'solution() calling itself',
    program: 'function solution() { return solution(); }',
    expect: 'stack',
  },
];

function suite(title: string, cases: HostileCase[]): void {
  describe(title, () => {
    let sandbox: Sandbox;
    beforeAll(async () => {
      sandbox = hostileSandbox();
      await sandbox.warmUp();
    });
    afterAll(async () => {
      // No QuickJS instance ever failed: every handle was disposed (a leak aborts the instance
      // when its runtime is freed) and no recursion reached the host's native stack. Planned
      // replacements (moduleRecycles) are allowed.
      expect(sandbox.stats.moduleRestarts).toBe(0);
      expect(sandbox.stats.workerCrashes).toBe(0);
      await sandbox.close();
    });
    it.each(cases)('$name', async (c) => {
      const result = await sandbox.run(c.program, c.options);
      check(result, c.expect);
      await expectHealthy(sandbox);
    });
  });
}

suite('hostile programs: endless loops', loops);
suite('hostile programs: memory bombs', memory);
suite('hostile programs: deep recursion', stack);

describe('the host while a program runs away', () => {
  let sandbox: Sandbox;
  beforeAll(() => {
    sandbox = hostileSandbox({ limits: { timeoutMs: 1200 } });
  });
  afterAll(() => sandbox.close());

  it("keeps the host's event loop turning while a program spins", async () => {
    await sandbox.warmUp();
    const watched = await withLoopWatch(() => sandbox.run('for (;;) {}'));
    check(watched.value, 'timeout');
    // In-process, a spinning program would freeze the loop for its whole 1200 ms; here the
    // loop only pays for scheduling on a (possibly loaded) machine.
    expect(watched.maxGapMs).toBeLessThan(600);
    expect(watched.ticks).toBeGreaterThan(20);
  });

  it('stops a program that never polls the interrupt by terminating its worker; the rest of the batch still answers', async () => {
    const before = sandbox.stats.workersTerminated;
    const results = await sandbox.runMany([
      { program: '1 + 1' },
      { program: 'Array.from({ length: 2e9 }).length', timeoutMs: 100 },
      { program: 'function solution() { return 6 * 7; }' },
    ]);
    expect(results[0]).toMatchObject({ ok: true, value: 2 });
    expect(results[1]).toMatchObject({ ok: false });
    expect(results[1]?.ok === false && ['timeout', 'memory']).toContain(
      results[1]?.ok === false ? results[1].error.kind : undefined,
    );
    expect(results[2]).toMatchObject({ ok: true, value: 42 });
    // Either QuickJS stopped it or the watchdog did; if the watchdog did, it was counted.
    expect(sandbox.stats.workersTerminated).toBeGreaterThanOrEqual(before);
    await expectHealthy(sandbox);
  });

  it('terminates the worker when the interrupt cannot win (a caught stack overflow recursing forever)', async () => {
    const before = sandbox.stats.workersTerminated;
    const started = performance.now();
    const result = await sandbox.run('function f() { try { f() } catch (e) { f() } } f()', {
      timeoutMs: 200,
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    expect(result.ok === false && result.error.message).toContain('terminated');
    expect(sandbox.stats.workersTerminated).toBe(before + 1);
    // Deadline 200 ms + grace 250 ms + one watchdog period, with room for a loaded machine.
    expect(performance.now() - started).toBeLessThan(3000);
    await expectHealthy(sandbox);
  });
});
