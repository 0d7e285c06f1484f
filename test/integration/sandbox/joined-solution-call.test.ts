import { beforeAll, describe, expect, it } from 'vitest';
import { loadQuickJS, type QuickJSInstance } from '../../../main/sandbox/quickjs-module';
import { runProgram } from '../../../main/sandbox/run-program';
import { resolveLimits } from '../../../shared/sandbox/limits';
import type { SandboxResult } from '../../../shared/sandbox/types';

/**
 * A program that declares solution() is evaluated together with the call (issue 26 done-when
 * 4: one evaluation instead of two). Whatever the joined evaluation could change is run again
 * alone: these answers are the ones the program gives evaluated on its own, then called.
 */
describe('solution() called in the program’s own evaluation', () => {
  let instance: QuickJSInstance;
  beforeAll(async () => {
    instance = await loadQuickJS(64 * 1024 * 1024);
  });
  const run = (program: string): SandboxResult =>
    runProgram(instance, { program, tables: [], limits: resolveLimits({ timeoutMs: 500 }) }).result;
  const syntaxMessage = (program: string) => {
    const r = run(program);
    expect(r).toMatchObject({ ok: false, error: { kind: 'syntax' } });
    return r.ok ? '' : r.error.message;
  };

  it('answers as before for the usual shapes', () => {
    expect(run('function solution() { return 6 * 7; }')).toMatchObject({ ok: true, value: 42 });
    expect(run('const solution = () => 7;')).toMatchObject({ ok: true, value: 7 });
    expect(run('let solution; solution = () => 3;')).toMatchObject({ ok: true, value: 3 });
    expect(run('solution();\nfunction solution() { return 4; }')).toMatchObject({
      ok: true,
      value: 4,
    });
    expect(run('"use strict"; function solution() { return this === undefined; }')).toMatchObject({
      ok: true,
      value: true,
    });
  });

  it('an unfinished last statement is the program’s own syntax error, not a run of the call', () => {
    // Alone, each of these fails to parse at its end; joined naively to the call, `if (true)`
    // and `for (;;)` would take it as their body (and the loop would never end).
    for (const tail of ['if (true)', 'for (;;)', 'lab:', 'x =', 'while (1)']) {
      const message = syntaxMessage(`function solution() { return 1; }\n${tail}`);
      expect(message).toBe(syntaxMessage(`function f() { return 1; }\n${tail}`));
    }
    expect(syntaxMessage('function solution() { return 1;')).toBe(
      syntaxMessage('function f() { return 1;'),
    );
  });

  it('a declared solution that is not a global function answers with the completion value', () => {
    expect(run('if (false) { function solution() { return 1; } }\n99')).toMatchObject({
      ok: true,
      value: 99,
    });
    expect(run('const solution = 5;\n6 * 7')).toMatchObject({ ok: true, value: 42 });
  });

  it('a solution() answering undefined is still an error', () => {
    const r = run('function solution() { return undefined; }\n42');
    expect(r).toMatchObject({ ok: false, error: { kind: 'non-numeric' } });
  });

  it('SyntaxErrors thrown at run time stay the program’s runtime errors', () => {
    expect(run("function solution() { return JSON.parse('{'); }")).toMatchObject({
      ok: false,
      error: { kind: 'runtime' },
    });
    expect(run("function solution() { return eval('('); }")).toMatchObject({
      ok: false,
      error: { kind: 'runtime' },
    });
  });

  it('a program that declares the suffix’s own name still runs', () => {
    expect(run('function solution() { return 2; }\nlet __sandboxProgramEnd__ = 1;')).toMatchObject({
      ok: true,
      value: 2,
    });
  });

  it('the trace and log of a run that had to be repeated are the second run’s only', () => {
    const r = run('if (false) { function solution() { return 1; } }\nconsole.log("once");\n7');
    expect(r).toMatchObject({ ok: true, value: 7, logs: 'once\n' });
  });
  it('a program run again alone keeps the deadline of its first run', () => {
    // Calibrate a loop to ~70% of the deadline, then let the program fail in a way that runs it
    // again alone (a solution that is not a function): two runs would need ~140%.
    const loop = (n: number) => `let i = 0; while (i < ${n}) i++;`;
    const timed = (n: number) =>
      runProgram(instance, {
        program: `${loop(n)}\n7`,
        tables: [],
        limits: resolveLimits({ timeoutMs: 10_000 }),
      }).result.durationMs;
    timed(5_000_000);
    const probeMs = timed(5_000_000);
    const timeoutMs = 1000;
    const n = Math.round((5_000_000 * 0.7 * timeoutMs) / Math.max(1, probeMs));
    const r = runProgram(instance, {
      program: `const solution = 5;\n${loop(n)}\n7`,
      tables: [],
      limits: resolveLimits({ timeoutMs }),
    }).result;
    // Either the second run fit in what was left, or it was stopped at the first run's deadline.
    expect(r.durationMs).toBeLessThan(timeoutMs + 150);
    if (!r.ok) expect(r.error.kind).toBe('timeout');
    else expect(r.value).toBe(7);
  }, 30_000);
});
