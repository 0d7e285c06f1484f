import { coversCell, evidenceKey, type EvidenceTarget } from '../document/evidence';

/**
 * Evidence overlap is a join on the one evidence shape (shared/document/evidence.ts): expert
 * marks and model reads are evidence items (a paragraph or a cell); gold evidence may be coarser (a
 * whole table, a row). An item is "in gold" when some gold target covers it; a gold target is
 * "hit" when some item lies inside it. Pages are not comparable with cells and are skipped.
 */

export type EvidenceItem = Extract<EvidenceTarget, { type: 'paragraph' } | { type: 'cell' }>;

export function covers(gold: EvidenceTarget, item: EvidenceItem): boolean {
  if (item.type === 'paragraph') return gold.type === 'paragraph' && gold.blockId === item.blockId;
  return coversCell(gold, item.tableId, item.sourceRow, item.sourceCol);
}

/** Units, each once (by evidence key), in first-seen order. */
export function uniqueItems(items: readonly EvidenceItem[]): EvidenceItem[] {
  const seen = new Set<string>();
  const out: EvidenceItem[] = [];
  for (const u of items) {
    const k = evidenceKey(u);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(u);
  }
  return out;
}

export interface ItemsVsGold {
  units: number;
  inGold: number;
  goldTargets: number;
  goldHit: number;
}

export function againstGold(
  items: readonly EvidenceItem[],
  gold: readonly EvidenceTarget[],
): ItemsVsGold {
  const comparable = gold.filter((g) => g.type !== 'page');
  return {
    units: items.length,
    inGold: items.filter((u) => comparable.some((g) => covers(g, u))).length,
    goldTargets: comparable.length,
    goldHit: comparable.filter((g) => items.some((u) => covers(g, u))).length,
  };
}

/** Units both sides have (same key). */
export function sharedItems(a: readonly EvidenceItem[], b: readonly EvidenceItem[]): number {
  const keys = new Set(a.map(evidenceKey));
  return b.filter((u) => keys.has(evidenceKey(u))).length;
}
