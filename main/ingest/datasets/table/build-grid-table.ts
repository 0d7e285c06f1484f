import type { Cell, SourceLocation, Table, TableRow } from '../../../../shared/document';
import { resolveUnit } from '../../table/cell-unit';
import { isSymbolOnly, mergeSymbolCells, type Piece } from '../../table/merge-symbols';
import type { RawTable } from '../../table/raw-types';
import type { ScaleNote } from '../../table/scale-note';
import { layoutGrid, type Grid } from '../../table/table-grid';
import { isNumeric, isYearLike, parseCellValue } from '../../table/cell-value';
import { firstValueColumn } from '../../table/first-value-column';
import { scaleNoteOf, statedCurrency } from './currency-scale';
import { columnHeaderTree, columnNote, columnPath, detectHeaderRows } from './header-rows';
import { qualifyRepeatedColumns, qualifyRepeatedHeaders } from '../../table/repeated-labels';
import { placeRows, type BodyLine } from './row-paths';
import { amountsOf } from '../../table/row-sums';

export interface GridTableInput {
  raw: RawTable;
  location: SourceLocation;
  caption?: string;
  /**
   * A scale statement from the text around the table ("The table below presents net sales
   * (in millions):"), used when the table itself states none.
   */
  contextNote?: string | null;
  /** Rows that are headers whatever they look like (TAT-QA and FinQA: the first row). */
  minHeaderRows?: number;
}

const percentCaption =
  /\bas a percent(?:age)? of\b|\bpercent(?:age)? of (?:total |net )?(?:revenue|sales)\b/i;

const isQuantity = (p: Piece) => isNumeric(p.parsed) && !isYearLike(p.text);

/**
 * The value columns start where quantities start in two rows (`firstValueColumn`), unless a
 * column left of that holds quantities too and is named by the header row right above the
 * body as the value columns are (a year as they are, or words as they are): TAT-QA's "Domestic | International" table has Domestic's "4.00% | 3.75%" in one row
 * only (the rows below have International rates alone), under "2019 | 2018" like
 * International's. Such a column is a value column, so the header spanning it stays a
 * column header instead of its numbers joining the row label.
 */
function headedValueColumn(grid: Grid, pieces: Piece[][], found: number): number {
  const firstBody = pieces.findIndex((ps) => ps.some((p) => p.col > 0 && isQuantity(p)));
  if (firstBody <= 0) return found;
  const above = grid.rows.slice(0, firstBody).findLast((cells) => cells.some((c) => c.text !== ''));
  if (above === undefined) return found;
  const candidates = new Set<number>();
  for (const ps of pieces)
    for (const p of ps) if (p.col > 0 && p.col < found && isQuantity(p)) candidates.add(p.col);
  const headerAt = (c: number) => above.find((h) => h.col <= c && c <= h.lastCol)?.text ?? '';
  const kind = (text: string) => (isYearLike(text) ? 'year' : 'words');
  const over = headerAt(found);
  for (const c of [...candidates].sort((a, b) => a - b)) {
    const named = headerAt(c);
    const headerRow = above
      .filter((h) => h.lastCol >= c && h.text !== '')
      .every((h) => !isNumeric(parseCellValue(h.text)) || isYearLike(h.text));
    // named like the value columns ("2019" as over them; not "Useful life (in years)")
    if (named !== '' && over !== '' && kind(named) === kind(over) && headerRow) return c;
  }
  return found;
}

type HeaderRows = ReturnType<typeof detectHeaderRows>;

/** What the rows below the header say: their labels, whether they hold values, their amounts. */
function bodyLines(
  grid: Grid,
  pieces: Piece[][],
  headers: HeaderRows,
  valueCol: number,
): BodyLine[] {
  const lines: BodyLine[] = [];
  grid.rows.forEach((cells, r) => {
    if (headers.headerRows.has(r)) return;
    const misplaced = headers.labelRows.has(r);
    // A "$" left of the first value column belongs to the number it was merged with.
    const labels = cells.filter(
      (c) => (misplaced || c.col < valueCol) && c.text !== '' && !isSymbolOnly(c.text),
    );
    const values = misplaced
      ? []
      : (pieces[r] ?? []).filter((p) => p.col >= valueCol && !isSymbolOnly(p.text));
    lines.push({
      sourceRow: r,
      label: labels.map((c) => c.text).join(' '),
      hasValues: values.length > 0,
      empty: labels.length === 0 && values.length === 0,
      labelFirstCol: labels[0]?.col ?? 0,
      labelLastCol: labels.at(-1)?.lastCol ?? 0,
      parts: labels.map((c) => ({ col: c.col, text: c.text })),
      amounts: amountsOf(values),
    });
  });
  return lines;
}

/** What the table as a whole says of its units: its scale note, currency, money, percentages. */
interface TableUnits {
  tableNote: ScaleNote | null;
  /** The currency the table names (pounds, euros), shown instead of "USD"; null: dollars. */
  currency: string | null;
  monetary: boolean;
  percentTable: boolean;
}

