import { describe, expect, it } from 'vitest';
import { bm25fScores, DEFAULT_BM25F, type ScoredPassage } from '../../../shared/retrieval/bm25f';
import { cosine, reciprocalRankFusion, RRF_K } from '../../../shared/retrieval/fusion';

describe('reciprocalRankFusion', () => {
  it('sums 1/(60 + rank) over rankings and keeps each item’s ranks', () => {
    const fused = reciprocalRankFusion(
      [
        ['a', 'b', 'c'],
        ['c', 'a'],
      ],
      (x) => x,
    );
    expect(fused.map((f) => f.item)).toEqual(['a', 'c', 'b']);
    expect(fused[0]!.score).toBeCloseTo(1 / (RRF_K + 1) + 1 / (RRF_K + 2));
    expect(fused[0]!.ranks).toEqual([1, 2]);
    expect(fused[2]!.ranks).toEqual([2, undefined]);
  });

  it('breaks ties by the first ranking', () => {
    const fused = reciprocalRankFusion(
      [
        ['x', 'y'],
        ['y', 'x'],
      ],
      (v) => v,
    );
    expect(fused.map((f) => f.item)).toEqual(['x', 'y']);
  });
});

describe('cosine', () => {
  it('is 1 for parallel vectors, 0 for orthogonal or zero ones', () => {
    expect(cosine([1, 2], [2, 4])).toBeCloseTo(1);
    expect(cosine([1, 0], [0, 3])).toBe(0);
    expect(cosine([0, 0], [1, 1])).toBe(0);
  });
});

describe('bm25fScores', () => {
  const unit = (
    kind: ScoredPassage['kind'],
    lens: [number, number, number],
    blockId = 'b',
  ): ScoredPassage => ({
    kind,
    lens,
    blockId,
  });

  it('weighs a term in the header path above the same term in text, and rare terms above common ones', () => {
    const units = [unit('cell', [2, 4, 0]), unit('cell', [2, 4, 0]), unit('cell', [2, 4, 0])];
    const inHeaders = new Map([[0, 2]]);
    const inText = new Map([[1, 1]]);
    const s = bm25fScores(units, [new Map([...inHeaders, ...inText])], new Set(['cell']));
    expect(s.get(0)!).toBeGreaterThan(s.get(1)!);
    const common = bm25fScores(
      units,
      [
        new Map([
          [0, 2],
          [1, 2],
          [2, 2],
        ]),
      ],
      new Set(['cell']),
    );
    expect(common.get(0)!).toBeGreaterThan(0); // never zero, unlike FTS5's clamped IDF
    expect(common.get(0)!).toBeLessThan(s.get(0)!);
  });

  it('ranks only the kinds asked for and lifts a table’s lead-in to its best unit', () => {
    const units: ScoredPassage[] = [
      { ...unit('paragraph', [8, 0, 0], 'p1'), leadInOf: 't1' },
      unit('table', [30, 30, 5], 't1'),
      unit('cell', [2, 4, 0], 't1'),
    ];
    const posting = new Map([
      [1, 2],
      [2, 2],
    ]);
    const cells = bm25fScores(units, [posting], new Set(['cell', 'paragraph']), DEFAULT_BM25F);
    expect(cells.has(1)).toBe(false);
    expect(cells.get(0)).toBeCloseTo(cells.get(2)!);
    const blocks = bm25fScores(units, [posting], new Set(['table', 'paragraph']));
    expect(blocks.has(0)).toBe(false);
  });
});
