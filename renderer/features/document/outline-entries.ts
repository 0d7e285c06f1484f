import type { Document } from '../../../shared/model';

export interface OutlineEntry {
  id: string;
  kind: 'heading' | 'table';
  text: string;
  level: number;
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The outline's entries in reading order. Headings that only repeat the title of the table right
 * after them (a filing's "NVIDIA Corporation and Subsidiaries" / "Consolidated Statements of
 * Income" / "(In millions…)" above a table whose caption holds all three) are left out, the table
 * entry carrying the title; a heading repeating the entry just before it is left out too. Tables
 * are named by their caption, else "Table on page N" (PDFs), else "Table N".
 */
export function outlineEntries(model: Document): OutlineEntry[] {
  const tables = new Map(model.tables.map((t) => [t.id, t]));
  const out: OutlineEntry[] = [];
  const blocks = model.blocks;
  let tableNumber = 0;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    if (b.type === 'heading') {
      // The table this heading run stands over, if only headings lie between them.
      let j = i + 1;
      while (j < blocks.length && blocks[j]!.type === 'heading') j++;
      const next = blocks[j];
      const caption = next?.type === 'table' ? norm(tables.get(next.id)?.caption ?? '') : '';
      const text = norm(b.text);
      if (text === '' || (caption !== '' && caption.includes(text))) continue;
      const prev = out.at(-1);
      if (prev && norm(prev.text) === text) continue;
      out.push({ id: b.id, kind: 'heading', text: b.text, level: b.level });
    } else if (b.type === 'table') {
      tableNumber++;
      const t = tables.get(b.id);
      const text =
        t?.caption.trim() ||
        (t?.page !== undefined ? `Table on page ${t.page}` : `Table ${tableNumber}`);
      out.push({ id: b.id, kind: 'table', text, level: 0 });
    }
  }
  return out;
}
