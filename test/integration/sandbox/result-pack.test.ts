import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadQuickJS, type QuickJSInstance } from '../../../main/sandbox/quickjs-module';
import { packResults, unpackResults } from '../../../main/sandbox/result-pack';
import { runProgram } from '../../../main/sandbox/run-program';
import { Sandbox } from '../../../main/sandbox/sandbox';
import { resolveLimits } from '../../../shared/sandbox/limits';
import type { SandboxResult, SandboxTable } from '../../../shared/sandbox/types';

/**
 * A worker's results cross to the host packed (plain number answers as two numbers each,
 * result-pack.ts). What the host hands out must be what structured clone of the results
 * themselves gave: the same values, the same keys in the same order, for every kind of result.
 */

const TABLE: SandboxTable = {
  id: 'income',
  cells: [{ rowPath: ['Revenue'], colPath: ['2023'], value: 1890.25 }],
};

/** Programs covering every shape a result takes. */
const PROGRAMS = [
  'function solution() { return 6 * 7; }',
  'function solution() { return -0; }',
  'function solution() { return 0.1 + 0.2; }',
  'function solution() { return -1e-300; }',
  'function solution() { return Number.MAX_VALUE; }',
  'function solution() { return "forty-two"; }',
  'function solution() { return true; }',
  'function solution() { return NaN; }',
  'function solution() { return {}; }',
  'function solution() { }',
  'function solution() { throw new RangeError("no"); }',
  'function solution() { console.log("seen", 1); return 2; }',
  "function solution() { return cell('income', ['Revenue'], ['2023']); }",
  "function solution() { try { cell('income', ['Nope'], ['2023']); } catch { } return 3; }",
  'function solution() { return ',
  'function solution() { for (;;) {} }',
  'x = 5',
];

/** The result's JSON with its timing zeroed: values, keys and key order. */
const shape = (r: SandboxResult | undefined): string =>
  JSON.stringify(r, (key, value: unknown) => (key === 'durationMs' ? 0 : value));

describe('packed worker results', () => {
  let instance: QuickJSInstance;
  let sandbox: Sandbox;
  beforeAll(async () => {
    instance = await loadQuickJS(64 * 1024 * 1024);
    sandbox = new Sandbox({ workers: 1, limits: { timeoutMs: 200 } });
    await sandbox.warmUp();
  });
  afterAll(() => sandbox.close());

  const inProcess = (program: string): SandboxResult =>
    runProgram(instance, {
      program,
      tables: [TABLE],
      limits: resolveLimits({ timeoutMs: 200 }),
    }).result;

  it('unpack gives back exactly what was packed, in order', () => {
    const results = PROGRAMS.map(inProcess);
    const unpacked = unpackResults(packResults(results));
    expect(unpacked.map(shape)).toEqual(results.map(shape));
    // Durations too, to the bit.
    expect(unpacked.map((r) => r.durationMs)).toEqual(results.map((r) => r.durationMs));
    // Plain answers are rebuilt, each with a trace array of its own.
    const first = results[0];
    if (!first) throw new Error('no result');
    const [a, b] = unpackResults(packResults([first, first]));
    expect(a?.trace).not.toBe(b?.trace);
  });

  it('only number answers without trace or log travel as numbers', () => {
    const results = PROGRAMS.map(inProcess);
    const packed = packResults(results);
    expect(Array.from(packed.plain)).toEqual(
      results.map((r) =>
        r.ok && typeof r.value === 'number' && r.trace.length === 0 && r.logs === '' ? 1 : 0,
      ),
    );
  });

  it('the worker path hands out what the program gives in-process', async () => {
    const viaWorker = await sandbox.runMany(
      PROGRAMS.map((program) => ({ program, tables: [TABLE] })),
    );
    expect(viaWorker.map(shape)).toEqual(PROGRAMS.map((p) => shape(inProcess(p))));
  }, 30_000);
});
