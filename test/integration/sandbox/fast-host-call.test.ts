import type { QuickJSContext, QuickJSRuntime } from 'quickjs-emscripten-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  enableFastHostCalls,
  newFastFunction,
  usesFastHostCalls,
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
