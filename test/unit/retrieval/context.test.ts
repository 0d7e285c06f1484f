import { describe, expect, it } from 'vitest';
import { buildContext, estimateTokens } from '../../../shared/retrieval/context';
import { inDocumentOrder } from '../../../shared/retrieval/document-order';
import type { RetrievalHit } from '../../../shared/retrieval/hit';
import { indexPassages } from '../../../shared/retrieval/passages';
import { smallDocument } from './small-document';

const doc = smallDocument();
const cellHit = (sourceRow: number, sourceCol: number, score: number): RetrievalHit => ({
  kind: 'cell',
  blockId: 't1',
  tableSourceIndex: 1,
  sourceRow,
  sourceCol,
  text: `cell ${sourceRow}:${sourceCol}`,
  score,
});
const paragraphHit = (blockId: string, score: number): RetrievalHit => ({
  kind: 'paragraph',
  blockId,
  text: doc.blocks.find((b) => b.id === blockId && b.type === 'paragraph')?.type ?? '',
  score,
});

describe('inDocumentOrder', () => {
  it('orders by block, a table before its rows, a row before its cells, cells left to right', () => {
    const hits: RetrievalHit[] = [
      paragraphHit('p2', 9),
      cellHit(3, 2, 8),
      { kind: 'row', blockId: 't1', sourceRow: 3, text: 'row', score: 7 },
      cellHit(2, 1, 6),
      { kind: 'table', blockId: 't1', text: 'table', score: 5 },
      paragraphHit('p0', 4),
    ];
    expect(inDocumentOrder(doc, hits).map((h) => h.score)).toEqual([4, 5, 6, 7, 8, 9]);
  });
});

describe('buildContext', () => {
  it('groups a table’s hits under one caption with both cell() addresses, in document order', () => {
    const c = buildContext(
      doc,
      [cellHit(3, 1, 9), paragraphHit('p2', 8), cellHit(2, 1, 7), paragraphHit('p0', 6)],
      { tokenBudget: 2000 },
    );
    expect(c.truncated).toBe(false);
    expect(c.hits.map((h) => h.blockId)).toEqual(['p0', 't1', 't1', 'p2']);
    expect(c.text.match(/Consolidated Statements of Income/g)).toHaveLength(1);
    // Grid rows skip the two header rows: source row 2 is row 0, source col 1 is col 0.
    expect(c.text).toContain(
      'cell("t1", 0, 0) = cell("t1", ["Revenue"], ["Year Ended","2025"]) = $130,497 (USD millions)',
    );
    expect(c.text).toContain('cell("t1", 1, 0) = cell("t1", ["Research and development"]');
    expect(c.text).toContain('columns: [0] ["Year Ended","2025"]  [1] ["Year Ended","2024"]');
    expect(c.text).toContain('row 0 ["Revenue"]: [0] $130,497 | [1] $60,922');
    expect(c.text.indexOf('Paragraph p0')).toBeLessThan(c.text.indexOf('Table t1'));
    expect(c.text.indexOf('Table t1')).toBeLessThan(c.text.indexOf('Paragraph p2'));
    expect(c.tokens).toBe(estimateTokens(c.text));
  });

  it('fits the token budget, keeping the best-ranked hits and saying it left some out', () => {
    const hits = [paragraphHit('p2', 9), cellHit(2, 1, 8), paragraphHit('p0', 7)];
    const full = buildContext(doc, hits, { tokenBudget: 10_000 });
    const small = buildContext(doc, hits, { tokenBudget: estimateTokens('x'.repeat(80)) });
    expect(small.tokens).toBeLessThanOrEqual(20);
    expect(small.truncated).toBe(true);
    expect(small.hits.map((h) => h.blockId)).toEqual(['p2']);
    expect(full.hits).toHaveLength(3);
  });

  it('writes a whole table for a table hit, and as many rows as fit when it is too big', () => {
    const whole = buildContext(doc, [{ kind: 'table', blockId: 't1', text: '', score: 1 }], {
      tokenBudget: 1000,
    });
    expect(whole.text).toContain('row 0 ["Revenue"]');
    expect(whole.text).toContain('row 1 ["Research and development"]');
    const head = whole.text.split('\n').slice(0, 4).join('\n');
    const partial = buildContext(doc, [{ kind: 'table', blockId: 't1', text: '', score: 1 }], {
      tokenBudget: estimateTokens(head) + 2,
    });
    expect(partial.truncated).toBe(true);
    expect(partial.text).toContain('row 0 ["Revenue"]');
    expect(partial.text).not.toContain('row 1');
  });

  it('names dataset paragraphs by their own index and drops repeated hits', () => {
    const hit: RetrievalHit = { ...paragraphHit('p0', 1), paragraphIndex: 7 };
    const c = buildContext(doc, [hit, hit], { tokenBudget: 500 });
    expect(c.hits).toHaveLength(1);
    expect(c.text).toMatch(/^Paragraph 7: Revenue grew/);
  });

  it('writes a cell sharing both header paths with another by position only', () => {
    const twin = structuredClone(doc);
    const t = twin.tables[0]!;
    t.cells[3]!.rowPath = ['Revenue'];
    t.cells[3]!.colPath = ['Year Ended', '2025'];
    t.cells[0]!.colPath = ['Year Ended', '2025'];
    const c = buildContext(twin, [cellHit(3, 2, 1)], { tokenBudget: 500 });
    expect(c.text).toContain('  cell("t1", 1, 1) = 8,675 (USD millions)');
  });
});

