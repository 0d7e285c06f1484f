import { findNumbers } from '../numbers/find-numbers';
import { scaleFactor } from '../numbers/scale-words';
import type { Document } from '../document';
import type { RetrievalHit } from '../retrieval/hit';
import { gridPositions } from '../document/grid-layout';
import type { ContextNumber } from './grounding';
import { compact } from '../util/compact';

/**
 * Every number the model was shown, for the grounding report, following what the context
 * builder (shared/retrieval/context.ts) writes: for a cell or row hit the whole row it lies
 * in, for a table hit the whole table, for a paragraph hit the numbers written in it. Numeric
 * cells only (a dash counts as 0, and 0 is a constant anyway).
 */
export function contextNumbers(
  document: Pick<Document, 'tables' | 'blocks'>,
  hits: readonly RetrievalHit[],
  /**
   * The context text as sent: a cell whose filed text is not in it is left out (a whole table
   * too big for the token budget is sent with only the rows that fit).
   */
  shownText?: string,
): ContextNumber[] {
  const out: ContextNumber[] = [];
  const tables = new Map(document.tables.map((t) => [t.id, t]));
  const paragraphs = new Map<string, string>();
  for (const b of document.blocks) if (b.type === 'paragraph') paragraphs.set(b.id, b.text);
  /** Per table: every row (a table hit) or the source rows the hits lie in. */
  const shown = new Map<string, 'all' | Set<number>>();
  const seenParagraphs = new Set<string>();
  for (const hit of hits) {
    if (hit.kind !== 'paragraph') {
      const rows = shown.get(hit.blockId) ?? new Set<number>();
      if (hit.kind === 'table' || rows === 'all') shown.set(hit.blockId, 'all');
      else {
        if (hit.sourceRow !== undefined) rows.add(hit.sourceRow);
        shown.set(hit.blockId, rows);
      }
      continue;
    }
    if (seenParagraphs.has(hit.blockId)) continue;
    seenParagraphs.add(hit.blockId);
    // The paragraph's text from the document (the hit's text may be abridged).
    const text = paragraphs.get(hit.blockId) ?? hit.text;
    for (const n of findNumbers(text)) {
      out.push({
        value: n.value,
        scale:
          n.unit === 'percent' ? 0.01 : n.unit === 'basis-points' ? 1e-4 : scaleFactor(n.scale),
        unit: n.unit === 'percent' ? '%' : n.currency === '$' ? 'USD' : (n.currency ?? null),
        text: n.text,
        blockId: hit.blockId,
        ...compact({ paragraphIndex: hit.paragraphIndex }),
      });
    }
  }
  for (const [tableId, rows] of shown) {
    const table = tables.get(tableId);
    if (!table) continue;
    const positions = gridPositions(table);
    for (const c of table.cells) {
      if (c.value === null || (rows !== 'all' && !rows.has(c.sourceRow))) continue;
      if (shownText !== undefined && !shownText.includes(c.text)) continue;
      const at = positions.of(c);
      if (!at) continue;
      out.push({
        value: c.value,
        scale: c.scale,
        unit: c.unit,
        text: c.text,
        tableId,
        row: at.row,
        col: at.col,
      });
    }
  }
  return out;
}
