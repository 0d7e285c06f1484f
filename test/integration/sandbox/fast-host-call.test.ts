import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  captureJsonRequestTools,
  enableFastHostCalls,
  newFastFunction,
  newJsonRequestFunction,
  setGlobal,
  typeOfHandle,
  usesFastHostCalls,
  type FastAnswer,
} from '../../../main/sandbox/fast-host-call';
import { loadQuickJS, type QuickJSInstance } from '../../../main/sandbox/quickjs-module';
import { runProgram } from '../../../main/sandbox/run-program';
import { resolveLimits } from '../../../shared/sandbox/limits';
import type { SandboxTable } from '../../../shared/sandbox/types';

/**
 * The lookup helpers' short C → host path (issue 26 done-when 4) and the table sets shared by
 * programs whose arrays hold the same tables. The first test fails if a quickjs-emscripten
 * upgrade renames the internals the short path uses (every call would then take the generic
 * path: same answers, slower).
 */
describe('fast host calls', () => {
  let instance: QuickJSInstance;
  let rt: QuickJSRuntime | undefined;
  let ctx: QuickJSContext | undefined;
  beforeAll(async () => {
    instance = await loadQuickJS(64 * 1024 * 1024);
  });
  afterEach(() => {
    ctx?.dispose();
    rt?.dispose();
    ctx = undefined;
    rt = undefined;
  });

  function context(): QuickJSContext {
    rt = instance.qjs.newRuntime();
    ctx = rt.newContext();
    return ctx;
  }

  function evaluate(c: QuickJSContext, code: string): unknown {
    const r = c.evalCode(code);
    const handle = r.error ?? r.value;
    const out: unknown = c.dump(handle);
    handle.dispose();
    return r.error ? { thrown: out } : out;
  }

  it('is available for this build of QuickJS', () => {
    const c = context();
    expect(usesFastHostCalls(c)).toBe(false);
    expect(enableFastHostCalls(c)).toBe(true);
    expect(usesFastHostCalls(c)).toBe(true);
  });

  it('captures Array, Array.of, JSON.stringify and sets cell by raw FFI, as the public API does', () => {
    const c = context();
    const owned: QuickJSHandle[] = [];
    const own = (h: QuickJSHandle) => (owned.push(h), h);
    const tools = captureJsonRequestTools(c, own);
    const read = (code: string) => own(c.unwrapResult(c.evalCode(code)));
    expect(c.sameValue(tools.array, read('Array'))).toBe(true);
    expect(c.sameValue(tools.arrayOf, read('Array.of'))).toBe(true);
    expect(c.sameValue(tools.stringify, read('JSON.stringify'))).toBe(true);
    expect(c.getString(tools.lengthKey)).toBe('length');
    setGlobal(c, 'cell', read('(function cell() { return 7; })'));
    expect(
      evaluate(c, 'cell() + "," + Object.getOwnPropertyDescriptor(globalThis, "cell").writable'),
    ).toBe('7,true');
    for (const h of owned) h.dispose();
    // A context without JSON (a caller's own intrinsics) still gets tools, the public way.
    const bare = rt?.newContext({ intrinsics: { BaseObjects: true, Eval: true } });
    if (!bare) throw new Error('no runtime');
    const bareTools = captureJsonRequestTools(bare, own);
    expect(bare.typeof(bareTools.arrayOf)).toBe('function');
    for (const h of owned) if (h.alive) h.dispose();
    bare.dispose();
  });

  it('reads every type name as ctx.typeof does (the type names are not decoded by TextDecoder)', () => {
    const c = context();
    const values = [
      '1',
      '-0',
      '"s"',
      '""',
      'true',
      'undefined',
      'null',
      '({})',
      '[]',
      '(() => 1)',
      'class A {}',
      'Symbol("x")',
      '10n',
      'new Proxy(function () {}, {})',
    ];
    const seen = new Set<string>();
    for (const code of values) {
      const handle = c.unwrapResult(c.evalCode(code));
      const type = typeOfHandle(c, handle);
      expect(type, code).toBe(c.typeof(handle));
      seen.add(type);
      handle.dispose();
    }
    expect([...seen].sort()).toEqual(
      ['bigint', 'boolean', 'function', 'number', 'object', 'string', 'symbol', 'undefined'].sort(),
    );
  });

  it('answers numbers, strings and errors as the generic path does, and hands it the rest', () => {
    const c = context();
    enableFastHostCalls(c);
    const fast: (string | undefined)[] = [];
    const generic: string[] = [];
    const f = newFastFunction(
      c,
      'f',
      (handle) => {
        const text = handle ? c.getString(handle) : '';
        generic.push(text);
        return { value: c.newString(`generic:${text}`) };
      },
      (request) => {
        fast.push(request);
        if (request === 'n') return 42;
        if (request === 'err') return { name: 'LookupError', message: 'no such cell' };
        if (request === 'boom') throw new Error('host bug');
        return `fast:${request ?? '-'}`;
      },
    );
    c.setProp(c.global, 'f', f);
    f.dispose();
    // A plain newFunction in the same context keeps the generic path.
    const plain = c.newFunction('plain', () => c.newNumber(7));
    c.setProp(c.global, 'plain', plain);
    plain.dispose();

    expect(evaluate(c, "f('abc')")).toBe('fast:abc');
    expect(evaluate(c, "f('n') + 1")).toBe(43);
    expect(
      evaluate(
        c,
        "try { f('err') } catch (e) { [e instanceof Error, e.name, e.message].join('|') }",
      ),
    ).toBe('true|LookupError|no such cell');
    expect(
      evaluate(c, "try { f('boom') } catch (e) { [e instanceof Error, e.message].join('|') }"),
    ).toBe('true|host bug');
    // Not a string: the fast twin is told there is no request.
    expect(evaluate(c, 'f(1)')).toBe('fast:-');
    expect(evaluate(c, 'f()')).toBe('fast:-');
    // A lone surrogate does not survive the C string: the generic implementation reads it.
    expect(evaluate(c, "f('a\\ud800')")).toMatch(/^generic:a/);
    expect(evaluate(c, 'plain()')).toBe(7);
    expect(fast).toEqual(['abc', 'n', 'err', 'boom', undefined, undefined]);
    expect(generic).toHaveLength(1);
  });

  it('cell() reads, traces and fails the same through a program run', () => {
    const limits = resolveLimits();
    const table: SandboxTable = {
      id: 'income',
      cells: [
        { rowPath: ['Revenue'], colPath: ['2023'], value: 1890.25, row: 1, col: 1 },
        { rowPath: ['Revenue'], colPath: ['2022'], value: 1712.5, row: 1, col: 2 },
      ],
    };
    const ok = runProgram(instance, {
      program:
        "function solution() { return cell('income', ['Revenue'], ['2023']) - cell('income', 1, 2); }",
      tables: [table],
      limits,
    }).result;
    expect(ok).toMatchObject({ ok: true, value: 1890.25 - 1712.5 });
    expect(ok.trace.map((e) => [e.fn, e.args, e.value])).toEqual([
      ['cell', ['income', ['Revenue'], ['2023']], 1890.25],
      ['cell', ['income', 1, 2], 1712.5],
    ]);
    const missing = runProgram(instance, {
      program:
        "function solution() { try { return cell('income', ['Costs'], ['2023']); } catch (e) { return e.name; } }",
      tables: [table],
      limits,
    }).result;
    expect(missing).toMatchObject({ ok: true, value: 'LookupError' });
    const malformed = runProgram(instance, {
      program: "function solution() { return cell('income', {}, ['2023']); }",
      tables: [table],
      limits,
    }).result;
    expect(malformed).toMatchObject({ ok: false });
    if (!malformed.ok) expect(malformed.error.message).toMatch(/rowPath must be a string/);
  });

  it('a tables array with the same first table but other tables gets its own lookups', () => {
    const limits = resolveLimits();
    const a: SandboxTable = { id: 'a', cells: [{ rowPath: ['x'], colPath: ['y'], value: 1 }] };
    const b: SandboxTable = { id: 'b', cells: [{ rowPath: ['x'], colPath: ['y'], value: 2 }] };
    const run = (tables: SandboxTable[]) =>
      runProgram(instance, {
        program:
          "function solution() { try { return cell('b', 'x', 'y'); } catch (e) { return e.name; } }",
        tables,
        limits,
      }).result;
    // Fresh arrays each time, as callers that pick a program's tables make them.
    expect(run([a])).toMatchObject({ ok: true, value: 'LookupError' });
    expect(run([a, b])).toMatchObject({ ok: true, value: 2 });
    expect(run([a])).toMatchObject({ ok: true, value: 'LookupError' });
    expect(run([a, b])).toMatchObject({ ok: true, value: 2 });
  });
});

