import { evidenceKey } from '../../../shared/document/evidence-key';
import type { GoldMarks } from './gold-marks';

/** Class names for a block that is gold evidence (and the one the user went to). */
export function goldClass(
  gold: GoldMarks | undefined,
  target: { type: 'paragraph'; blockId: string } | { type: 'table'; tableId: string },
): string {
  if (!gold) return '';
  const isGold =
    target.type === 'paragraph' ? gold.blocks.has(target.blockId) : gold.tables.has(target.tableId);
  if (!isGold) return '';
  return gold.activeKey === evidenceKey(target) ? ' gold gold-active' : ' gold';
}
