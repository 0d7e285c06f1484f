import { describe, expect, it } from 'vitest';
import { gridLayout, gridPositions, positionText } from '../../../shared/document/grid-layout';
import type { Cell, Table } from '../../../shared/document';
import { baseValue, cellInfoOf, TableSet } from '../../../shared/sandbox/cell-lookup';
import { sandboxTable, sandboxTables } from '../../../shared/sandbox/document-tables';

const cell = (
  sourceRow: number,
  sourceCol: number,
  text: string,
  rowPath: string[],
  colPath: string[],
  unit: string | null = 'USD',
  scale = 1e6,
): Cell => {
  const n = Number(text.replace(/[$,%()]/g, ''));
  return {
    sourceRow,
    sourceCol,
    text,
    kind: Number.isFinite(n) ? 'number' : 'na',
    value: Number.isFinite(n) ? (text.startsWith('(') ? -n : n) : null,
    scale,
    unit,
    rowPath,
    colPath,
  };
};

/**
 * Two header rows; a section; a repeated "% of revenue" label (same paths on purpose, as an
 * unqualified filing would have them); "Change" spanning an amount and a percentage.
 */
const table: Table = {
  id: 't7',
  sourceIndex: 7,
  caption: 'Operating expenses',
  scaleNote: 'in millions',
  location: { kind: 'html', path: '/html[1]/body[1]/table[8]' },
  rowCount: 7,
  colCount: 7,
  columnHeaders: [
    {
      text: 'Year Ended',
      sourceRow: 0,
      firstCol: 1,
      lastCol: 4,
      children: [
        { text: '2025', sourceRow: 1, firstCol: 1, lastCol: 2, children: [] },
        { text: '2024', sourceRow: 1, firstCol: 3, lastCol: 4, children: [] },
      ],
    },
    { text: 'Change', sourceRow: 0, firstCol: 5, lastCol: 6, children: [] },
  ],
  rowHeaders: [],
  rows: [
    { sourceRow: 0, kind: 'header', label: '', level: 0, path: [] },
    { sourceRow: 1, kind: 'header', label: '', level: 0, path: [] },
    { sourceRow: 2, kind: 'section', label: 'Expenses', level: 0, path: ['Expenses'] },
    { sourceRow: 3, kind: 'data', label: 'R&D', level: 1, path: ['Expenses', 'R&D'] },
    {
      sourceRow: 4,
      kind: 'data',
      label: '% of revenue',
      level: 1,
      path: ['Expenses', '% of revenue'],
    },
    { sourceRow: 5, kind: 'data', label: 'SG&A', level: 1, path: ['Expenses', 'SG&A'] },
    {
      sourceRow: 6,
      kind: 'data',
      label: '% of revenue',
      level: 1,
      path: ['Expenses', '% of revenue'],
    },
  ],
  cells: [
    cell(3, 2, '$12,914', ['Expenses', 'R&D'], ['Year Ended', '2025']),
    cell(3, 3, '8,675', ['Expenses', 'R&D'], ['Year Ended', '2024']),
    cell(3, 5, '$4,239', ['Expenses', 'R&D'], ['Change']),
    cell(3, 6, '49%', ['Expenses', 'R&D'], ['Change'], '%', 0.01),
    cell(4, 1, '9.9%', ['Expenses', '% of revenue'], ['Year Ended', '2025'], '%', 0.01),
    cell(4, 3, '14.2%', ['Expenses', '% of revenue'], ['Year Ended', '2024'], '%', 0.01),
    cell(5, 1, '3,491', ['Expenses', 'SG&A'], ['Year Ended', '2025']),
    cell(5, 3, 'n/a', ['Expenses', 'SG&A'], ['Year Ended', '2024']),
    cell(6, 1, '2.7%', ['Expenses', '% of revenue'], ['Year Ended', '2025'], '%', 0.01),
  ],
};

