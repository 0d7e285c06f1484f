import { coversCell, evidenceKey, type EvidenceTarget } from '../document/evidence';

/**
 * Evidence overlap is a join on the one evidence shape (shared/document/evidence.ts): expert
 * marks and model reads are units (a paragraph or a cell); gold evidence may be coarser (a
 * whole table, a row). A unit is "in gold" when some gold target covers it; a gold target is
 * "hit" when some unit lies inside it. Pages are not comparable with cells and are skipped.
 */

export type Unit = Extract<EvidenceTarget, { type: 'paragraph' } | { type: 'cell' }>;

export function covers(gold: EvidenceTarget, unit: Unit): boolean {
  if (unit.type === 'paragraph') return gold.type === 'paragraph' && gold.blockId === unit.blockId;
  return coversCell(gold, unit.tableId, unit.sourceRow, unit.sourceCol);
}

/** Units, each once (by evidence key), in first-seen order. */
export function uniqueUnits(units: readonly Unit[]): Unit[] {
  const seen = new Set<string>();
  const out: Unit[] = [];
  for (const u of units) {
    const k = evidenceKey(u);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(u);
  }
  return out;
}

export interface UnitsVsGold {
  units: number;
  inGold: number;
  goldTargets: number;
  goldHit: number;
}

export function againstGold(units: readonly Unit[], gold: readonly EvidenceTarget[]): UnitsVsGold {
  const comparable = gold.filter((g) => g.type !== 'page');
  return {
    units: units.length,
    inGold: units.filter((u) => comparable.some((g) => covers(g, u))).length,
    goldTargets: comparable.length,
    goldHit: comparable.filter((g) => units.some((u) => covers(g, u))).length,
  };
}

/** Units both sides have (same key). */
export function sharedUnits(a: readonly Unit[], b: readonly Unit[]): number {
  const keys = new Set(a.map(evidenceKey));
  return b.filter((u) => keys.has(evidenceKey(u))).length;
}
