import { gridPositions } from '../document/grid-layout';
import type { Document, Table } from '../model';
import type { SandboxCell, SandboxTable } from './types';

/**
 * The Document → sandbox mapping, the one place it is made: each table of a document becomes a
 * SandboxTable whose cells carry both addresses a program may use — the grid position the
 * document view shows (`cell(tableId, row, col)`) and the row and column header paths
 * (`cell(tableId, rowPath, colPath)`) — with the number as displayed, its scale, unit and
 * filed text. Every cell the grid shows is mapped, numeric or not (table() lists them all;
 * cell() refuses a non-numeric one with a reason).
 */
export function sandboxTable(table: Table): SandboxTable {
  const positions = gridPositions(table);
  const cells: SandboxCell[] = [];
  for (const c of table.cells) {
    const at = positions.of(c);
    if (!at) continue;
    cells.push({
      rowPath: c.rowPath,
      colPath: c.colPath,
      value: c.value,
      row: at.row,
      col: at.col,
      scale: c.scale,
      unit: c.unit,
      text: c.text,
    });
  }
  cells.sort((a, b) => (a.row ?? 0) - (b.row ?? 0) || (a.col ?? 0) - (b.col ?? 0));
  return { id: table.id, caption: table.caption, cells };
}

export const sandboxTables = (document: Pick<Document, 'tables'>): SandboxTable[] =>
  document.tables.map(sandboxTable);
