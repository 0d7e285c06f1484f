import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Document, type Cell, type Table } from '../../../shared/document';
import { ingestSecHtml } from '../../../main/ingest/sec-html/ingest-sec-html';

const html = readFileSync(join(__dirname, 'fixtures', 'small-10q.html'), 'utf8');
const ingest = (source: string) =>
  ingestSecHtml(source, { name: 'small-10q.html', bytes: source.length });
const doc = ingest(html);

function cellAt(table: Table | undefined, label: string, col: string): Cell {
  const found = table?.cells.find((c) => c.rowPath.at(-1) === label && c.colPath.at(-1) === col);
  if (!found) throw new Error(`no cell ${label} / ${col}`);
  return found;
}

describe('SEC HTML ingest on a hand-written fixture', () => {
  const table = doc.tables[0];

  it('produces a document that satisfies the schema', () => {
    expect(() => Document.parse(doc)).not.toThrow();
    expect(doc.title).toBe('Acme Widgets 10-Q (test fixture)');
  });

  it('skips hidden and script content, reads a bullet table as text, and counts every <table>', () => {
    expect(doc.tables).toHaveLength(1);
    // hidden table = 0, bullet layout table = 1, statement = 2; the script's table is not HTML
    expect(table?.sourceIndex).toBe(2);
    expect(table?.id).toBe('t2');
    const texts = doc.blocks.flatMap((b) => (b.type === 'table' ? [] : [b.text]));
    expect(texts).toContain('• A bullet point laid out as a table.');
    expect(texts.join(' ')).not.toMatch(/Hidden|not content/);
  });

  it('finds headings and paragraphs in reading order, with the table where it sits', () => {
    const kinds = doc.blocks.map((b) => (b.type === 'heading' ? `h${b.level}` : b.type));
    expect(kinds.slice(0, 3)).toEqual(['h1', 'h2', 'paragraph']);
    expect(doc.blocks.findIndex((b) => b.type === 'table')).toBeGreaterThan(3);
    expect(new Set(doc.blocks.map((b) => b.id)).size).toBe(doc.blocks.length);
  });

  it('reads the caption and the scale statement above the table', () => {
    expect(table?.caption).toBe(
      'CONDENSED STATEMENTS OF INCOME (In thousands, except per share data)',
    );
    expect(table?.scaleNote).toBe('(In thousands, except per share data)');
  });

  it('joins "$" and ")" cells to their numbers and keeps the grid column of the number', () => {
    const products = cellAt(table, 'Products', 'Sept 30, 2025');
    expect(products).toMatchObject({ text: '$1,250', value: 1250, scale: 1000, unit: 'USD' });
    expect(products.sourceRow).toBe(3);
    expect(products.sourceCol).toBe(2);
    const other = cellAt(table, 'Other income (expense)', 'Sept 30, 2025');
    expect(other).toMatchObject({ text: '(45)', value: -45, kind: 'number' });
    expect(table?.cells.some((c) => c.text === '$' || c.text === ')')).toBe(false);
  });

  it('builds two-level column paths and row paths from indentation and section rows', () => {
    expect(cellAt(table, 'Services', 'Sept 30, 2024').colPath).toEqual([
      'Three Months Ended',
      'Sept 30, 2024',
    ]);
    // padding-left and leading &nbsp; both indent; the <sup> footnote mark is left out
    expect(cellAt(table, 'Services', 'Sept 30, 2025').rowPath).toEqual(['Net sales', 'Services']);
    const total = table?.rows.find((r) => r.label === 'Total net sales');
    expect(total).toMatchObject({ kind: 'total', path: ['Net sales', 'Total net sales'] });
    expect(table?.rows.find((r) => r.label === 'Gross margin')?.path).toEqual(['Gross margin']);
    expect(table?.rowHeaders[0]?.children.map((n) => n.text)).toEqual([
      'Products',
      'Services',
      'Total net sales',
    ]);
  });

  it('reads dashes as zero, n/a as no value, percentages, per-share amounts and share counts', () => {
    expect(cellAt(table, 'Services', 'Sept 30, 2024')).toMatchObject({ kind: 'dash', value: 0 });
    expect(cellAt(table, 'Other income (expense)', 'Sept 30, 2024')).toMatchObject({
      kind: 'na',
      value: null,
    });
    expect(cellAt(table, 'Gross margin', 'Sept 30, 2025')).toMatchObject({
      value: 38.5,
      scale: 0.01,
      unit: '%',
    });
    expect(cellAt(table, 'Earnings per share — diluted', 'Sept 30, 2024')).toMatchObject({
      value: 1.1,
      scale: 1,
      unit: 'USD/share',
    });
    expect(cellAt(table, 'Weighted-average shares outstanding', 'Sept 30, 2025')).toMatchObject({
      value: 2975,
      scale: 1000,
      unit: 'shares',
    });
    expect(cellAt(table, 'Discount rate range', 'Sept 30, 2025')).toMatchObject({
      kind: 'range',
      value: null,
      range: [3.5, 4],
      unit: '%',
    });
  });

  it("takes a tagged cell's value, scale, sign and unit from its tag, the visible reading beside it", () => {
    const agreeing = cellAt(table, 'Products', 'Sept 30, 2025');
    expect(agreeing.xbrl).toEqual([
      {
        concept: 'us-gaap:Revenues',
        contextRef: 'c1',
        // the context and the unit are written after the table (at the end of the file)
        period: { start: '2025-07-01', end: '2025-09-30' },
        dimensions: {},
        unitRef: 'usd',
        unit: 'USD',
        decimals: -3,
        scale: 3,
        negated: false,
        factValue: 1_250_000,
        agrees: true,
      },
    ]);
    expect(agreeing).toMatchObject({
      value: 1250,
      scale: 1000,
      unit: 'USD',
      scaleBasis: { source: 'inline-xbrl', phrase: 'scale="3"' },
      unitBasis: { source: 'inline-xbrl', phrase: 'unitRef="usd" (USD)' },
      visible: {
        kind: 'number',
        value: 1250,
        scale: 1000,
        unit: 'USD',
        scaleBasis: { source: 'caption', phrase: '(In thousands, except per share data)' },
      },
    });
    expect(agreeing.warnings).toBeUndefined();
    // The fixture's second fact claims scale 6 in a table "in thousands": the tag wins, and
    // the cell says what the visible text read.
    const disagreeing = cellAt(table, 'Products', 'Sept 30, 2024');
    expect(disagreeing).toMatchObject({ value: 1100, scale: 1e6, unit: 'USD' });
    expect(disagreeing.visible).toMatchObject({ value: 1100, scale: 1000, unit: 'USD' });
    expect(disagreeing.xbrl?.[0]).toMatchObject({
      agrees: false,
      factValue: 1_100_000_000,
      dimensions: { 'srt:ProductOrServiceAxis': 'us-gaap:ProductMember' },
    });
    expect(disagreeing.warnings).toEqual([
      'the filing tags this as 1,100 USD millions (us-gaap:Revenues); the visible text read 1,100 USD thousands',
    ]);
    expect(doc.xbrl).toEqual({ factsInTables: 2, agreeing: 1 });
  });

  it('gives the same ids and the same JSON when the same file is ingested again', () => {
    expect(JSON.stringify(ingest(html))).toBe(JSON.stringify(doc));
  });

  it('does not let the visible reading depend on inline XBRL tags being present', () => {
    const plain = ingest(html.replace(/<\/?ix:[^>]*>/g, ''));
    // a tagged cell's visible reading is what the same cell reads as without its tags
    const visibleOnly = (d: Document) =>
      d.tables.map((t) =>
        t.cells.map(({ xbrl: _x, visible, warnings: _w, ...c }) =>
          visible === undefined ? c : { ...c, ...visible },
        ),
      );
    expect(visibleOnly(plain)).toEqual(visibleOnly(doc));
    expect(plain.xbrl).toBeUndefined();
    expect(plain.tables.flatMap((t) => t.cells).some((c) => c.visible !== undefined)).toBe(false);
  });
});

