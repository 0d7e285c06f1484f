import { describe, expect, it } from 'vitest';
import {
  memoryIndexDatabase,
  RetrievalService,
  searchDocument,
} from '../../../main/retrieval/retrieval-service';
import {
  documentSchemaVersion,
  type Cell,
  type Document,
  type Table,
} from '../../../shared/document';
import { DEFAULT_TUNING } from '../../../shared/retrieval/tuning';

/** A table of the given rows (paths) and columns (paths), every cell a number. */
function table(id: string, rows: string[][], columns: string[][]): Table {
  const cells: Cell[] = rows.flatMap((rowPath, r) =>
    columns.map((colPath, c) => ({
      sourceRow: r + 1,
      sourceCol: c + 1,
      text: String(100 + 10 * r + c),
      kind: 'number' as const,
      value: 100 + 10 * r + c,
      scale: 1e6,
      unit: 'USD',
      rowPath,
      colPath,
    })),
  );
  return {
    id,
    sourceIndex: Number(id.slice(1)),
    caption: '',
    scaleNote: null,
    location: { kind: 'html', path: `/table[${id}]` },
    rowCount: rows.length + 1,
    colCount: columns.length + 1,
    columnHeaders: [],
    rowHeaders: [],
    rows: [
      { sourceRow: 0, kind: 'header', label: '', level: 0, path: [] },
      ...rows.map((path, r) => ({
        sourceRow: r + 1,
        kind: 'data' as const,
        label: path.at(-1)!,
        level: path.length - 1,
        path,
      })),
    ],
    cells,
  };
}

/**
 * Funding sources, whose row "Securities loaned" the question asks for, after a table whose
 * short column header says "2017, Securities loaned" over every row: the question's words
 * match both tables' cells, through a row label in one and a column header in the other, and
 * the funding table's column headers ("December 31, 2017") make its cells a little longer.
 */
function twoTables(): Document {
  const collateral = table(
    't1',
    [['Cash'], ['Government bonds'], ['Equities']],
    [
      ['2017', 'Securities loaned'],
      ['2017', 'Repurchase agreements'],
    ],
  );
  const funding = table(
    't2',
    [['Deposits'], ['Securities loaned'], ['Unsecured borrowings']],
    [['December 31, 2017'], ['December 31, 2016']],
  );
  return {
    schemaVersion: documentSchemaVersion,
    source: { name: 'notes.htm', kind: 'sec-html', bytes: 1000 },
    title: 'Notes',
    blocks: [
      { type: 'table', id: 't1', location: collateral.location },
      { type: 'table', id: 't2', location: funding.location },
    ],
    tables: [collateral, funding],
    warnings: [],
  };
}

const QUESTION = 'What were Securities loaned in 2017?';
const where = (h: {
  blockId: string;
  sourceRow?: number | undefined;
  sourceCol?: number | undefined;
}) => `${h.blockId} ${h.sourceRow}-${h.sourceCol}`;

describe('a cell’s row path weighed apart from its column (shared/retrieval/bm25f.ts)', () => {
  it('ranks the row the question names above cells only headed by its words', () => {
    expect(searchDocument(twoTables(), QUESTION, { k: 1 }).map(where)).toEqual(['t2 2-1']);
  });

  it('is what does it: with row and column alike the column-headed cells come first', async () => {
    const service = new RetrievalService(memoryIndexDatabase(), {
      ...DEFAULT_TUNING,
      bm25: { ...DEFAULT_TUNING.bm25, rowPath: 0 },
    });
    const hits = await service.search(1, twoTables(), QUESTION, { k: 1 });
    expect(hits.map(where)).toEqual(['t1 1-1']);
  });
});
