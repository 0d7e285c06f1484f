import { describe, expect, it } from 'vitest';
import type { Cell, Table } from '../../../shared/document';
import {
  fittedLabelWidth,
  gridHeightEstimate,
  gridLayout,
  headerGroups,
  isColumn,
  labelColumnWidth,
  labelWordFloor,
  valueColumnWidth,
  visibleRows,
  type GridRow,
} from '../../../renderer/features/document/grid-view';

const cell = (
  sourceRow: number,
  sourceCol: number,
  text: string,
  colPath: string[],
  rowPath: string[],
): Cell => ({
  sourceRow,
  sourceCol,
  text,
  kind: 'number',
  value: Number(text.replace(/[$,]/g, '')),
  scale: 1e6,
  unit: 'USD',
  rowPath,
  colPath,
});

/** Segment table: "Revenue" over 2025/2024; "$" in its own cell on the first data row only. */
const table: Table = {
  id: 't1',
  sourceIndex: 1,
  caption: 'Segments',
  scaleNote: 'in millions',
  location: { kind: 'html', path: '/html[1]/body[1]/table[2]' },
  rowCount: 6,
  colCount: 7,
  columnHeaders: [
    {
      text: 'Revenue',
      sourceRow: 0,
      firstCol: 1,
      lastCol: 4,
      children: [
        { text: '2025', sourceRow: 1, firstCol: 1, lastCol: 2, children: [] },
        { text: '2024', sourceRow: 1, firstCol: 3, lastCol: 4, children: [] },
      ],
    },
    { text: 'Margin', sourceRow: 0, firstCol: 5, lastCol: 6, children: [] },
  ],
  rowHeaders: [],
  rows: [
    { sourceRow: 0, kind: 'header', label: '', level: 0, path: [] },
    { sourceRow: 1, kind: 'header', label: '', level: 0, path: [] },
    { sourceRow: 2, kind: 'section', label: 'Sensors', level: 0, path: ['Sensors'] },
    { sourceRow: 3, kind: 'data', label: 'Product', level: 1, path: ['Sensors', 'Product'] },
    { sourceRow: 4, kind: 'data', label: 'Service', level: 1, path: ['Sensors', 'Service'] },
    { sourceRow: 5, kind: 'total', label: 'Total', level: 0, path: ['Total'] },
  ],
  cells: [
    cell(3, 2, '$812.3', ['Revenue', '2025'], ['Sensors', 'Product']),
    cell(3, 4, '701.9', ['Revenue', '2024'], ['Sensors', 'Product']),
    cell(4, 1, '121.5', ['Revenue', '2025'], ['Sensors', 'Service']),
    cell(4, 3, '108.0', ['Revenue', '2024'], ['Sensors', 'Service']),
    cell(5, 1, '933.8', ['Revenue', '2025'], ['Total']),
    cell(5, 6, '18.7', ['Margin'], ['Total']),
  ],
};

describe('grid model for the table grid', () => {
  it('puts cells under the header leaf that spans them, whatever their raw column', () => {
    const { columns, rows } = gridLayout(table);
    expect(columns.map((c) => [c.field, c.headerPath.join('>')])).toEqual([
      ['c1', 'Revenue>2025'],
      ['c3', 'Revenue>2024'],
      ['c5', 'Margin'],
    ]);
    const product = rows.find((r) => r.label === 'Product')!;
    const service = rows.find((r) => r.label === 'Service')!;
    expect(product.cells.c1?.text).toBe('$812.3');
    expect(service.cells.c1?.text).toBe('121.5');
    expect(rows.find((r) => r.label === 'Total')!.cells.c5?.text).toBe('18.7');
  });

  it('nests adjacent columns under shared headers (multi-level column groups)', () => {
    const groups = headerGroups(gridLayout(table).columns);
    expect(groups).toHaveLength(2);
    const [revenue, margin] = groups;
    expect(revenue && !isColumn(revenue) && revenue.header).toBe('Revenue');
    expect(
      revenue &&
        !isColumn(revenue) &&
        revenue.children.map((c) => (isColumn(c) ? c.headerPath.at(-1) : c.header)),
    ).toEqual(['2025', '2024']);
    expect(margin && isColumn(margin) && margin.field).toBe('c5');
  });

  it('builds the row hierarchy without header rows, and collapses descendants', () => {
    const { rows } = gridLayout(table);
    expect(rows.map((r) => [r.label, r.level, r.hasChildren, r.ancestors.length])).toEqual([
      ['Sensors', 0, true, 0],
      ['Product', 1, false, 1],
      ['Service', 1, false, 1],
      ['Total', 0, false, 0],
    ]);
    const shown = visibleRows(rows, new Set(['r2']));
    expect(shown.map((r) => r.label)).toEqual(['Sensors', 'Total']);
    expect(shown[0]!.expanded).toBe(false);
    expect(visibleRows(rows, new Set())).toEqual(rows);
  });
});

