import { describe, expect, it } from 'vitest';
import type { CellRead } from '../../../shared/ask/ask';
import { groundProgram, type ContextNumber } from '../../../shared/ask/grounding';
import { programLiterals } from '../../../shared/ask/program-literals';

// NVIDIA FY2025 income statement cells as the context builder shows them (t21, in millions).
const context: ContextNumber[] = [
  { value: 130497, scale: 1e6, unit: 'USD', text: '$130,497', tableId: 't21', row: 0, col: 0 },
  { value: 60922, scale: 1e6, unit: 'USD', text: '$60,922', tableId: 't21', row: 0, col: 1 },
  { value: 12914, scale: 1e6, unit: 'USD', text: '12,914', tableId: 't21', row: 4, col: 0 },
  { value: 1104.9, scale: 1e6, unit: 'USD', text: '1,104.9', tableId: 't30', row: 2, col: 1 },
  { value: 75, scale: 0.01, unit: '%', text: '75.0%', tableId: 't22', row: 3, col: 0 },
  // A number in a paragraph: "Data Center revenue was up 142% to a record $115.2 billion."
  { value: 142, scale: 0.01, unit: '%', text: '142%', blockId: 'p310' },
  { value: 115.2, scale: 1e9, unit: 'USD', text: '$115.2 billion', blockId: 'p310' },
];

const reads: CellRead[] = [
  { tableId: 't21', row: 0, col: 0, value: 130497, text: '$130,497', scale: 1e6, unit: 'USD' },
  { tableId: 't21', row: 0, col: 1, value: 60922, text: '$60,922', scale: 1e6, unit: 'USD' },
  // Read twice: reported once.
  { tableId: 't21', row: 0, col: 0, value: 130497, text: '$130,497', scale: 1e6, unit: 'USD' },
];

describe('programLiterals', () => {
  it('finds numbers used and skips strings, comments, identifiers and cell() addresses', () => {
    const program = `function solution() {
  // 2024 revenue from the table; 999 in a comment is not used
  const r2025 = cell('t21', 0, 0);   /* 4 positions */
  const r2024 = cellInfo("t21", ['Revenue'], ['Jan 28, 2024']).value;
  const label = 'fiscal 2023: 17';
  const note = \`growth \${(r2025 / r2024 * 100).toFixed(1)}% of 8675\`;
  return (r2025 - r2024) / r2024 * 100 + 1_104.9 - 2.5e3 + x2;
}`;
    expect(programLiterals(program).map((l) => l.text)).toEqual([
      '100',
      '1',
      '100',
      '1_104.9',
      '2.5e3',
    ]);
  });

  it('reads precision: decimals and significant digits as written', () => {
    const [a, b, c] = programLiterals('x = 130.5 + 1000 + 0.0125;');
    expect(a).toMatchObject({ value: 130.5, decimals: 1, significant: 4 });
    expect(b).toMatchObject({ value: 1000, decimals: 0, significant: 1 });
    expect(c).toMatchObject({ value: 0.0125, decimals: 4, significant: 3 });
  });

  it('tells a regex from a division', () => {
    const program = `function solution() { const s = '12'.replace(/[0-9]{2}/g, ''); return 7 / 2 / 3; }`;
    expect(programLiterals(program).map((l) => l.value)).toEqual([7, 2, 3]);
  });

  it('leaves out numbers nested inside a helper call, keeps those of other calls', () => {
    const program = `function solution() { return Math.round(cell('t5', 1 + 2, 3) * 4.25) / table('t9').cells.length; }`;
    expect(programLiterals(program).map((l) => l.value)).toEqual([4.25]);
  });
});

describe('groundProgram', () => {
  it('reports cells read once each, then literals as constant, context or unsupported', () => {
    const program = `function solution() {
  const fy25 = cell('t21', 0, 0);
  const fy24 = cell('t21', 0, 1);
  const rnd = 12914;          // written from the context
  const tax = 1104900000;     // 1,104.9 in millions, in dollars
  const dc = 115.2;           // from the paragraph
  const guess = 4242;         // nowhere
  return ((fy25 - fy24) / fy24) * 100 + rnd + tax + dc + guess;
}`;
    const literals = groundProgram(program, reads, context);
    expect(literals).toEqual([
      {
        text: '$130,497',
        value: 130497,
        source: 'cell',
        via: 'read',
        tableId: 't21',
        row: 0,
        col: 0,
      },
      {
        text: '$60,922',
        value: 60922,
        source: 'cell',
        via: 'read',
        tableId: 't21',
        row: 0,
        col: 1,
      },
      {
        text: '12914',
        value: 12914,
        source: 'context',
        via: 'literal',
        tableId: 't21',
        row: 4,
        col: 0,
      },
      {
        text: '1104900000',
        value: 1104900000,
        source: 'context',
        via: 'literal',
        tableId: 't30',
        row: 2,
        col: 1,
      },
      { text: '115.2', value: 115.2, source: 'context', via: 'literal', blockId: 'p310' },
      { text: '4242', value: 4242, source: 'unsupported', via: 'literal' },
      { text: '100', value: 100, source: 'constant', via: 'literal' },
    ]);
  });

  it('matches a percentage written as a fraction, a scale shift and a rounded restatement', () => {
    const program = `function solution() { return 0.75 + 1.42 + 130.5 + 130497000000 + 60.9; }`;
    const literals = groundProgram(program, [], context);
    expect(literals.map((l) => [l.text, l.source, l.tableId ?? l.blockId])).toEqual([
      ['0.75', 'context', 't22'],
      ['1.42', 'context', 'p310'],
      // 130,497 million said in billions, rounded to one decimal.
      ['130.5', 'context', 't21'],
      ['130497000000', 'context', 't21'],
      ['60.9', 'context', 't21'],
    ]);
  });

  it('does not round short literals into a match', () => {
    // 60.9 has 3 significant digits and matches; 61 has 2 and must match exactly.
    const literals = groundProgram('x = 61 + 13;', [], context);
    expect(literals.map((l) => l.source)).toEqual(['unsupported', 'unsupported']);
  });

  it('treats negative literals by magnitude (accounting parentheses in the context)', () => {
    const ctx: ContextNumber[] = [
      { value: -56.7, scale: 1e6, unit: 'USD', text: '(56.7)', tableId: 't3', row: 1, col: 2 },
    ];
    const literals = groundProgram('function solution() { return -56.7 * 2; }', [], ctx);
    expect(literals[0]).toMatchObject({ value: 56.7, source: 'context', tableId: 't3' });
    expect(literals[1]).toMatchObject({ value: 2, source: 'constant' });
  });
});
