import type { EvidenceTarget } from '../../shared/document/evidence';
import { gridPositions } from '../../shared/document/grid-layout';
import type { Document } from '../../shared/document';

/**
 * The cells a JavaScript program names by grid position (`cell('t1', 4, 2)`, `cellInfo(...)`),
 * read from its text. Runs do not store the sandbox's read trace yet, so this is what the
 * report can show: calls with literal positions only (header paths and computed positions are
 * not resolved), mapped to the source cells the document view highlights.
 */
export function programCells(program: string | null, doc: Document): EvidenceTarget[] {
  if (!program) return [];
  const out: EvidenceTarget[] = [];
  const seen = new Set<string>();
  const call = /\bcell(?:Info)?\(\s*(['"])(t\d+)\1\s*,\s*(\d+)\s*,\s*(\d+)\s*\)/g;
  const layouts = new Map<string, ReturnType<typeof gridPositions> | null>();
  for (const m of program.matchAll(call)) {
    const tableId = m[2]!;
    if (!layouts.has(tableId)) {
      const t = doc.tables.find((x) => x.id === tableId);
      layouts.set(tableId, t ? gridPositions(t) : null);
    }
    const grid = layouts.get(tableId);
    if (!grid) continue;
    const row = grid.layout.rows[Number(m[3])];
    const column = grid.layout.columns[Number(m[4])];
    const cell = row && column ? row.cells[column.field] : undefined;
    if (!cell) continue;
    const key = `${tableId}:${cell.sourceRow}:${cell.sourceCol}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ type: 'cell', tableId, sourceRow: cell.sourceRow, sourceCol: cell.sourceCol });
  }
  return out;
}
