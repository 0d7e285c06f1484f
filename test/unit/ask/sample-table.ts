import type { Cell, Table } from '../../../shared/document';

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

/**
 * Revenue over 2025/2024 with "$" in its own cell on the first data row: grid positions and
 * source columns differ (Product 2025 is grid row 1, col 0 but source row 3, col 2).
 */
export const sampleTable = (): Table => ({
  id: 't1',
  sourceIndex: 1,
  caption: 'Segments',
  scaleNote: 'in millions',
  location: { kind: 'html', path: '/html[1]/body[1]/table[2]' },
  rowCount: 5,
  colCount: 5,
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
  ],
  rowHeaders: [],
  rows: [
    { sourceRow: 0, kind: 'header', label: '', level: 0, path: [] },
    { sourceRow: 1, kind: 'header', label: '', level: 0, path: [] },
    { sourceRow: 2, kind: 'section', label: 'Sensors', level: 0, path: ['Sensors'] },
    { sourceRow: 3, kind: 'data', label: 'Product', level: 1, path: ['Sensors', 'Product'] },
    { sourceRow: 4, kind: 'data', label: 'Service', level: 1, path: ['Sensors', 'Service'] },
  ],
  cells: [
    cell(3, 2, '$812.3', ['Revenue', '2025'], ['Sensors', 'Product']),
    cell(3, 4, '701.9', ['Revenue', '2024'], ['Sensors', 'Product']),
    cell(4, 1, '121.5', ['Revenue', '2025'], ['Sensors', 'Service']),
    cell(4, 3, '108.0', ['Revenue', '2024'], ['Sensors', 'Service']),
  ],
});
