import { describe, expect, it } from 'vitest';
import { findHits, findStatus, stepHit } from '../../../renderer/features/document/find-matches';

describe('find, one match at a time', () => {
  const hits = findHits([
    { blockId: 'p1', count: 2 },
    { blockId: 't1', count: 1 },
    { blockId: 'p2', count: 3 },
  ]);

  it('lists every occurrence in reading order with its place in its block', () => {
    expect(hits).toHaveLength(6);
    expect(hits[1]).toEqual({ blockId: 'p1', nth: 1 });
    expect(hits[2]).toEqual({ blockId: 't1', nth: 0 });
    expect(hits[5]).toEqual({ blockId: 'p2', nth: 2 });
  });

  it('steps forward and back, wrapping, from no current match to the first or last', () => {
    expect(stepHit(-1, 1, 6)).toBe(0);
    expect(stepHit(-1, -1, 6)).toBe(5);
    expect(stepHit(0, 1, 6)).toBe(1);
    expect(stepHit(5, 1, 6)).toBe(0);
    expect(stepHit(0, -1, 6)).toBe(5);
    expect(stepHit(-1, 1, 0)).toBe(-1);
  });

  it('says "k of N" once stepping, the totals before', () => {
    expect(findStatus('revenue', 7, 3, -1)).toBe('7 matches in 3 blocks');
    expect(findStatus('revenue', 7, 3, 1)).toBe('2 of 7');
    expect(findStatus('revenue', 0, 0, -1)).toBe('No matches');
    expect(findStatus('  ', 0, 0, -1)).toBe('');
  });
});
