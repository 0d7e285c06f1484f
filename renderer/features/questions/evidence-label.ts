import type { EvidenceTarget } from '../../../shared/document/evidence';
import type { Document, Table } from '../../../shared/document';

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

const tableName = (t: Table | undefined, id: string) =>
  t ? `table ${clip(t.caption || `${t.sourceIndex + 1}`, 60)}` : `table ${id}`;

/**
 * What a resolved gold reference points at, in words, read from the document as parsed: the
 * paragraph's opening, the row's label, the cell's header paths and value as filed. Without the
 * document (still loading, or not in the library) it names the target by its ids.
 */
export function describeTarget(target: EvidenceTarget, model: Document | undefined): string {
  switch (target.type) {
    case 'page':
      return `page ${target.page}`;
    case 'paragraph': {
      const b = model?.blocks.find((x) => x.id === target.blockId);
      if (!model) return `paragraph ${target.blockId}`;
      if (!b || b.type === 'table') return `paragraph ${target.blockId} (not in this document)`;
      return `paragraph: “${clip(b.text, 90)}”`;
    }
    case 'table': {
      const t = model?.tables.find((x) => x.id === target.tableId);
      return `${tableName(t, target.tableId)} (whole table)`;
    }
    case 'row': {
      const t = model?.tables.find((x) => x.id === target.tableId);
      const row = t?.rows.find((r) => r.sourceRow === target.sourceRow);
      const label = row ? clip(row.path.join(' › ') || row.label, 80) : `${target.sourceRow}`;
      return `row ${row ? `“${label}”` : label} of ${tableName(t, target.tableId)}`;
    }
    case 'cell': {
      const t = model?.tables.find((x) => x.id === target.tableId);
      const cell = t?.cells.find(
        (c) => c.sourceRow === target.sourceRow && c.sourceCol === target.sourceCol,
      );
      if (!cell)
        return `cell at row ${target.sourceRow}, column ${target.sourceCol} of ${tableName(t, target.tableId)}`;
      const path = [cell.rowPath.join(' › '), cell.colPath.join(' › ')].filter(Boolean).join(' | ');
      return `${clip(path, 100)} = ${cell.text}`;
    }
  }
}

/** The table an evidence target is in, if any (to mount and scroll to it). */
export function targetTableId(target: EvidenceTarget): string | undefined {
  return target.type === 'table' || target.type === 'row' || target.type === 'cell'
    ? target.tableId
    : undefined;
}
