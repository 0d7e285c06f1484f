import type { EvidenceTarget } from '../../../shared/document/evidence';
import { evidenceKey } from '../../../shared/document/evidence-key';

/**
 * A dataset's gold evidence, indexed for the document view. Drawn apart from the user's own
 * marks: gold is outlined in green, marks are filled yellow, and a target may be both.
 */
export interface GoldMarks {
  /** Paragraph (or heading) block ids. */
  blocks: ReadonlySet<string>;
  /** Tables named as a whole. */
  tables: ReadonlySet<string>;
  /** "tableId:sourceRow" of whole rows. */
  rows: ReadonlySet<string>;
  /** "tableId:sourceRow:sourceCol" of single cells. */
  cells: ReadonlySet<string>;
  /** 1-based PDF pages. */
  pages: ReadonlySet<number>;
  /** evidenceKey() of the item the user went to, drawn stronger. */
  activeKey?: string;
}

/** Indexes the resolved targets (unresolved references, null, are skipped). */
export function goldMarks(
  targets: readonly (EvidenceTarget | null)[],
  active?: EvidenceTarget | null,
): GoldMarks {
  const blocks = new Set<string>();
  const tables = new Set<string>();
  const rows = new Set<string>();
  const cells = new Set<string>();
  const pages = new Set<number>();
  for (const t of targets) {
    if (!t) continue;
    switch (t.type) {
      case 'paragraph':
        blocks.add(t.blockId);
        break;
      case 'table':
        tables.add(t.tableId);
        break;
      case 'row':
        rows.add(`${t.tableId}:${t.sourceRow}`);
        break;
      case 'cell':
        cells.add(`${t.tableId}:${t.sourceRow}:${t.sourceCol}`);
        break;
      case 'page':
        pages.add(t.page);
        break;
    }
  }
  return {
    blocks,
    tables,
    rows,
    cells,
    pages,
    ...(active ? { activeKey: evidenceKey(active) } : {}),
  };
}

/** A cell named by itself or through its row (a whole table is outlined as a whole instead). */
export const isGoldCell = (g: GoldMarks, tableId: string, sourceRow: number, sourceCol: number) =>
  g.cells.has(`${tableId}:${sourceRow}:${sourceCol}`) || g.rows.has(`${tableId}:${sourceRow}`);

export const isGoldRow = (g: GoldMarks, tableId: string, sourceRow: number) =>
  g.rows.has(`${tableId}:${sourceRow}`);

/** Tables holding any gold (whole, a row or a cell): the ones to mount and show first. */
export function goldTableIds(g: GoldMarks): Set<string> {
  const ids = new Set(g.tables);
  for (const k of [...g.rows, ...g.cells]) ids.add(k.slice(0, k.indexOf(':')));
  return ids;
}
