import { findNumbers } from '../numbers/find-numbers';
import { scaleFactor } from '../numbers/scale-words';
import type { Document } from '../model';
import type { RetrievalHit } from '../retrieval/hit';
import { sandboxTable } from '../sandbox/document-tables';
import type { ContextNumber } from './grounding';

/**
 * Every number the model was shown, for the grounding report: the cells of each table the
 * context includes (the context builder serialises a table a hit lies in with its cells and
 * their grid positions) and the numbers written in each paragraph it includes. Numeric cells
 * only; a dash counts as 0 but 0 is a constant anyway.
 */
export function contextNumbers(
  document: Pick<Document, 'tables' | 'blocks'>,
  hits: readonly RetrievalHit[],
): ContextNumber[] {
  const out: ContextNumber[] = [];
  const tables = new Map(document.tables.map((t) => [t.id, t]));
  const paragraphs = new Map<string, string>();
  for (const b of document.blocks) if (b.type === 'paragraph') paragraphs.set(b.id, b.text);
  const seen = new Set<string>();
  for (const hit of hits) {
    if (seen.has(hit.blockId)) continue;
    seen.add(hit.blockId);
    const table = hit.kind !== 'paragraph' ? tables.get(hit.blockId) : undefined;
    if (table) {
      for (const c of sandboxTable(table).cells) {
        if (c.value === null) continue;
        out.push({
          value: c.value,
          scale: c.scale ?? 1,
          unit: c.unit ?? null,
          text: c.text ?? String(c.value),
          tableId: table.id,
          ...(c.row !== undefined ? { row: c.row } : {}),
          ...(c.col !== undefined ? { col: c.col } : {}),
        });
      }
      continue;
    }
    // A paragraph hit; its text from the document (the hit's text may be abridged).
    const text = paragraphs.get(hit.blockId) ?? hit.text;
    for (const n of findNumbers(text)) {
      out.push({
        value: n.value,
        scale:
          n.unit === 'percent' ? 0.01 : n.unit === 'basis-points' ? 1e-4 : scaleFactor(n.scale),
        unit: n.unit === 'percent' ? '%' : n.currency === '$' ? 'USD' : (n.currency ?? null),
        text: n.text,
        blockId: hit.blockId,
        ...(hit.paragraphIndex !== undefined ? { paragraphIndex: hit.paragraphIndex } : {}),
      });
    }
  }
  return out;
}
