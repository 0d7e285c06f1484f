import { describe, expect, it } from 'vitest';
import { Block, Cell, Document, HeaderNode, Table } from '../../../shared/model';

const cell = {
  sourceRow: 3,
  sourceCol: 2,
  text: '(1,234)',
  kind: 'number',
  value: -1234,
  scale: 1e6,
  unit: 'USD',
  rowPath: ['Revenue', 'Product'],
  colPath: ['2025'],
};

const table = {
  id: 't4',
  sourceIndex: 4,
  caption: 'Statements of Operations (in millions)',
  scaleNote: '(in millions)',
  location: { kind: 'html', path: '/html[1]/body[1]/table[5]' },
  rowCount: 4,
  colCount: 3,
  columnHeaders: [{ text: 'Year', sourceRow: 0, firstCol: 1, lastCol: 2, children: [
    { text: '2025', sourceRow: 1, firstCol: 1, lastCol: 1, children: [] },
  ] }], // prettier-ignore
  rowHeaders: [{ text: 'Revenue', sourceRow: 2, firstCol: 0, lastCol: 0, children: [] }],
  rows: [{ sourceRow: 3, kind: 'data', label: 'Product', level: 1, path: ['Revenue', 'Product'] }],
  cells: [cell],
};

describe('Document model schemas', () => {
  it('accepts a document with heading, paragraph and table blocks', () => {
    const doc = Document.parse({
      schemaVersion: 1,
      source: { name: 'x.htm', kind: 'sec-html', bytes: 10 },
      title: 'X',
      blocks: [
        { type: 'heading', id: 'h1', level: 2, text: 'Item 7.', location: { kind: 'html', path: '/p[1]' } },
        { type: 'paragraph', id: 'p1', text: 'Revenue grew.', location: { kind: 'pdf', page: 3, box: { x: 1, y: 2, width: 3, height: 4 } } },
        { type: 'table', id: 't4', location: { kind: 'html', path: '/table[5]' } },
      ],
      tables: [table],
    }); // prettier-ignore
    expect(doc.tables[0]?.cells[0]?.value).toBe(-1234);
    expect(doc.blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'table']);
  });

  it('parses header trees recursively', () => {
    const node = HeaderNode.parse(table.columnHeaders[0]);
    expect(node.children[0]?.text).toBe('2025');
    expect(() =>
      HeaderNode.parse({ ...table.columnHeaders[0], children: [{ text: 1 }] }),
    ).toThrow();
  });

  it('rejects cells that break the model: negative grid position, zero scale, unknown kind', () => {
    expect(() => Cell.parse({ ...cell, sourceRow: -1 })).toThrow();
    expect(() => Cell.parse({ ...cell, scale: 0 })).toThrow();
    expect(() => Cell.parse({ ...cell, kind: 'money' })).toThrow();
    expect(Cell.parse({ ...cell, value: null, kind: 'na' }).value).toBeNull();
  });

  it('keeps a range cell with both ends and inline XBRL metadata', () => {
    const parsed = Cell.parse({
      ...cell,
      kind: 'range',
      value: null,
      range: [3.6, 5.4],
      xbrl: [
        {
          name: 'us-gaap:X',
          contextRef: 'c1',
          unitRef: null,
          scale: -2,
          negated: false,
          agrees: true,
        },
      ],
    });
    expect(parsed.range).toEqual([3.6, 5.4]);
    expect(parsed.xbrl?.[0]?.agrees).toBe(true);
  });

  it('rejects an unknown block type and a PDF location without a page', () => {
    expect(() =>
      Block.parse({ type: 'figure', id: 'f', location: { kind: 'html', path: '' } }),
    ).toThrow();
    expect(() =>
      Table.parse({
        ...table,
        location: { kind: 'pdf', box: { x: 0, y: 0, width: 1, height: 1 } },
      }),
    ).toThrow();
  });
});
