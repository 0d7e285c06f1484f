import { describe, expect, it } from 'vitest';
import type { Cell, Table } from '../../../shared/model';
import {
  gridLayout,
  headerGroups,
  isColumn,
  visibleRows,
} from '../../../renderer/features/document/grid-model';

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