describe('readable grid sizes and collapsing', () => {
  const row = (
    id: string,
    kind: GridRow['kind'],
    level: number,
    ancestors: string[],
    label = id,
  ): GridRow => ({
    id,
    sourceRow: Number(id.slice(1)),
    label,
    kind,
    level,
    ancestors,
    hasChildren: false,
    expanded: true,
    cells: {},
  });
  // Operating expenses > R&D, SG&A, Total operating expenses (the total nested under its group).
  const rows = [
    row('r1', 'section', 0, [], 'Operating expenses'),
    row('r2', 'data', 1, ['r1'], 'Research and development'),
    row('r3', 'section', 1, ['r1'], 'Other'),
    row('r4', 'data', 2, ['r1', 'r3'], 'Misc'),
    row('r5', 'total', 2, ['r1', 'r3'], 'Total other'),
    row('r6', 'total', 1, ['r1'], 'Total operating expenses'),
    row('r7', 'data', 0, [], 'Operating income'),
  ];

  it('keeps the total that closes a collapsed group, hides inner totals of a collapsed outer group', () => {
    expect(visibleRows(rows, new Set(['r1'])).map((r) => r.id)).toEqual(['r1', 'r6', 'r7']);
    expect(visibleRows(rows, new Set(['r3'])).map((r) => r.id)).toEqual([
      'r1',
      'r2',
      'r3',
      'r5',
      'r6',
      'r7',
    ]);
    expect(visibleRows(rows, new Set(['r1', 'r3'])).map((r) => r.id)).toEqual(['r1', 'r6', 'r7']);
  });

  const measure = (t: string, bold: boolean) => t.length * (bold ? 8 : 7);

  it('sizes the label column to its longest indented label, within bounds', () => {
    // "Total operating expenses": 24 chars bold at level 1 -> 16 + 24 + 192 + 22 padding.
    expect(labelColumnWidth(rows, measure)).toBe(16 + 24 + 24 * 8 + 22);
    expect(labelColumnWidth([row('r1', 'data', 0, [], 'x')], measure)).toBe(140);
    expect(labelColumnWidth([row('r1', 'data', 0, [], 'x'.repeat(200))], measure)).toBe(460);
  });

  it('sizes a value column to its widest number and its header', () => {
    const col = { field: 'c1', sourceCol: 1, headerPath: ['Year Ended', 'Jan 26, 2025'] };
    const withCells = [
      { ...row('r1', 'data', 0, []), cells: { c1: cell(1, 1, '1,005,123', ['x'], ['y']) } },
      { ...row('r2', 'total', 0, []), cells: { c1: cell(2, 1, '$12,345,678', ['x'], ['y']) } },
    ];
    // "$12,345,678" bold (11 * 8 = 88) vs "Jan 26, 2025" bold (96, short enough for one line).
    expect(valueColumnWidth(col, withCells, measure)).toBe(96 + 22);
    const long = { ...col, headerPath: ['Weighted average number of shares outstanding'] };
    // A long header wraps: its longest word ("outstanding", 88) against the values (88).
    expect(valueColumnWidth(long, withCells, measure)).toBe(88 + 22);
  });

  it('narrows the labels so columns fit, but never hides the first two value columns', () => {
    // Everything fits.
    expect(fittedLabelWidth(300, [100, 100, 100], 800)).toBe(300);
    // Labels give up to a quarter to fit all columns.
    expect(fittedLabelWidth(400, [100, 100, 100], 650)).toBe(348);
    // Not enough even then: labels at 3/4, the rest scrolls.
    expect(fittedLabelWidth(400, [100, 100, 100, 100], 600)).toBe(300);
    // A narrow grid (cell panel open): labels leave room for two value columns.
    expect(fittedLabelWidth(400, [100, 100, 100], 420)).toBe(218);
    // A width the user dragged is kept unless it would hide the first two columns.
    expect(fittedLabelWidth(400, [100, 100, 100], 650, true)).toBe(400);
    expect(fittedLabelWidth(400, [100, 100, 100], 420, true)).toBe(218);
    expect(fittedLabelWidth(400, [100, 100], 200)).toBe(140);
  });

  it('keeps the space a grid will take before it is mounted', () => {
    // Two header levels (Revenue › 2025), four body rows under ag-grid's 150 px body minimum.
    expect(gridHeightEstimate(table)).toBe(2 + 2 * 49 + 150);
    const long = {
      columnHeaders: [],
      rows: Array.from({ length: 10 }, (_, i) => ({
        sourceRow: i,
        kind: 'data' as const,
        label: `r${i}`,
        level: 0,
        path: [],
      })),
    };
    expect(gridHeightEstimate(long)).toBe(2 + 49 + 10 * 28);
    expect(
      gridHeightEstimate({
        ...long,
        rows: [...long.rows, ...long.rows, ...long.rows, ...long.rows],
      }),
    ).toBe(900);
  });

  it('lets wrapped labels narrow further, down to their longest word, to keep columns in view', () => {
    // The longest word, "development" (77) at level 1, fits in the minimum width.
    expect(labelWordFloor(rows, measure)).toBe(140);
    // "Total telecommunications equipment" bold at level 2: "telecommunications" (144) with
    // the indent (32), the disclosure (24) and the padding (22).
    const deep = row('r8', 'total', 2, ['r1', 'r3'], 'Total telecommunications equipment');
    expect(labelWordFloor([...rows, deep], measure)).toBe(32 + 24 + 18 * 8 + 22);
    // Four value columns fit in 600 px when labels may narrow to 190 (they wrap).
    expect(fittedLabelWidth(400, [100, 100, 100, 100], 600, false, 190)).toBe(198);
    // Not below the floor: the rest scrolls, labels pinned.
    expect(fittedLabelWidth(400, [100, 100, 100, 100], 560, false, 190)).toBe(190);
    // A floor above the wanted width changes nothing.
    expect(fittedLabelWidth(300, [100, 100, 100], 800, false, 500)).toBe(300);
  });
});