describe('SEC HTML ingest on malformed input', () => {
  const read = (source: string) => Document.parse(ingest(source));

  it('survives empty, unbalanced and hostile markup', () => {
    expect(read('').blocks).toEqual([]);
    expect(read('</td></tr></table><p>a').blocks.map((b) => b.type)).toEqual(['paragraph']);
    expect(read('<table><tr><td colspan=99999999>x<td>1</table>').tables).toEqual([]);
    expect(read(`${'<div>'.repeat(5000)}deep`).blocks).toHaveLength(1);
  });

  it('implies a row for cells outside <tr> and keeps nested tables apart', () => {
    const implied = read(
      '<table><td>Rev</td><td>1</td><tr><td>Cost</td><td>(2</td><td>)</td></table>',
    );
    expect(implied.tables[0]?.cells.map((c) => [c.rowPath, c.value])).toEqual([
      [['Rev'], 1],
      [['Cost'], -2],
    ]);
    const nested = read(
      '<table><tr><td><table><tr><td>In</td><td>5</td></tr><tr><td>Out</td><td>6</td></tr></table></td></tr></table>',
    );
    expect(nested.tables.map((t) => t.sourceIndex)).toEqual([1]);
    expect(nested.tables[0]?.cells.map((c) => c.value)).toEqual([5, 6]);
  });
});
