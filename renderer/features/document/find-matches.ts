import type { Document } from '../../../shared/document';

/** Blocks containing the query (case-insensitive), in reading order, with a count per block. */
export function findMatches(model: Document, query: string): { blockId: string; count: number }[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [];
  const count = (text: string) => {
    let n = 0;
    for (
      let i = text.toLowerCase().indexOf(q);
      i !== -1;
      i = text.toLowerCase().indexOf(q, i + q.length)
    )
      n++;
    return n;
  };
  const tables = new Map(model.tables.map((t) => [t.id, t]));
  const out: { blockId: string; count: number }[] = [];
  for (const b of model.blocks) {
    let n = 0;
    if (b.type === 'table') {
      const t = tables.get(b.id);
      if (t) {
        n += count(t.caption);
        for (const r of t.rows) n += count(r.label);
        for (const c of t.cells) n += count(c.text);
      }
    } else {
      n = count(b.text);
    }
    if (n > 0) out.push({ blockId: b.id, count: n });
  }
  return out;
}

/** One occurrence of the query: its block and which occurrence it is within the block. */
export interface FindHit {
  blockId: string;
  nth: number;
}

/** Every occurrence in reading order, so find can step one match at a time ("2 of 7"). */
export function findHits(matches: readonly { blockId: string; count: number }[]): FindHit[] {
  return matches.flatMap((m) =>
    Array.from({ length: m.count }, (_, nth) => ({ blockId: m.blockId, nth })),
  );
}

/**
 * The occurrence after (+1) or before (−1) `current`, wrapping around; from no current
 * occurrence (−1), forward starts at the first and backward at the last.
 */
export function stepHit(current: number, delta: 1 | -1, total: number): number {
  if (total === 0) return -1;
  if (current < 0) return delta > 0 ? 0 : total - 1;
  return (current + delta + total) % total;
}

/** "2 of 7", or before stepping "7 matches in 3 blocks"; empty without a query. */
export function findStatus(query: string, hits: number, blocks: number, current: number): string {
  if (query.trim() === '') return '';
  if (hits === 0) return 'No matches';
  if (current < 0) return `${hits} matches in ${blocks} blocks`;
  return `${current + 1} of ${hits}`;
}
