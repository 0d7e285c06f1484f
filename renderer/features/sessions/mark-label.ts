import type { MarkTarget } from '../../../shared/document/evidence';
import type { Document } from '../../../shared/document';

/** A marked paragraph or cell named so the expert recognises it (text only, cut short). */
export function markLabel(t: MarkTarget, model: Document | undefined): string {
  if (t.type === 'paragraph') {
    const block = model?.blocks.find((b) => b.id === t.blockId);
    const text = block && 'text' in block ? block.text : '';
    return text ? `¶ ${text.length > 60 ? `${text.slice(0, 57)}…` : text}` : `¶ ${t.blockId}`;
  }
  const table = model?.tables.find((x) => x.id === t.tableId);
  const cell = table?.cells.find((c) => c.sourceRow === t.sourceRow && c.sourceCol === t.sourceCol);
  if (!cell) return `cell ${t.tableId} r${t.sourceRow} c${t.sourceCol}`;
  const where = [...cell.rowPath.slice(-1), ...cell.colPath.slice(-1)].join(' · ');
  return `${cell.text || '(empty)'}${where ? ` — ${where}` : ''}`;
}
