import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Document, type Cell, type Table } from '../../../shared/document';
import { ingestFile } from '../../../main/document/ingest-file';
import { walkHtml } from '../../../main/ingest/sec-html/html-walker';
import { dataPath, hasData } from '../../support/data-dir';

// GAINSCO's 2009 10-K: plain HTML before XBRL, 258 <table> elements, many of them layout.
const file = dataPath('sec', 'GAINSCO_10-K_FY2009_no_xbrl', '0001193125-10-073212.html');

function cell(table: Table | undefined, row: number, col: number): Cell {
  const found = table?.cells.find((c) => c.sourceRow === row && c.sourceCol === col);
  if (!found) throw new Error(`no cell at row ${row}, column ${col} of table ${table?.id}`);
  return found;
}

describe.skipIf(!hasData)('GAINSCO 10-K 2009 (no XBRL, layout tables)', () => {
  let doc: Document;
  const table = (sourceIndex: number) => doc.tables.find((t) => t.sourceIndex === sourceIndex);

  it('ingests without error into a valid document', async () => {
    doc = Document.parse(await ingestFile(file));
    expect(doc.tables.length).toBeGreaterThan(40);
    expect(doc.blocks.length).toBeGreaterThan(500);
  });

  it('does not report layout tables as data tables', () => {
    const raw = walkHtml(readFileSync(file, 'latin1'));
    const allTables = raw.items.filter((i) => i.type === 'table');
    expect(allTables).toHaveLength(258);
    const reported = new Set(doc.tables.map((t) => t.sourceIndex));
    // cover page boxes, the check-box grid, the table of contents, footnote and signature layouts
    for (const layout of [0, 1, 2, 3, 4, 134, 149, 150, 194])
      expect(reported.has(layout)).toBe(false);
    const paragraphs = doc.blocks.flatMap((b) => (b.type === 'paragraph' ? [b.text] : []));
    expect(paragraphs.some((p) => p.startsWith('(1) Represents circumstances'))).toBe(true);
    expect(reported.size).toBeLessThan(allTables.length / 3);
  });

  // Hand-checked against the source (consolidated statements of operations, lines 4287-7518).
  it('reads the statement of operations: net loss, EPS and share counts', () => {
    const ops = table(161);
    expect(ops?.scaleNote).toBe('(Amounts in thousands, except per share data)');
    // "(3,401" with ")" in the next <td>
    expect(cell(ops, 33, 6)).toMatchObject({
      text: '(3,401)',
      value: -3401,
      scale: 1000,
      unit: 'USD',
      rowPath: ['Net income (loss)'],
      colPath: ['2008'],
    });
    expect(cell(ops, 33, 3)).toMatchObject({ text: '$4,073', value: 4073, colPath: ['2009'] });
    expect(cell(ops, 36, 6)).toMatchObject({
      value: -0.7,
      scale: 1,
      unit: 'USD/share',
      rowPath: ['Income (loss) per common share (notes 1, 12 and 13)', 'Basic'],
    });
    expect(cell(ops, 42, 3)).toMatchObject({
      value: 4785,
      scale: 1000,
      unit: 'shares',
      rowPath: ['Weighted average common shares outstanding (notes 12 and 13)', 'Basic'],
    });
    expect(cell(ops, 3, 3).rowPath).toEqual(['Revenues', 'Net premiums earned (notes 1 and 8)']);
  });

  it('reads the balance sheet total and a dash', () => {
    const assets = table(158);
    expect(cell(assets, 27, 3)).toMatchObject({
      value: 241902,
      scale: 1000,
      rowPath: ['Total assets'],
    });
    expect(cell(assets, 5, 5)).toMatchObject({ kind: 'dash', value: 0, colPath: ['2008'] });
  });

  it('reads the "1.9:1" leverage ratios as multiples', () => {
    expect(cell(table(24), 3, 2)).toMatchObject({ value: 1.9, scale: 1, unit: 'x' });
  });
});
