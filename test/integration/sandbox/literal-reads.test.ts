import { QuickJSContext } from 'quickjs-emscripten-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Sandbox } from '../../../main/sandbox';
import { loadQuickJS, type QuickJSInstance } from '../../../main/sandbox/quickjs-module';
import { runProgram } from '../../../main/sandbox/run-program';
import { MAX_TOKENS } from '../../../main/sandbox/snippets';
import { resolveLimits, type SandboxLimits } from '../../../shared/sandbox/limits';
import type { SandboxResult, SandboxTable } from '../../../shared/sandbox/types';
import { SEGMENTS } from './support';

/**
 * cell() reads whose arguments are literals are answered inside the context (literal-reads.ts)
 * and must be indistinguishable from host reads: same value, same error, same trace (content
 * and order, failed lookups included), same truncation. Each program is run twice: as written,
 * and with its table id in parentheses (`cell(('segments'), …)`), which the source scan does
 * not take for a literal, so every read of that copy is a host call.
 */

/** A table with positions (traced `cell`) and values JSON must carry exactly. */
const GRID: SandboxTable = {
  id: 'grid',
  cells: [
    {
      rowPath: ['Revenue'],
      colPath: ['2023'],
      value: 0.30000000000000004,
      row: 0,
      col: 0,
      scale: 1e6,
      unit: 'USD',
    },
    { rowPath: ['Tiny'], colPath: ['2023'], value: 5e-324, row: 1, col: 0 },
    { rowPath: ['Huge'], colPath: ['2023'], value: 1.7976931348623157e308, row: 2, col: 0 },
    { rowPath: ['Negative'], colPath: ['2023'], value: -1234.5678, row: 3, col: 0, unit: '%' },
    { rowPath: ['Big'], colPath: ['2023'], value: 1e21, row: 4, col: 0 },
    { rowPath: ['Minus zero'], colPath: ['2023'], value: -0, row: 5, col: 0 },
  ],
};
const TABLES = [SEGMENTS, GRID];