describe('grid positions (the coordinates the document view shows)', () => {
  it('counts body rows only (section rows included) and leaf columns left to right', () => {
    const { of, layout } = gridPositions(table);
    expect(layout.rows.map((r) => r.label)).toEqual([
      'Expenses',
      'R&D',
      '% of revenue',
      'SG&A',
      '% of revenue',
    ]);
    expect(of({ sourceRow: 3, sourceCol: 2 })).toEqual({ row: 1, col: 0 });
    expect(of({ sourceRow: 4, sourceCol: 1 })).toEqual({ row: 2, col: 0 });
    expect(of({ sourceRow: 6, sourceCol: 1 })).toEqual({ row: 4, col: 0 });
    expect(positionText(of({ sourceRow: 4, sourceCol: 3 })!)).toBe('row 2, column 1');
  });

  it('gives a second value under one header leaf a column of its own (none is hidden)', () => {
    const { columns } = gridLayout(table);
    expect(columns.map((c) => [c.field, c.headerPath.join(' > ')])).toEqual([
      ['c1', 'Year Ended > 2025'],
      ['c3', 'Year Ended > 2024'],
      ['c5', 'Change'],
      ['c6', 'Change'],
    ]);
    const { of } = gridPositions(table);
    expect(of({ sourceRow: 3, sourceCol: 5 })).toEqual({ row: 1, col: 2 });
    expect(of({ sourceRow: 3, sourceCol: 6 })).toEqual({ row: 1, col: 3 });
    const placed = table.cells.map((c) => of(c));
    expect(placed.every((p) => p !== undefined)).toBe(true);
    expect(new Set(placed.map((p) => `${p!.row},${p!.col}`)).size).toBe(table.cells.length);
  });
});

describe('Document → sandbox mapping', () => {
  const set = new TableSet(sandboxTables({ tables: [table] }));

  it('carries position, scale, unit and the filed text on every shown cell', () => {
    const t = sandboxTable(table);
    expect(t).toMatchObject({ id: 't7', caption: 'Operating expenses' });
    expect(t.cells).toHaveLength(table.cells.length);
    expect(t.cells[0]).toEqual({
      rowPath: ['Expenses', 'R&D'],
      colPath: ['Year Ended', '2025'],
      value: 12914,
      row: 1,
      col: 0,
      scale: 1e6,
      unit: 'USD',
      text: '$12,914',
    });
  });

  it('reads a cell by grid position, the number as displayed', () => {
    expect(set.findCell('t7', 1, 0)).toMatchObject({ ok: true, value: 12914 });
    expect(set.findCell('t7', 4, 0)).toMatchObject({ ok: true, value: 2.7 });
    expect(set.findCell('t7', 1, 3)).toMatchObject({ ok: true, value: 49 });
  });

  it('a missing position lists the nearest numbers with their positions', () => {
    const r = set.findCell('t7', 4, 3);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toBe(
      'cell("t7", 4, 3): no number at row 4, column 3 (values are in rows 1–4, columns 0–3); nearest: ' +
        '["Expenses","R&D"] × ["Change"] at row 1, column 3 = 49%; ' +
        '["Expenses","% of revenue"] × ["Year Ended","2025"] at row 4, column 0 = 2.7%; ' +
        '["Expenses","R&D"] × ["Change"] at row 1, column 2 = $4,239',
    );
  });

  it('a non-numeric cell at a position is refused with what it shows', () => {
    const r = set.findCell('t7', 3, 1);
    expect(!r.ok && r.message).toBe(
      'cell("t7", 3, 1): the cell is empty or not a number (["Expenses","SG&A"] × ["Year Ended","2024"] at row 3, column 1 = n/a)',
    );
  });

  it('a header path matching several cells lists them with positions', () => {
    const r = set.findCell('t7', ['% of revenue'], ['2025'], 'cellInfo');
    expect(!r.ok && r.message).toBe(
      'cellInfo("t7", ["% of revenue"], ["2025"]): 2 cells match (' +
        '["Expenses","% of revenue"] × ["Year Ended","2025"] at row 2, column 0 = 9.9%; ' +
        '["Expenses","% of revenue"] × ["Year Ended","2025"] at row 4, column 0 = 2.7%); ' +
        'give a longer path or the position',
    );
  });

  it('refuses a position mixed with a path', () => {
    const r = set.findCell('t7', 1, ['2025']);
    expect(!r.ok && r.message).toContain('give both row and col as numbers, or both as paths');
  });

  it('cellInfo gives value × scale without rounding noise, unit and both paths', () => {
    const r = set.findCell('t7', 2, 0);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(cellInfoOf('t7', { ...r.cell, value: r.value })).toEqual({
      tableId: 't7',
      row: 2,
      col: 0,
      value: 9.9,
      scale: 0.01,
      unit: '%',
      base: 0.099,
      text: '9.9%',
      rowPath: ['Expenses', '% of revenue'],
      colPath: ['Year Ended', '2025'],
      xbrl: null,
    });
    expect(baseValue(12914, 1e6)).toBe(12_914_000_000);
    expect(baseValue(14.2, 0.01)).toBe(0.142);
  });
});
