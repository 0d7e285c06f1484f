import { describe, expect, it } from 'vitest';
import { ingestPdf } from '../../../../main/ingest/pdf';
import { Document, type Cell, type HeaderNode, type Table } from '../../../../shared/document';
import { runTableQuest } from '../../../bench/pdf-tables';
import { hasData } from '../../../support/data-dir';
import { makePdf, sampleTablePage } from './make-pdf';

const cellAt = (t: Table, label: string, year: string): Cell | undefined =>
  t.cells.find((c) => c.rowPath.at(-1) === label && c.colPath.at(-1) === year);

const texts = (nodes: HeaderNode[]): unknown =>
  nodes.map((n) => (n.children.length === 0 ? n.text : { [n.text]: texts(n.children) }));

describe('a statement table on a generated page', () => {
  it('comes back as a hierarchical table with scale, units and reading order', async () => {
    const doc = await ingestPdf({ name: 'statement.pdf', bytes: makePdf([sampleTablePage()]) });
    expect(() => Document.parse(doc)).not.toThrow();
    expect(doc.title).toBe('Consolidated Statement of Operations');
    expect(doc.tables).toHaveLength(1);
    const t = doc.tables[0] as Table;
    expect(t).toMatchObject({
      id: 'p1-t0',
      sourceIndex: 0,
      page: 1,
      caption: 'Consolidated Statement of Operations',
      scaleNote: '(in millions, except per share data)',
      colCount: 3,
    });
    expect(t.location.kind === 'pdf' && t.location.page).toBe(1);
    expect(texts(t.columnHeaders)).toEqual([{ 'Year Ended December 31,': ['2024', '2023'] }]);
    expect(t.rows.map((r) => [r.kind, r.path.join(' > ')])).toEqual([
      ['header', ''],
      ['header', ''],
      ['section', 'Revenue'],
      ['data', 'Revenue > Products'],
      ['data', 'Revenue > Services'],
      ['total', 'Revenue > Total revenue'],
      ['data', 'Cost of revenue'],
      ['data', 'Net income per share'],
    ]);
    expect(cellAt(t, 'Services', '2023')).toMatchObject({
      text: '(250)',
      kind: 'number',
      value: -250,
      scale: 1e6,
      sourceCol: 2,
    });
    expect(cellAt(t, 'Products', '2024')?.colPath).toEqual(['Year Ended December 31,', '2024']);
    expect(cellAt(t, 'Net income per share', '2024')).toMatchObject({
      value: 1.25,
      scale: 1,
      unit: 'USD/share',
    });
    expect(doc.blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'table', 'paragraph']);
    expect(doc.blocks[2]?.id).toBe('p1-t0');
  });

  it('finds nothing in plain prose', async () => {
    const prose = [
      {
        text: 'In 2023 the company repaid $500 million of notes and issued 1,250 new shares to employees.',
        x: 72,
        y: 700,
      },
      {
        text: 'Revenue rose 12.5% to $3.2 billion, while costs fell 4% over the same 12 months.',
        x: 72,
        y: 686,
      },
      { text: '38', x: 300, y: 40 },
    ];
    const doc = await ingestPdf({ name: 'prose.pdf', bytes: makePdf([prose]) });
    expect(doc.tables).toEqual([]);
    expect(doc.blocks.filter((b) => b.type === 'paragraph')).toHaveLength(2);
  });
});

describe.skipIf(!hasData)('TableQuest easy pages (real 10-K/10-Q pages)', () => {
  it('show the numeric answer as a parsed table cell in at least 90% of questions', async () => {
    const r = await runTableQuest('easy');
    const misses = r.checks.filter((c) => !c.hit).map((c) => `${c.page} ${c.answer}: ${c.reason}`);
    console.log(`TableQuest easy: ${r.hits}/${r.counted} = ${(100 * r.rate).toFixed(1)}%`, misses);
    expect(r.counted).toBeGreaterThanOrEqual(30);
    expect(r.rate).toBeGreaterThanOrEqual(0.9);
  }, 300_000);
});
