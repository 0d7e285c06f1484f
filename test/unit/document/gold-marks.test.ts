import { describe, expect, it } from 'vitest';
import {
  goldMarks,
  goldTableIds,
  isGoldCell,
  isGoldRow,
} from '../../../renderer/features/document/gold-marks';

describe('goldMarks', () => {
  const g = goldMarks(
    [
      { type: 'paragraph', blockId: 'p2' },
      { type: 'table', tableId: 't0' },
      { type: 'row', tableId: 't1', sourceRow: 4 },
      { type: 'cell', tableId: 't2', sourceRow: 5, sourceCol: 1 },
      { type: 'page', page: 12 },
      null,
    ],
    { type: 'cell', tableId: 't2', sourceRow: 5, sourceCol: 1 },
  );

  it('indexes each kind of target; unresolved references are skipped', () => {
    expect([...g.blocks]).toEqual(['p2']);
    expect([...g.tables]).toEqual(['t0']);
    expect([...g.pages]).toEqual([12]);
    expect(g.activeKey).toBe('c:t2:5:1');
    expect([...goldTableIds(g)].sort()).toEqual(['t0', 't1', 't2']);
  });

  it('marks a cell named alone or through its row, not every cell of a whole table', () => {
    expect(isGoldCell(g, 't2', 5, 1)).toBe(true);
    expect(isGoldCell(g, 't2', 5, 2)).toBe(false);
    expect(isGoldCell(g, 't1', 4, 9)).toBe(true);
    expect(isGoldCell(g, 't1', 3, 9)).toBe(false);
    expect(isGoldCell(g, 't0', 0, 0)).toBe(false);
    expect(isGoldRow(g, 't1', 4)).toBe(true);
    expect(isGoldRow(g, 't2', 5)).toBe(false);
  });

  it('has no active item unless one is given', () => {
    expect(goldMarks([{ type: 'page', page: 1 }]).activeKey).toBeUndefined();
  });
});
