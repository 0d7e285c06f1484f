import { describe, expect, it } from 'vitest';
import { decodePostings, encodePostings } from '../../../main/retrieval/postings';
import {
  decodeRankingPassages,
  encodeRankingPassages,
  rankingPassagesOf,
  type RankingRow,
} from '../../../main/retrieval/ranking-passages';

describe("a document's stored postings and ranking data (main/retrieval, migration 24)", () => {
  it('round-trips units and columns, merging a unit found in two columns', () => {
    // unit × 8 + column bit, ascending; unit 3 in text and headers; gaps past one and two bytes.
    const values = [0 * 8 + 1, 3 * 8 + 1, 3 * 8 + 2, 20 * 8 + 4, 400 * 8 + 2, 3_000_000 * 8 + 1];
    const bytes = encodePostings(values);
    expect(bytes.length).toBeLessThan(values.length * 4);
    expect([...decodePostings(bytes, new Map())]).toEqual([
      [0, 1],
      [3, 3],
      [20, 4],
      [400, 2],
      [3_000_000, 1],
    ]);
  });

  it('keeps only the columns asked for, and drops a unit left with none', () => {
    const bytes = encodePostings([1 * 8 + 4, 2 * 8 + 1, 2 * 8 + 4]);
    // A cell or row search never looks up captions: unit 1 (caption only) is no match.
    expect([...decodePostings(bytes, new Map(), 3)]).toEqual([[2, 1]]);
    expect(encodePostings([]).length).toBe(0);
  });

  it("round-trips the ranking's view of the units", () => {
    const rows: RankingRow[] = [
      [0, 'paragraph', 'p0', null, 12, 3, 0, null],
      [1, 'paragraph', 'p1', 2, 8, 0, 0, 't1'],
      [2, 'table', 't1', 2, 40, 30, 6, null],
      [3, 'cell', 't1', 2, 3, 9, 0, null],
      [4, 'row', 'bloc-é🙂', 300, 0, 200_000, 1, null],
    ];
    const decoded = decodeRankingPassages(encodeRankingPassages(rows));
    expect(decoded).toEqual(rankingPassagesOf(rows));
    expect(decoded.scored[1]).toEqual({
      kind: 'paragraph',
      lens: [8, 0, 0],
      blockId: 'p1',
      leadInOf: 't1',
    });
    expect('leadInOf' in decoded.scored[0]!).toBe(false);
    expect(decodeRankingPassages(encodeRankingPassages([]))).toEqual({
      scored: [],
      pages: [],
      ordinals: [],
    });
  });

  it('refuses data it cannot store, and data cut short', () => {
    expect(() => encodeRankingPassages([[0, 'cell', 'c', null, -1, 0, 0, null]])).toThrow(/-1/);
    const bytes = encodeRankingPassages([[0, 'cell', 'c', null, 1, 2, 3, null]]);
    expect(() => decodeRankingPassages(bytes.subarray(0, bytes.length - 2))).toThrow(/ends early/);
  });
});
