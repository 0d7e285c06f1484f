import type { Document } from '../document';
import type { RetrievalHit } from './hit';

/**
 * Hits back in reading order (retrieval ranks them; a prompt reads better, and a model reasons
 * better, when evidence keeps the document's order): by block, then a table before its rows, a
 * row before its cells, cells left to right. Hits in blocks the document does not have go last,
 * in rank order. Stable and pure.
 */
export function inDocumentOrder<H extends RetrievalHit>(
  document: Document,
  hits: readonly H[],
): H[] {
  const blockAt = new Map<string, number>();
  document.blocks.forEach((b, i) => {
    if (!blockAt.has(b.id)) blockAt.set(b.id, i);
  });
  // Tables no block places come after every block, in source order.
  for (const t of document.tables)
    if (!blockAt.has(t.id)) blockAt.set(t.id, document.blocks.length + t.sourceIndex);
  const key = (h: H): [number, number, number] => [
    blockAt.get(h.blockId) ?? Number.MAX_SAFE_INTEGER,
    h.kind === 'table' ? -1 : (h.sourceRow ?? -1),
    h.kind === 'cell' ? (h.sourceCol ?? -1) : -1,
  ];
  return hits
    .map((h, i) => ({ h, i, k: key(h) }))
    .sort((a, b) => a.k[0] - b.k[0] || a.k[1] - b.k[1] || a.k[2] - b.k[2] || a.i - b.i)
    .map((x) => x.h);
}

/** One key per unit, so a hit listed twice (two retrievers, two units) is kept once. */
export const hitKey = (h: Pick<RetrievalHit, 'kind' | 'blockId' | 'sourceRow' | 'sourceCol'>) =>
  `${h.kind}:${h.blockId}:${h.sourceRow ?? ''}:${h.sourceCol ?? ''}`;
