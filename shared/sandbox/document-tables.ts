import { gridPositions } from '../document/grid-layout';
import type { Cell, Document, Table } from '../document';
import type { CellXbrl, SandboxCell, SandboxTable } from './types';

/** A tagged cell's fact as cellInfo() gives it (the fact its value came from). */
function cellXbrl(c: Cell): CellXbrl | undefined {
  const fact = c.visible === undefined ? undefined : c.xbrl?.[0];
  if (fact === undefined) return undefined;
  return {
    concept: fact.concept,
    period: fact.period,
    dimensions: fact.dimensions,
    unit: fact.unit,
    decimals: fact.decimals,
    shownValue: c.visible?.value ?? null,
  };
}

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
    const cell: SandboxCell = {
      rowPath: c.rowPath,
      colPath: c.colPath,
      value: c.value,
      row: at.row,
      col: at.col,
      scale: c.scale,
      unit: c.unit,
      text: c.text,
    };
    const xbrl = cellXbrl(c);
    if (xbrl !== undefined) cell.xbrl = xbrl;
    cells.push(cell);
  }
  cells.sort((a, b) => (a.row ?? 0) - (b.row ?? 0) || (a.col ?? 0) - (b.col ?? 0));
  return { id: table.id, caption: table.caption, cells };
}

export const sandboxTables = (document: Pick<Document, 'tables'>): SandboxTable[] =>
  document.tables.map(sandboxTable);
