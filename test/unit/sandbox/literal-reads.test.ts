import { describe, expect, it } from 'vitest';
import { TableSet } from '../../../shared/sandbox/cell-lookup';
import type { SandboxTable } from '../../../shared/sandbox/types';
import {
  literalCellRequests,
  MAX_PRESOLVED,
  presolveCellReads,
  TOKEN_BASE,
} from '../../../main/sandbox/literal-reads';
import { cellPresolvedSnippet, MAX_TOKENS } from '../../../main/sandbox/snippets';

const key = (...args: unknown[]) => JSON.stringify(args);

describe('literalCellRequests: cell() calls whose arguments are literals', () => {
  it('finds string, header-path and grid-index arguments, as the wrapper would send them', () => {
    const program = `function solution() {
      const a = cell('income', ['Operating income'], ['2023']);
      const b = cell("income", [ "Revenue" , "Total" ,], "2023" );
      const c = cell('grid', 3, 0);
      return a + b + c;
    }`;
    expect(literalCellRequests(program)).toEqual([
      key('income', ['Operating income'], ['2023']),
      key('income', ['Revenue', 'Total'], '2023'),
      key('grid', 3, 0),
    ]);
  });

  it('lists each request once, in source order', () => {
    const program = "cell('t', ['b'], ['1']); cell('t', ['a'], ['1']); cell('t', ['b'], ['1']);";
    expect(literalCellRequests(program)).toEqual([key('t', ['b'], ['1']), key('t', ['a'], ['1'])]);
  });

  it('leaves out calls it cannot read exactly from the source', () => {
    const program = [
      "cell('t', ['a\\u0041'], ['1'])", // an escape: the value is not the source text
      "cell('t', [`a`], ['1'])", // a template literal
      "cell(t, ['a'], ['1'])", // a variable
      "cell('t', ['a'], ['1' + y])", // an expression
      "cell('t', 07, 1)", // a legacy octal literal
      "cell(('t'), ['a'], ['1'])", // parenthesised
      "cell('t', ['a'], ['1'], 4)", // a fourth argument
      "cell('t', [\"it's\"], ['1'])", // a quote of the other kind is fine
    ].join(';\n');
    expect(literalCellRequests(program)).toEqual([key('t', ["it's"], ['1'])]);
  });

  it(`stops at ${MAX_PRESOLVED} distinct requests`, () => {
    const program = Array.from(
      { length: MAX_PRESOLVED + 50 },
      (_, i) => `cell('t', ['r${i}'], ['1'])`,
    ).join(';');
    const requests = literalCellRequests(program);
    expect(requests).toHaveLength(MAX_PRESOLVED);
    expect(requests[0]).toBe(key('t', ['r0'], ['1']));
  });
});

const TABLE: SandboxTable = {
  id: 't',
  cells: [
    { rowPath: ['Revenue'], colPath: ['2023'], value: 1890.25 },
    { rowPath: ['Empty'], colPath: ['2023'], value: null },
    { rowPath: ['Minus zero'], colPath: ['2023'], value: -0 },
    { rowPath: ['Cost'], colPath: ['2023'], value: -12.5, row: 4, col: 1 },
  ],
};

describe('presolveCellReads: only the reads the host would answer with a number', () => {
  const set = new TableSet([TABLE]);

  it('keeps found numbers with a token each, and leaves failures and -0 to the host', () => {
    const requests = [
      key('t', ['Revenue'], ['2023']),
      key('t', ['Empty'], ['2023']), // no number: the host throws
      key('t', ['Minus zero'], ['2023']), // JSON has no -0
      key('nope', ['Revenue'], ['2023']), // no such table
      key('t', 1.5, 2), // not a whole-number index: the host's TypeError
      key('t', ['Cost'], ['2023']),
    ];
    const presolved = presolveCellReads(requests, set);
    expect(presolved?.reads.map((r) => [r.request, r.found.value])).toEqual([
      [{ tableId: 't', row: ['Revenue'], col: ['2023'] }, 1890.25],
      [{ tableId: 't', row: ['Cost'], col: ['2023'] }, -12.5],
    ]);
    expect(JSON.parse(presolved?.json ?? '')).toEqual({
      [key('t', ['Revenue'], ['2023'])]: [1890.25, String.fromCharCode(TOKEN_BASE)],
      [key('t', ['Cost'], ['2023'])]: [-12.5, String.fromCharCode(TOKEN_BASE + 1)],
    });
  });

  it('gives nothing when no request resolves, so the plain wrapper is installed', () => {
    expect(presolveCellReads([key('t', ['Empty'], ['2023'])], set)).toBeUndefined();
    expect(presolveCellReads([], set)).toBeUndefined();
  });

  it('tokens never reach the surrogate range', () => {
    expect(TOKEN_BASE + MAX_PRESOLVED).toBeLessThan(0xd800);
    expect(MAX_TOKENS).toBeGreaterThan(0);
  });

  it('the wrapper source embeds the map as an object literal without a prototype', () => {
    const presolved = presolveCellReads([key('t', ['Revenue'], ['2023'])], set);
    const source = cellPresolvedSnippet(presolved?.json ?? '');
    expect(source).toContain(`m={__proto__:null,${presolved?.json.slice(1) ?? ''}`);
    expect(() => cellPresolvedSnippet('{}')).toThrow(/non-empty/);
  });
});
