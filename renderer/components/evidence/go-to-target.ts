import type { EvidenceTarget } from '../../../shared/document/evidence';
import { scrollToTarget } from './scroll-to-target';

/**
 * Brings a target of the Ask panel into view: its block first (a grid mounts only near the
 * viewport), then, two frames later, the cell or row once the grid has drawn it. Two frames:
 * the document view scrolls to a table named in the route on the next frame, and the cell must
 * win over that.
 */
export function goToTarget(target: EvidenceTarget): void {
  const blockId =
    target.type === 'paragraph'
      ? target.blockId
      : target.type === 'page'
        ? undefined
        : target.tableId;
  if (blockId) document.getElementById(blockId)?.scrollIntoView({ block: 'start' });
  requestAnimationFrame(() => requestAnimationFrame(() => scrollToTarget(target)));
}
