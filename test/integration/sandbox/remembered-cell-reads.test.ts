import { beforeAll, describe, expect, it } from 'vitest';
import { loadQuickJS, type QuickJSInstance } from '../../../main/sandbox/quickjs-module';
import { runProgram } from '../../../main/sandbox/run-program';
import { resolveLimits } from '../../../shared/sandbox/limits';
import type { SandboxResult, SandboxTable } from '../../../shared/sandbox/types';

/**
 * cell() requests are remembered per table set by their text (host-helpers.ts): a repeated read
 * must answer, fail and be traced exactly as the first, each trace entry with arrays of its own.
 */
const TABLES: SandboxTable[] = [
  {
    id: 'income',
    cells: [
      { rowPath: ['Revenue'], colPath: ['2023'], value: 1890.25, row: 1, col: 1 },
      { rowPath: ['Segment A', 'Revenue'], colPath: ['2022'], value: 1712.5, row: 2, col: 2 },
    ],
  },
];

describe('remembered cell() reads', () => {
  let instance: QuickJSInstance;
  beforeAll(async () => {
    instance = await loadQuickJS(64 * 1024 * 1024);
  });
  const run = (program: string): SandboxResult =>
    runProgram(instance, { program, tables: TABLES, limits: resolveLimits() }).result;

  const PROGRAM = `function solution() {
    const errors = [];
    let s = 0;
    for (let i = 0; i < 3; i++) {
      s += cell('income', ['Revenue'], ['2023']);
      s += cell('income', 'Revenue', '2022');
      s += cell('income', 2, 2);
      try { cell('income', ['Nope'], ['2023']); } catch (e) { errors.push(e.name + ': ' + e.message); }
      try { cell('income', 'Revenue'); } catch (e) { errors.push(e.name + ': ' + e.message); }
    }
    // The same two failures, in the same words, each round.
    const same = errors.length === 6 && errors.every((e, i) => e === errors[i % 2]) && errors[0] !== errors[1];
    if (!same) return errors.join(' | ');
    return s;
  }`;

  it('answers, fails and traces a repeated read as the first, in this program and the next', () => {
    const first = run(PROGRAM);
    const again = run(PROGRAM);
    expect(first).toMatchObject({ ok: true, value: 3 * (1890.25 + 1712.5 + 1712.5) });
    expect(again.trace).toEqual(first.trace);
    // Three rounds of four traced reads (the malformed call is a TypeError, not a read).
    expect(first.trace).toHaveLength(12);
    expect(first.trace.slice(0, 4)).toEqual(first.trace.slice(4, 8));
    expect(first.trace[3]).toMatchObject({
      fn: 'cell',
      args: ['income', ['Nope'], ['2023']],
      value: null,
    });
    // Every entry has arrays of its own, within a run and across runs.
    const arrays = [...first.trace, ...again.trace].flatMap((e) =>
      e.fn === 'cell' ? e.args.slice(1).filter((a) => Array.isArray(a)) : [],
    );
    expect(new Set(arrays).size).toBe(arrays.length);
  });
});