describe('indexPassages', () => {
  it('makes table, row and cell units in document order with the dataset-free fields', () => {
    const units = indexPassages(doc);
    expect(
      units.map((u) => `${u.kind}:${u.blockId}:${u.sourceRow ?? ''}:${u.sourceCol ?? ''}`),
    ).toEqual([
      'paragraph:p0::',
      'paragraph:p1::',
      'table:t1::',
      'row:t1:2:',
      'cell:t1:2:1',
      'cell:t1:2:2',
      'row:t1:3:',
      'cell:t1:3:1',
      'cell:t1:3:2',
      'paragraph:p2::',
    ]);
    const cell = units.find((u) => u.kind === 'cell')!;
    expect(cell.text).toBe('Revenue, Year Ended, 2025 = 130,497 (USD millions)');
    expect(cell.headers).toBe('Revenue Year Ended 2025');
    // A cell's caption column holds its row path, weighed apart from its column (bm25f.ts).
    expect(cell.caption).toBe('Revenue');
    expect(units[2]!.caption).toContain('Consolidated Statements of Income');
    // The lead-in sentence is tied to its table; the heading is indexed with paragraphs.
    expect(units[1]!.leadInOf).toBe('t1');
    expect(units[0]!.headers).toBe('Results of Operations');
    expect(units.every((u) => u.paragraphIndex === undefined)).toBe(true);
  });
});

describe('buildContext and cell() lookups', () => {
  it('treats paths differing only in case or spaces as shared, as cell() does', () => {
    const twin = structuredClone(doc);
    twin.tables[0]!.cells[3]!.rowPath = ['  revenue '];
    twin.tables[0]!.cells[3]!.colPath = ['Year  Ended', '2025'];
    twin.tables[0]!.cells[0]!.colPath = ['Year Ended', '2025'];
    const c = buildContext(twin, [cellHit(3, 2, 1)], { tokenBudget: 500 });
    expect(c.text).toContain('  cell("t1", 1, 1) = 8,675 (USD millions)');
  });

  it('offers no cell() call for a cell holding words', () => {
    const words = structuredClone(doc);
    const cell = words.tables[0]!.cells[1]!;
    Object.assign(cell, { kind: 'text', value: null, text: 'n/m' });
    const c = buildContext(words, [cellHit(2, 2, 1)], { tokenBudget: 500 });
    expect(c.text).toContain('  row 0, col 1 is text, not a number: n/m');
    expect(c.text).not.toContain('cell("t1", 0, 1)');
  });
});

describe('buildContext when retrieval found nothing', () => {
  it('carries the document in reading order (whole tables, paragraphs) instead of no evidence', () => {
    const built = buildContext(doc, [], { tokenBudget: 4000 });
    const tableIds = doc.tables.map((t) => t.id);
    const paragraphs = doc.blocks.filter((b) => b.type === 'paragraph' && b.text.trim() !== '');
    expect(built.hits.filter((h) => h.kind === 'table').map((h) => h.blockId)).toEqual(tableIds);
    expect(built.hits.filter((h) => h.kind === 'paragraph')).toHaveLength(paragraphs.length);
    // Every value of the table is addressable, as for a whole-table hit.
    expect(built.text).toContain(`cell("${tableIds[0]}"`);
    expect(built.text.length).toBeGreaterThan(0);
  });

  it('still keeps to the budget', () => {
    const whole = buildContext(doc, [], { tokenBudget: 4000 });
    const budget = Math.floor(whole.tokens / 2);
    const built = buildContext(doc, [], { tokenBudget: budget });
    expect(built.tokens).toBeLessThanOrEqual(budget);
    expect(built.truncated).toBe(true);
  });
});