/** The program with every table id argument parenthesised: no read is taken for a literal. */
const viaHost = (program: string) => program.replace(/cell\('(segments|grid)'/g, "cell(('$1')");

/** A result without its timing, for comparing two runs. */
function comparable(r: SandboxResult): Omit<SandboxResult, 'durationMs'> {
  const { durationMs: _unused, ...rest } = r;
  return rest;
}

describe('cell() reads with literal arguments, answered in the context', () => {
  let instance: QuickJSInstance;
  beforeAll(async () => {
    instance = await loadQuickJS(128 * 1024 * 1024);
  });

  const run = (program: string, limits: Partial<SandboxLimits> = {}) =>
    runProgram(instance, { program, tables: TABLES, limits: resolveLimits(limits) }).result;

  /** Runs both copies; they must agree in everything but timing. */
  function same(program: string, limits: Partial<SandboxLimits> = {}): SandboxResult {
    const literal = run(program, limits);
    const host = run(viaHost(program), limits);
    expect(viaHost(program)).not.toBe(program);
    expect(comparable(literal)).toEqual(comparable(host));
    return literal;
  }

  it('answers literal reads without a host call, with the value and trace a host read gives', () => {
    const program = `function solution() {
  const a = cell('grid', ['Revenue'], ['2023']);
  const b = cell('segments', ['Total sales'], ['2018']);
  return a + b + cell('segments', ['Aerospace Systems', 'Sales'], ['2018']);
}`;
    // The host function answers a read with ctx.newNumber: literal reads never get there.
    const newNumber = vi.spyOn(QuickJSContext.prototype, 'newNumber');
    let literal: SandboxResult;
    try {
      literal = run(program);
      expect(newNumber).not.toHaveBeenCalled();
      run(viaHost(program));
      expect(newNumber).toHaveBeenCalledTimes(3);
    } finally {
      newNumber.mockRestore();
    }
    expect(literal).toMatchObject({ ok: true, value: 0.30000000000000004 + 30095 + 13187 });
    expect(same(program).trace).toEqual([
      {
        fn: 'cell',
        args: ['grid', ['Revenue'], ['2023']],
        value: 0.30000000000000004,
        cell: {
          tableId: 'grid',
          row: 0,
          col: 0,
          value: 0.30000000000000004,
          scale: 1e6,
          unit: 'USD',
        },
      },
      { fn: 'cell', args: ['segments', ['Total sales'], ['2018']], value: 30095 },
      { fn: 'cell', args: ['segments', ['Aerospace Systems', 'Sales'], ['2018']], value: 13187 },
    ]);
  });

  it('keeps failed lookups, refused requests, table() and repeated reads in call order', () => {
    const r = same(`function solution() {
  const out = [cell('segments', ['Total sales'], ['2018'])];
  try { cell('segments', ['Total sales'], ['2017']); } catch (e) { out.push(e.name + ': ' + e.message); }
  try { cell('segments', ['No such row'], ['2018']); } catch (e) { out.push(e.name); }
  try { cell('nope', ['Total sales'], ['2018']); } catch (e) { out.push(e.name); }
  try { cell('segments', 1.5, 2); } catch (e) { out.push(e.name + ': ' + e.message); }
  out.push(cell('segments', ['Mission Systems', 'Sales'], ['2018']));
  out.push(table('segments').cells.length);
  out.push(cell('segments', ['Total sales'], ['2018']));
  const year = '20' + '18';
  out.push(cell('segments', ['Total sales'], [year]));
  out.push(cell('segments', ['Total sales'], ['2018']));
  return JSON.stringify(out);
}`);
    expect(r.ok).toBe(true);
    expect(r.trace.map((e) => [e.fn, e.value === null ? null : typeof e.value])).toEqual([
      ['cell', 'number'],
      ['cell', null],
      ['cell', null],
      ['cell', null],
      ['cell', 'number'],
      ['table', 'object'],
      ['cell', 'number'],
      ['cell', 'number'],
      ['cell', 'number'],
    ]);
  });

  it('an uncaught missing cell ends the program with the host’s error and trace', () => {
    const r = same(`function solution() {
  const a = cell('segments', ['Total sales'], ['2018']);
  return a / cell('segments', ['Total sales'], ['2017']);
}`);
    expect(r).toMatchObject({ ok: false });
    expect(r.trace.map((e) => e.value)).toEqual([30095, null]);
  });

  it('carries every number exactly, and -0 through the host', () => {
    const r = same(`function solution() {
  const rows = ['Revenue', 'Tiny', 'Huge', 'Negative', 'Big'];
  const v = [cell('grid', ['Revenue'], ['2023']), cell('grid', ['Tiny'], ['2023']),
    cell('grid', ['Huge'], ['2023']), cell('grid', ['Negative'], ['2023']), cell('grid', ['Big'], ['2023'])];
  const z = cell('grid', ['Minus zero'], ['2023']);
  return v.map(String).join(' ') + ' ' + rows.length + ' ' + (Object.is(z, -0) ? '-0' : String(z));
}`);
    expect(r).toMatchObject({
      ok: true,
      value: '0.30000000000000004 5e-324 1.7976931348623157e+308 -1234.5678 1e+21 5 -0',
    });
  });

  it('truncates the trace where host reads would', () => {
    const program = `function solution() {
  let s = 0;
  for (let i = 0; i < 3; i++) s += cell('segments', ['Total sales'], ['2018']);
  s += cell('segments', ['Total ' + 'sales'], ['2018']);
  for (let i = 0; i < 3; i++) s += cell('segments', ['Mission Systems', 'Sales'], ['2018']);
  return s;
}`;
    const r = same(program, { maxTraceEntries: 5 });
    expect(r.trace).toHaveLength(5);
    expect(r.traceTruncated).toBe(true);
    expect(same(program, { maxTraceEntries: 0 }).trace).toEqual([]);
  });

  it(`past ${MAX_TOKENS} reads held in the context, reads go to the host, trace unchanged`, () => {
    const r = same(`function solution() {
  let s = 0;
  for (let i = 0; i < ${MAX_TOKENS + 500}; i++) s += cell('segments', ['Total sales'], ['2018']);
  return s;
}`);
    expect(r).toMatchObject({ ok: true, value: 30095 * (MAX_TOKENS + 500) });
    expect(r.trace).toHaveLength(MAX_TOKENS + 500);
  }, 30_000);

  it('a program that rewrites its requests or Object.prototype gets what the host would answer', () => {
    // toJSON turns every request into another one: the map cannot answer it, the host does.
    same(`Array.prototype.toJSON = function () { return this.length === 3 ? ['segments', ['Total sales'], ['2018']] : this; };
function solution() { return cell('segments', ['Mission Systems', 'Sales'], ['2018']); }`);
    // A getter for a request the map does not hold (a failed lookup) cannot answer it.
    const r =
      same(`Object.defineProperty(Object.prototype, '["segments",["Total sales"],["2017"]]', { get() { return [999, '0']; } });
Object.defineProperty(Object.prototype, 't', { get() { return ''; }, set() {} });
function solution() {
  const a = cell('segments', ['Total sales'], ['2018']);
  try { return cell('segments', ['Total sales'], ['2017']); } catch (e) { return a + ' ' + e.name; }
}`);
    expect(r).toMatchObject({ ok: true, value: '30095 LookupError' });
    expect(r.trace).toHaveLength(2);
    // A request over 64 Ki characters is refused as before.
    same(`function solution() { return cell('segments', ['${'x'.repeat(70_000)}'], ['2018']); }`);
  });

  it('a program stopped by its deadline or memory limit keeps the reads it made', () => {
    const loop = same(
      `function solution() { const a = cell('segments', ['Total sales'], ['2018']); while (true) {} }`,
      { timeoutMs: 50 },
    );
    expect(loop).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    expect(loop.trace).toHaveLength(1);
    const bomb = run(
      `function solution() { cell('segments', ['Total sales'], ['2018']); const a = []; while (true) a.push(new Array(1e5).fill(1)); }`,
      { memoryBytes: 4 * 1024 * 1024 },
    );
    expect(bomb).toMatchObject({ ok: false, error: { kind: 'memory' } });
    expect(bomb.trace).toEqual([
      { fn: 'cell', args: ['segments', ['Total sales'], ['2018']], value: 30095 },
    ]);
  });
});

describe('literal reads through the worker', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = new Sandbox();
    await sandbox.warmUp();
  });
  afterAll(() => sandbox.close());

  it('give the same results as host reads', async () => {
    const program = `function solution() {
  const a = cell('segments', ['Total sales'], ['2018']);
  try { cell('segments', ['Total sales'], ['2017']); } catch (e) {}
  return a - cell('grid', ['Negative'], ['2023']);
}`;
    const [literal, host] = await sandbox.runMany([
      { program, tables: TABLES },
      { program: viaHost(program), tables: TABLES },
    ]);
    expect(literal && comparable(literal)).toEqual(host && comparable(host));
    expect(literal).toMatchObject({ ok: true, value: 30095 + 1234.5678 });
    expect(literal?.trace.map((e) => e.value)).toEqual([30095, null, -1234.5678]);
  });
});
