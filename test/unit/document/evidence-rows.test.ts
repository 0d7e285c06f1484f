import { describe, expect, it } from 'vitest';
import type { Document } from '../../../shared/document';
import { evidenceCsv, evidenceRows } from '../../../renderer/features/document/evidence-rows';

const loc = { kind: 'html' as const, path: '/html[1]' };
const model = {
  blocks: [
    { type: 'paragraph', id: 'b1', text: 'Revenue grew 12%.', location: loc },
    { type: 'table', id: 't1', location: loc },
    { type: 'paragraph', id: 'b3', text: '=HYPERLINK("http://x")', location: loc },
  ],
  tables: [
    {
      id: 't1',
      caption: 'Income statement',
      cells: [
        {
          sourceRow: 2,
          sourceCol: 1,
          text: '$1,482.6',
          value: 1482.6,
          scale: 1e6,
          unit: 'USD',
          rowPath: ['Revenue'],
          colPath: ['2025'],
        },
        {
          sourceRow: 1,
          sourceCol: 3,
          text: '(18.4)',
          value: -18.4,
          scale: 1e6,
          unit: 'USD',
          rowPath: ['Restructuring, "net"'],
          colPath: ['2024'],
        },
      ],
    },
  ],
} as unknown as Document;

describe('evidence panel rows and CSV', () => {
  const rows = evidenceRows(model, [
    { type: 'paragraph', blockId: 'b3' },
    { type: 'cell', tableId: 't1', sourceRow: 2, sourceCol: 1 },
    { type: 'cell', tableId: 't1', sourceRow: 1, sourceCol: 3 },
    { type: 'paragraph', blockId: 'b1' },
    { type: 'cell', tableId: 't9', sourceRow: 0, sourceCol: 0 },
  ]);

  it('lists marks in reading order with what each names; a vanished target says so', () => {
    expect(rows.map((r) => r.key)).toEqual(['p:b1', 'c:t1:1:3', 'c:t1:2:1', 'p:b3', 'c:t9:0:0']);
    expect(rows[2]).toMatchObject({
      where: 'Income statement',
      rowPath: 'Revenue',
      colPath: '2025',
      text: '$1,482.6',
      value: 1482.6,
      found: true,
    });
    expect(rows[4]).toMatchObject({ found: false, where: 'Table t9' });
  });

  it('exports RFC 4180 CSV that a spreadsheet will not run as formulas', () => {
    // The fields themselves: shared/export/csv.ts (test/unit/export/csv.test.ts).
    const csv = evidenceCsv('nw.html', rows);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('document,kind,table,row,column,as filed,value,scale,unit,page,target');
    expect(lines[2]).toBe(
      'nw.html,cell,Income statement,"Restructuring, ""net""",2024,(18.4),-18.4,1000000,USD,,c:t1:1:3',
    );
    expect(lines[4]).toBe(`nw.html,paragraph,,,,"'=HYPERLINK(""http://x"")",,,,,p:b3`);
    expect(lines).toHaveLength(rows.length + 2);
  });
});