/**
 * cell() as a host function (newJsonRequestFunction) instead of a wrapper parsed in every
 * context: what the program sees must be what the wrapper `function cell(t, r, c) { return
 * host(JSON.stringify([t, r, c])) }` gave it, through the short path and the generic one alike.
 */
describe('JSON-request host functions', () => {
  let instance: QuickJSInstance;
  beforeAll(async () => {
    instance = await loadQuickJS(64 * 1024 * 1024);
  });

  /** What the host answers a request, in every mode (undefined: none to read). */
  function answer(request: string | undefined): FastAnswer {
    if (request === '["fail",null,null]') return { name: 'LookupError', message: 'no' };
    return request ?? 'none';
  }

  /**
   * Runs `code` in a fresh context whose echo(a, b, c) answers what answer() makes of the
   * request: the host function by the short or the generic path, or the wrapper it replaced.
   */
  function echo(code: string, mode: 'fast' | 'generic' | 'wrapper'): unknown {
    const rt = instance.qjs.newRuntime();
    const ctx = rt.newContext();
    const owned: QuickJSHandle[] = [];
    const own = (h: QuickJSHandle) => {
      owned.push(h);
      return h;
    };
    try {
      if (mode === 'wrapper') {
        // The shape of the cell() wrapper newJsonRequestFunction replaced, with this test's limit of 100 characters.
        const host = own(
          ctx.newFunction('h', (h) => {
            const text = h ? ctx.getString(h) : '';
            const out = answer(text === '' ? undefined : text);
            if (typeof out === 'string') return ctx.newString(out);
            if (typeof out === 'number') return ctx.newNumber(out);
            return { error: ctx.newError(out) };
          }),
        );
        const installer = own(
          ctx.unwrapResult(
            ctx.evalCode(
              "h=>{const j=JSON.stringify;globalThis.echo=function echo(t,r,c){const s=j([t,r,c]);return h((typeof s=='string'&&s.length<=100?s:''))}}",
            ),
          ),
        );
        own(ctx.unwrapResult(ctx.callFunction(installer, ctx.undefined, host)));
      } else {
        if (mode === 'fast') expect(enableFastHostCalls(ctx)).toBe(true);
        const tools = captureJsonRequestTools(ctx, own);
        const fn = own(newJsonRequestFunction(ctx, tools, 'echo', 100, answer));
        ctx.setProp(ctx.global, 'echo', fn);
      }
      const r = ctx.evalCode(code);
      const handle = r.error ?? r.value;
      const out: unknown = ctx.dump(handle);
      handle.dispose();
      return r.error ? { thrown: out } : out;
    } finally {
      for (let i = owned.length - 1; i >= 0; i--) owned[i]?.dispose();
      ctx.dispose();
      rt.dispose();
    }
  }

  const cases: { name: string; code: string; expected: unknown }[] = [
    { name: 'three arguments', code: "echo('t', ['a', 'b'], 2)", expected: '["t",["a","b"],2]' },
    { name: 'missing ones as null', code: "echo('t')", expected: '["t",null,null]' },
    { name: 'extra ones dropped', code: 'echo(1, 2, 3, 4)', expected: '[1,2,3]' },
    {
      name: "the program's own toJSON runs",
      code: "echo('t', { toJSON() { return 'mine'; } }, 'c')",
      expected: '["t","mine","c"]',
    },
    {
      name: 'lone surrogates and NULs arrive exactly (escaped by JSON)',
      code: "echo('a\\ud800', 'b\\u0000c', '\\ufffd')",
      expected: '["a\\ud800","b\\u0000c","\ufffd"]',
    },
    {
      // QuickJS's JSON.stringify sets index 0 of an array of its own (1 hit, as in the
      // wrapper); making the request's array adds none (Array.of defines its elements).
      name: 'a setter on Array.prototype runs as often as with the wrapper',
      code: "let hit = 0; Object.defineProperty(Array.prototype, '0', { set() { hit++; }, configurable: true }); echo('t', 'r', 'c') + hit",
      expected: '["t","r","c"]1',
    },
    {
      name: 'a JSON.stringify or Array.of replaced by the program changes nothing',
      code: "JSON.stringify = () => 'forged'; Array.of = () => ['forged']; echo('t', 'r', 'c')",
      expected: '["t","r","c"]',
    },
    {
      name: 'what toJSON throws reaches the program itself',
      code: "const boom = { why: 1 }; try { echo('t', { toJSON() { throw boom; } }) } catch (e) { e === boom }",
      expected: true,
    },
    {
      name: 'a cycle is the TypeError JSON.stringify throws',
      code: 'const a = []; a.push(a); try { echo(a) } catch (e) { e instanceof TypeError }',
      expected: true,
    },
    {
      name: 'no string to send (Array.prototype.toJSON) is no request',
      code: 'Array.prototype.toJSON = () => undefined; echo(1, 2, 3)',
      expected: 'none',
    },
    {
      name: 'a request over the limit is not read',
      code: "echo('x'.repeat(200))",
      expected: 'none',
    },
    {
      name: "the host's errors are the program's errors",
      code: "try { echo('fail') } catch (e) { [e instanceof Error, e.name, e.message].join() }",
      expected: 'true,LookupError,no',
    },
    {
      name: 'nested: a toJSON that calls it again',
      code: "echo('outer', { toJSON() { return echo('inner'); } })",
      expected: '["outer","[\\"inner\\",null,null]",null]',
    },
  ];

  it.each(cases)('$name: the short path, the generic path and the wrapper agree', (c) => {
    const fast = echo(c.code, 'fast');
    expect(fast).toEqual(c.expected);
    expect(echo(c.code, 'generic')).toEqual(fast);
    expect(echo(c.code, 'wrapper')).toEqual(fast);
  });

  it('is a host function: prints as native code, not a constructor', () => {
    const probe =
      "[/native code/.test(String(echo)), echo.name, (() => { try { new echo(); return 'constructed'; } catch (e) { return e.name; } })()].join()";
    expect(echo(probe, 'fast')).toBe('true,echo,TypeError');
    expect(echo(probe, 'generic')).toBe('true,echo,TypeError');
  });

  it('cell() of a program run is a host function with the same reads, misses and trace', () => {
    const limits = resolveLimits();
    const table: SandboxTable = {
      id: 'income',
      cells: [{ rowPath: ['Revenue'], colPath: ['2023'], value: 1890.25, row: 1, col: 1 }],
    };
    const r = runProgram(instance, {
      program: `function solution() {
        let miss = '';
        try { cell('income', ['Costs'], ['2023']); } catch (e) { miss = e.name; }
        if (!/native code/.test(String(cell)) || miss !== 'LookupError') return 'wrong';
        return cell('income', { toJSON() { return ['Revenue']; } }, '2023');
      }`,
      tables: [table],
      limits,
    }).result;
    expect(r).toMatchObject({ ok: true, value: 1890.25 });
    expect(r.trace.map((e) => [e.fn, e.args, e.value])).toEqual([
      ['cell', ['income', ['Costs'], ['2023']], null],
      ['cell', ['income', ['Revenue'], ['2023']], 1890.25],
    ]);
  });

  it('an interrupt inside a toJSON stays uncatchable: the program cannot go on', () => {
    const limits = resolveLimits({ timeoutMs: 200 });
    const r = runProgram(instance, {
      program: `function solution() {
        try { cell('income', { toJSON() { for (;;) {} } }, '2023'); } catch (e) { return 'caught'; }
        return 'went on';
      }`,
      tables: [{ id: 'income', cells: [] }],
      limits,
    }).result;
    expect(r).toMatchObject({ ok: false, error: { kind: 'timeout' } });
  });
});
