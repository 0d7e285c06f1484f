import {
  documentSchemaVersion,
  type Cell,
  type Document,
  type Table,
} from '../../../shared/document';

/** A two-year income table between two paragraphs: enough to check units and contexts. */
export function smallDocument(): Document {
  const cell = (
    sourceRow: number,
    sourceCol: number,
    rowPath: string[],
    year: string,
    text: string,
    value: number,
  ): Cell => ({
    sourceRow,
    sourceCol,
    text,
    kind: 'number',
    value,
    scale: 1e6,
    unit: 'USD',
    rowPath,
    colPath: ['Year Ended', year],
  });
  const table: Table = {
    id: 't1',
    sourceIndex: 1,
    caption: 'Consolidated Statements of Income',
    scaleNote: '(In millions)',
    location: { kind: 'html', path: '/html[1]/body[1]/table[2]' },
    rowCount: 4,
    colCount: 3,
    columnHeaders: [
      {
        text: 'Year Ended',
        sourceRow: 0,
        firstCol: 1,
        lastCol: 2,
        children: [
          { text: '2025', sourceRow: 1, firstCol: 1, lastCol: 1, children: [] },
          { text: '2024', sourceRow: 1, firstCol: 2, lastCol: 2, children: [] },
        ],
      },
    ],
    rowHeaders: [],
    rows: [
      { sourceRow: 0, kind: 'header', label: '', level: 0, path: [] },
      { sourceRow: 1, kind: 'header', label: '', level: 0, path: [] },
      { sourceRow: 2, kind: 'data', label: 'Revenue', level: 0, path: ['Revenue'] },
      {
        sourceRow: 3,
        kind: 'data',
        label: 'Research and development',
        level: 0,
        path: ['Research and development'],
      },
    ],
    cells: [
      cell(2, 1, ['Revenue'], '2025', '$130,497', 130497),
      cell(2, 2, ['Revenue'], '2024', '$60,922', 60922),
      cell(3, 1, ['Research and development'], '2025', '12,914', 12914),
      cell(3, 2, ['Research and development'], '2024', '8,675', 8675),
    ],
  };
  return {
    schemaVersion: documentSchemaVersion,
    source: { name: 'small.htm', kind: 'sec-html', bytes: 1000 },
    title: 'Small filing',
    blocks: [
      {
        type: 'heading',
        id: 'h0',
        level: 2,
        text: 'Results of Operations',
        location: { kind: 'html', path: '/h' },
      },
      {
        type: 'paragraph',
        id: 'p0',
        text: 'Revenue grew 114% in fiscal year 2025, driven by data center demand.',
        location: { kind: 'html', path: '/p0' },
      },
      {
        type: 'paragraph',
        id: 'p1',
        text: 'The following table shows our income:',
        location: { kind: 'html', path: '/p1' },
      },
      { type: 'table', id: 't1', location: table.location },
      {
        type: 'paragraph',
        id: 'p2',
        text: 'Research and development expenses rose with headcount.',
        location: { kind: 'html', path: '/p2' },
      },
    ],
    tables: [table],
    warnings: [],
  };
}
