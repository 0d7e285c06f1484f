import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gridPositions } from '../../shared/document/grid-layout';
import { TableSet } from '../../shared/sandbox/cell-lookup';
import { sandboxTables } from '../../shared/sandbox/document-tables';
import type { Document, Table } from '../../shared/document';
import { ingestBytes } from '../../main/ingest/ingest-bytes';
import { dataPath } from './data-dir';

/**
 * Cell addressing measured on a Document: every numeric cell (a finite displayed value) of
 * every table, mapped to the sandbox as a program sees it, then looked up again by its grid
 * position and by its own row and column header paths. A cell counts as reachable when the
 * lookup returns that very cell (a path shared with another cell of the table is ambiguous).
 */
export interface AddressingCount {
  tables: number;
  numeric: number;
  byPosition: number;
  byPath: number;
  /** A few cells whose path is not unique, for the report. */
  ambiguous: { tableId: string; rowPath: string[]; colPath: string[] }[];
  /** Cells the grid does not show (no position): should be none. */
  unplaced: { tableId: string; sourceRow: number; sourceCol: number }[];
}

export const emptyCount = (): AddressingCount => ({
  tables: 0,
  numeric: 0,
  byPosition: 0,
  byPath: 0,
  ambiguous: [],
  unplaced: [],
});

export function addCounts(into: AddressingCount, more: AddressingCount, keep = 20): void {
  into.tables += more.tables;
  into.numeric += more.numeric;
  into.byPosition += more.byPosition;
  into.byPath += more.byPath;
  into.ambiguous.push(...more.ambiguous.slice(0, Math.max(0, keep - into.ambiguous.length)));
  into.unplaced.push(...more.unplaced.slice(0, Math.max(0, keep - into.unplaced.length)));
}

const numericCells = (t: Table) =>
  t.cells.filter((c) => c.value !== null && Number.isFinite(c.value));

const samePath = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

export function countAddressing(doc: Pick<Document, 'tables'>, keep = 20): AddressingCount {
  const out = emptyCount();
  const set = new TableSet(sandboxTables(doc));
  for (const table of doc.tables) {
    const positions = gridPositions(table);
    out.tables++;
    for (const c of numericCells(table)) {
      out.numeric++;
      const at = positions.of(c);
      if (!at) {
        if (out.unplaced.length < keep)
          out.unplaced.push({ tableId: table.id, sourceRow: c.sourceRow, sourceCol: c.sourceCol });
        continue;
      }
      // By position: the program gets this cell's number, paths and text.
      const byPos = set.findCell(table.id, at.row, at.col);
      if (
        byPos.ok &&
        byPos.value === c.value &&
        byPos.cell.text === c.text &&
        samePath(byPos.cell.rowPath, c.rowPath) &&
        samePath(byPos.cell.colPath, c.colPath)
      )
        out.byPosition++;
      // By its own header paths: the lookup lands on this very grid cell.
      const byPath = set.findCell(table.id, c.rowPath, c.colPath);
      if (byPath.ok && byPath.cell.row === at.row && byPath.cell.col === at.col) out.byPath++;
      else if (out.ambiguous.length < keep)
        out.ambiguous.push({ tableId: table.id, rowPath: c.rowPath, colPath: c.colPath });
    }
  }
  return out;
}

export const percent = (n: number, of: number) => (of === 0 ? 100 : (100 * n) / of);

/** The SEC filings of the data folder: sec/<filing>/<main document> and sec-more/*.html. */
export function secFilings(): { label: string; path: string }[] {
  const out: { label: string; path: string }[] = [];
  const sec = dataPath('sec');
  if (existsSync(sec)) {
    for (const dir of readdirSync(sec, { withFileTypes: true })) {
      if (!dir.isDirectory()) continue;
      const main = readdirSync(join(sec, dir.name))
        .filter((f) => /\.html?$/i.test(f) && !/^R\d+\.htm$/i.test(f))
        .sort((a, b) => a.length - b.length)[0];
      if (main) out.push({ label: `sec/${dir.name}`, path: join(sec, dir.name, main) });
    }
  }
  const more = dataPath('sec-more');
  if (existsSync(more)) {
    for (const f of readdirSync(more).sort())
      if (/\.html?$/i.test(f)) out.push({ label: `sec-more/${f}`, path: join(more, f) });
  }
  return out.sort((a, b) => a.label.localeCompare(b.label));
}

export const ingestFiling = (path: string): Document =>
  ingestBytes(path.split('/').pop() ?? path, new Uint8Array(readFileSync(path)));
