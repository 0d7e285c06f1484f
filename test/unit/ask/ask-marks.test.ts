import { describe, expect, it } from 'vitest';
import { gridToSource } from '../../../shared/document/grid-layout';
import { hitTarget, readMarks } from '../../../renderer/components/evidence/read-marks';
import { sampleTable } from './sample-table';
import { askResult } from './panel-fixtures';

describe('ask marks', () => {
  const table = sampleTable();
  const doc = { tables: [table] };

  it('maps grid positions (what cell() takes) to the source cells the grid draws', () => {
    const at = gridToSource(doc);
    // Product 2025: grid row 1 (the section row is row 0), col 0; filed in source column 2.
    expect(at('t1', 1, 0)).toEqual({ type: 'cell', tableId: 't1', sourceRow: 3, sourceCol: 2 });
    expect(at('t1', 2, 1)).toEqual({ type: 'cell', tableId: 't1', sourceRow: 4, sourceCol: 3 });
    expect(at('t1', 0, 0)).toBeUndefined(); // the section row has no values
    expect(at(table.id, 99, 0)).toBeUndefined();
    expect(at('nope', 0, 0)).toBeUndefined();
    expect(at(table.id, null, 0)).toBeUndefined();
  });

  it('marks the cells read and the grounding literals read from cells', () => {
    const r = askResult(1, {
      reads: [
        { tableId: 't1', row: 1, col: 0, value: 812.3, text: '$812.3', scale: 1e6, unit: 'USD' },
      ],
      grounding: {
        literals: [
          {
            text: '108.0',
            value: 108,
            source: 'cell',
            via: 'literal',
            tableId: 't1',
            row: 2,
            col: 1,
          },
          { text: '7', value: 7, source: 'unsupported', via: 'literal' },
        ],
      },
    });
    const marks = readMarks(r, doc as never);
    expect([...marks.cells].sort()).toEqual(['t1:3:2', 't1:4:3']);
    expect(readMarks(undefined, doc as never).cells.size).toBe(0);
  });

  it('points retrieval hits at cells, rows, tables and paragraphs', () => {
    expect(
      hitTarget({ kind: 'cell', blockId: 't1', sourceRow: 2, sourceCol: 3, text: '', score: 1 }),
    ).toEqual({
      type: 'cell',
      tableId: 't1',
      sourceRow: 2,
      sourceCol: 3,
    });
    expect(hitTarget({ kind: 'row', blockId: 't1', sourceRow: 2, text: '', score: 1 })).toEqual({
      type: 'row',
      tableId: 't1',
      sourceRow: 2,
    });
    expect(hitTarget({ kind: 'table', blockId: 't1', text: '', score: 1 })).toEqual({
      type: 'table',
      tableId: 't1',
    });
    expect(hitTarget({ kind: 'paragraph', blockId: 'p4', text: '', score: 1 })).toEqual({
      type: 'paragraph',
      blockId: 'p4',
    });
  });
});