function tableUnits(
  input: GridTableInput,
  grid: Grid,
  pieces: Piece[][],
  headers: HeaderRows,
  placed: readonly TableRow[],
): TableUnits {
  const noteLines = placed.filter((p) => p.kind === 'note').map((p) => p.label);
  const headerTexts = [...headers.headerRows]
    .sort((a, b) => a - b)
    .flatMap((r) => (grid.rows[r] ?? []).map((c) => c.text));
  const tableNote: ScaleNote | null =
    [...headerTexts, ...noteLines, input.caption ?? '', input.contextNote ?? '']
      .map(scaleNoteOf)
      .find((n) => n !== null) ?? null;
  const showsCurrency = pieces.some((ps) => ps.some((p) => p.parsed.currency));
  // resolveUnit says "USD" for any amount; a table that names pounds or euros means those.
  const currency = statedCurrency([...headerTexts, tableNote?.phrase ?? '', input.caption ?? '']);
  const monetary = tableNote !== null || showsCurrency;
  const percentTable = !showsCurrency && percentCaption.test(input.caption ?? '');
  return { tableNote, currency, monetary, percentTable };
}

/** One cell per value piece of each body row with values, its unit and scale resolved. */
function gridCells(
  lines: readonly BodyLine[],
  pieces: Piece[][],
  placedByRow: Map<number, TableRow>,
  headers: HeaderRows,
  valueCol: number,
  units: TableUnits,
): Cell[] {
  const { tableNote, currency, monetary, percentTable } = units;
  const cells: Cell[] = [];
  for (const line of lines) {
    if (!line.hasValues) continue;
    const r = line.sourceRow;
    const rowPath = placedByRow.get(r)?.path ?? [];
    const band = headers.bandOf.get(r);
    const rowNote = rowPath.map(scaleNoteOf).findLast((n) => n !== null) ?? null;
    for (const p of pieces[r] ?? []) {
      if (p.col < valueCol || isSymbolOnly(p.text)) continue;
      const colPath = columnPath(band, p.col, p.firstCol);
      const note = rowNote ?? columnNote(band, p.col) ?? tableNote;
      // Words and "n/a" are not quantities: no unit, no scale.
      const quantity = p.parsed.kind !== 'text' && p.parsed.kind !== 'na';
      const { unit, scale } = quantity
        ? resolveUnit(p.parsed, rowPath, colPath, { note, monetary, percentTable })
        : { unit: null, scale: 1 };
      const shownUnit = unit === 'USD' && currency !== null ? currency : unit;
      cells.push({
        sourceRow: r,
        sourceCol: p.col,
        text: p.text,
        kind: p.parsed.kind,
        value: p.parsed.value,
        ...(p.parsed.range ? { range: p.parsed.range } : {}),
        scale,
        unit: shownUnit,
        rowPath,
        colPath,
      });
    }
  }
  return cells;
}

/** The table's rows in grid order: header rows, then each body row as placed. */
function tableRows(
  grid: Grid,
  headers: HeaderRows,
  placedByRow: Map<number, TableRow>,
): TableRow[] {
  const rows: TableRow[] = [];
  grid.rows.forEach((cellsOfRow, r) => {
    if (headers.headerRows.has(r)) {
      const label = cellsOfRow
        .map((c) => c.text)
        .filter((t) => t !== '')
        .join(' ');
      rows.push({ sourceRow: r, kind: 'header', label, level: 0, path: [] });
    } else {
      const placed = placedByRow.get(r);
      if (placed) rows.push(placed);
    }
  });
  return rows;
}

/**
 * Reads one dataset table (no styling: no bold, no indentation) into our Table: grid layout and
 * symbol merging from the SEC parser, header rows and row paths for style-less grids, then
 * scale and unit per cell with the SEC parser's rules (cell > row label > column header >
 * table note > surrounding text).
 */
export function buildGridTable(input: GridTableInput): Table {
  const { raw } = input;
  const grid = layoutGrid(raw);
  const pieces: Piece[][] = grid.rows.map(mergeSymbolCells);
  // Count a "$"-prefixed number at the column of its digits, where the values line up.
  const found = firstValueColumn(pieces.map((ps) => ps.map((p) => ({ ...p, firstCol: p.col }))));
  // Datasets only hold data tables; one without numbers still has its labels in column 0.
  const valueCol = Number.isFinite(found)
    ? headedValueColumn(grid, pieces, found)
    : Math.min(1, grid.colCount - 1);
  const headers = detectHeaderRows(grid, valueCol, input.minHeaderRows ?? 0);
  const lines = bodyLines(grid, pieces, headers, valueCol);
  const tree = placeRows(lines);
  const placedByRow = new Map(tree.placed.map((p) => [p.sourceRow, p]));
  const units = tableUnits(input, grid, pieces, headers, tree.placed);
  const cells = gridCells(lines, pieces, placedByRow, headers, valueCol, units);

  const columnHeaders = columnHeaderTree(headers.bands);
  qualifyRepeatedHeaders(columnHeaders, cells);
  qualifyRepeatedColumns(cells);

  return {
    id: `t${raw.sourceIndex}`,
    sourceIndex: raw.sourceIndex,
    caption: input.caption ?? '',
    scaleNote: units.tableNote?.phrase ?? null,
    location: input.location,
    rowCount: raw.rows.length,
    colCount: grid.colCount,
    columnHeaders,
    rowHeaders: tree.roots,
    rows: tableRows(grid, headers, placedByRow),
    cells,
  };
}
