import type { QuickJSContext, QuickJSRuntime } from 'quickjs-emscripten-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadQuickJS, type QuickJSInstance } from '../../../main/sandbox/quickjs-module';
import { evalGlobal, type Evaluation } from '../../../main/sandbox/raw-eval';
import { SOLUTION_SUFFIX } from '../../../main/sandbox/snippets';
import { PROGRAM_FILE } from '../../../shared/sandbox/classify-thrown';

/**
 * A program's evaluation by the raw QTS_Eval export (issue 26 done-when 4) answers exactly as
 * quickjs-emscripten's evalCode with the same text: values, thrown errors with their messages,
 * line numbers and stacks. The first test fails if an upgrade removes what the raw path uses
 * (every program would then take evalCode: same answers, slower).
 */
describe('raw evaluation of a program', () => {
  let instance: QuickJSInstance;
  const open: { rt: QuickJSRuntime; ctx: QuickJSContext }[] = [];
  beforeAll(async () => {
    instance = await loadQuickJS(64 * 1024 * 1024);
  });
  afterEach(() => {
    for (const { rt, ctx } of open.splice(0)) {
      ctx.dispose();
      rt.dispose();
    }
  });

  function context(): QuickJSContext {
    const rt = instance.qjs.newRuntime();
    const ctx = rt.newContext();
    open.push({ rt, ctx });
    return ctx;
  }

  function dumped(ctx: QuickJSContext, r: Evaluation): unknown {
    const handle = r.error ?? r.value;
    const out: unknown = ctx.dump(handle);
    handle.dispose();
    return r.error ? { thrown: out } : { value: out };
  }

  /** Whether evalGlobal fell back to ctx.evalCode for this text. */
  function usedEvalCode(program: string, suffix: string): boolean {
    const ctx = context();
    let called = false;
    const evalCode = ctx.evalCode.bind(ctx);
    ctx.evalCode = (...args: Parameters<QuickJSContext['evalCode']>) => {
      called = true;
      return evalCode(...args);
    };
    dumped(ctx, evalGlobal(ctx, program, suffix, PROGRAM_FILE));
    return called;
  }

  it('takes the raw export for this build of QuickJS, and evalCode for surrogates', () => {
    expect(usedEvalCode('1 + 1', '')).toBe(false);
    expect(usedEvalCode('function solution() { return "é€中"; }', SOLUTION_SUFFIX)).toBe(false);
    expect(usedEvalCode('"\uD83D\uDE00".length', '')).toBe(true);
    expect(usedEvalCode('"\uD800".length', '')).toBe(true);
  });

  const programs: [string, string][] = [
    ['1 + 1', ''],
    ['', ''],
    ['function solution() { return 0.1 + 0.2; }', SOLUTION_SUFFIX],
    [
      'function solution() { return "é€中文".length * 10 + "é€中文".charCodeAt(2); }',
      SOLUTION_SUFFIX,
    ],
    ['const café = 3; function solution() { return café * 2; }', SOLUTION_SUFFIX],
    ['"a\u0000b".length', ''],
    ['function solution() { return "x\u0000y"; }', SOLUTION_SUFFIX],
    ['"\uD83D\uDE00".length', ''],
    ['"\uD800x".charCodeAt(0)', ''],
    ['function solution() {\n  return 1 +;\n}', SOLUTION_SUFFIX],
    ['if (x)', SOLUTION_SUFFIX],
    ['const solution = 5;', SOLUTION_SUFFIX],
    ['function solution() {\n  // é\n  throw new RangeError("no: ü");\n}', SOLUTION_SUFFIX],
    ['function solution() {\n  return missing.value;\n}', SOLUTION_SUFFIX],
    ['let __sandboxProgramEnd__ = 1;', SOLUTION_SUFFIX],
    ['(function () { return new Error("where").stack; })()', ''],
    [`function solution() { return ${'"ab" + '.repeat(2000)}"c"; }`, SOLUTION_SUFFIX],
  ];

  it('answers as evalCode does: values, errors, messages, lines and stacks', () => {
    for (const [program, suffix] of programs) {
      const raw = context();
      const viaRaw = dumped(raw, evalGlobal(raw, program, suffix, PROGRAM_FILE));
      const pub = context();
      const viaPublic = dumped(
        pub,
        pub.evalCode(program + suffix, PROGRAM_FILE, { type: 'global' }),
      );
      expect(viaRaw, program).toEqual(viaPublic);
    }
  });

  it('declares the program in the global scope, as global code does', () => {
    const ctx = context();
    dumped(ctx, evalGlobal(ctx, 'var a = 2; function f() { return a * 3; }', '', PROGRAM_FILE));
    expect(dumped(ctx, evalGlobal(ctx, 'f() + globalThis.a', '', 'other.js'))).toEqual({
      value: 8,
    });
  });
});
