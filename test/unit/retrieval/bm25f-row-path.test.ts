import { describe, expect, it } from 'vitest';
import { bm25fScores, DEFAULT_BM25F, type ScoredPassage } from '../../../shared/retrieval/bm25f';
import type { HitKind } from '../../../shared/retrieval/hit';

/** Two cells of one table and a paragraph; every column one token long. */
const units: ScoredPassage[] = [
  { kind: 'cell', lens: [1, 2, 1], blockId: 't1' },
  { kind: 'cell', lens: [1, 2, 1], blockId: 't1' },
  { kind: 'paragraph', lens: [1, 0, 0], blockId: 'p1' },
];
const kinds = new Set<HitKind>(['cell', 'paragraph']);
// "revenue": cell 0 through its row label (headers + its row path in the caption column),
// cell 1 through its column header (headers only). Masks: 1 text, 2 headers, 4 caption.
const revenue = new Map([
  [0, 2 | 4],
  [1, 2],
]);

describe('bm25fScores: a cell’s row path', () => {
  it('counts a row-label match above a column-header match by the rowPath weight', () => {
    const s = bm25fScores(units, [revenue], kinds, DEFAULT_BM25F);
    expect(DEFAULT_BM25F.rowPath).toBeGreaterThan(0);
    expect(s.get(0)!).toBeGreaterThan(s.get(1)!);
  });

  it('counts them alike at weight 0', () => {
    const s = bm25fScores(units, [revenue], kinds, { ...DEFAULT_BM25F, rowPath: 0 });
    expect(s.get(0)).toBe(s.get(1));
  });

  it('leaves a table’s caption at the caption weight', () => {
    const tables: ScoredPassage[] = [
      { kind: 'table', lens: [1, 1, 1], blockId: 't1' },
      { kind: 'table', lens: [1, 1, 1], blockId: 't2' },
    ];
    const caption = new Map([[0, 4]]);
    const heavy = bm25fScores(tables, [caption], new Set<HitKind>(['table']), {
      ...DEFAULT_BM25F,
      rowPath: 10,
    });
    const plain = bm25fScores(tables, [caption], new Set<HitKind>(['table']), DEFAULT_BM25F);
    expect(heavy.get(0)).toBe(plain.get(0));
  });
});
