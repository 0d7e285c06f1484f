import type { Document } from '../../../shared/model';

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
