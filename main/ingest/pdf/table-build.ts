import type { Cell, Table, TableRow } from '../../../shared/document';
import { buildRowTree, type BodyRow } from '../table/row-tree';
import { qualifyRepeatedColumns, qualifyRepeatedHeaders } from '../table/repeated-labels';
import type { CellLine, LineCell } from './line-cells';
import { placeCells, type ValueColumn } from './table-columns';
import { endsMidPhrase, type TableRegion } from './table-detect';
import { captionOf, labelOf, scaleNoteOf } from './table-caption';
import { cellOf, columnUnits } from './table-cells';
import { buildBand, columnPath, headerTree, spanOf, type Band } from './table-header';

interface GridRow {
  sourceRow: number;
  label: string;
  indent: number;
  values: Array<{ cell: LineCell; col: number }>;
  band: Band | undefined;
  lines: CellLine[];
}

/**
 * A label that carries on from the line above: starts in lower case ("activities", "housing"),
 * or follows a line that stopped mid-phrase ("…shares issued at" / "December 31, 2019…").
 */
const continues = (label: string, before: string) =>
  (/^[a-z($]/.test(label) && !/^\(\d/.test(label)) ||
  (label !== '' && endsMidPhrase(before)) ||
  // "Common stock ($0.10 par value; 6,250,000,000 shares authorized;" / "4,291,433,646 shares…)"
  (label !== '' && (before.match(/\(/g) ?? []).length > (before.match(/\)/g) ?? []).length);

/**
 * pdf.js does not say which text is bold without rendering the page, so a value-less label
 * that reads like a heading stands in for the bold section titles of statements: Title Case
 * ("Cash Flows from Operating Activities"), capitals, or a closing colon.
 */
function headingLike(label: string): boolean {
  const t = label.trim();
  if (t === '' || /\.$/.test(t)) return false;
  if (/:$/.test(t) || (/[A-Z]{2}/.test(t) && t === t.toUpperCase())) return true;
  const words = t.split(/\s+/).filter((w) => /^[A-Za-z]{4,}/.test(w));
  return words.length > 0 && words.filter((w) => /^[A-Z]/.test(w)).length >= 0.7 * words.length;
}

/**
 * "Verizon Communications  < 5 Years  …" / "5-10 Years  …": a row that starts in a word column
 * under a labelled row belongs to the label printed once on the first row of the group.
 */
function groupLabel(l: CellLine, above: GridRow | undefined): string {
  const first = l.cells[l.firstValue];
  const words = first !== undefined && first.parsed.kind === 'text';
  return words && l.role === 'row' && above !== undefined && above.values.length > 0
    ? above.label
    : '';
}

/** A line of words over the value columns only, inside the body: the header of a stacked band. */
const isInnerHeader = (l: CellLine, cols: ValueColumn[]) =>
  l.role === 'text' && l.cells.every((c) => spanOf(c.x0, c.x1, cols) !== null);

/**
 * Turns body lines into grid rows: a label-only line followed by lines whose label continues
 * it in lower case is one wrapped label; its values are on its last line.
 */
function bodyRows(region: TableRegion, firstRow: number, topBand: Band | undefined) {
  const cols = region.columns;
  const rows: GridRow[] = [];
  const bands: Band[] = topBand ? [topBand] : [];
  let band = topBand;
  let pending: GridRow | null = null;
  let inner: CellLine[] = [];
  let next = firstRow;
  const headerRows: number[] = [];
  const flushInner = () => {
    if (inner.length === 0) return;
    const rowsOf = inner.map(() => next++);
    headerRows.push(...rowsOf);
    band = buildBand(inner, rowsOf, cols);
    bands.push(band);
    inner = [];
  };
  for (const l of region.body) {
    if (isInnerHeader(l, cols) && pending === null) {
      inner.push(l);
      continue;
    }
    flushInner();
    const label = labelOf(l);
    const x0 = l.cells[0]?.x0 ?? l.line.x0;
    // Values set a little below a label of their own (a label cell centred on two lines).
    const lastLine = pending?.lines.at(-1);
    const sameRow =
      lastLine !== undefined &&
      label === '' &&
      l.role === 'row' &&
      lastLine.line.y - l.line.y < 0.7 * l.line.size;
    if (
      pending !== null &&
      (sameRow || (continues(label, pending.label) && x0 >= pending.indent - 1))
    ) {
      pending.label = `${pending.label} ${label}`.trim();
      pending.lines.push(l);
      if (l.role === 'row') {
        pending.values = placeCells(l, cols);
        pending = null;
      }
      continue;
    }
    const row: GridRow = {
      sourceRow: next++,
      label: label === '' ? groupLabel(l, rows.at(-1)) : label,
      indent: l.firstValue === 0 ? Infinity : x0,
      values: l.role === 'row' ? placeCells(l, cols) : [],
      band,
      lines: [l],
    };
    rows.push(row);
    pending = l.role === 'row' ? null : row;
  }
  flushInner();
  return { rows, bands, headerRows, rowCount: next };
}

/** The box around the table's lines, in user space (origin bottom-left). */
function boxOf(lines: CellLine[]) {
  const x0 = Math.min(...lines.map((l) => l.line.x0));
  const x1 = Math.max(...lines.map((l) => l.line.x1));
  const top = Math.max(...lines.map((l) => l.line.y + l.line.size));
  const bottom = Math.min(...lines.map((l) => l.line.y - 0.25 * l.line.size));
  return { x: x0, y: bottom, width: Math.max(0, x1 - x0), height: Math.max(0, top - bottom) };
}

/** The model Table for a region found on `page` (1-based), `index`-th on that page. */
export function buildTable(region: TableRegion, page: number, index: number): Table {
  const cols = region.columns;
  const topRows = region.band.map((_, i) => i);
  const topBand = region.band.length > 0 ? buildBand(region.band, topRows, cols) : undefined;
  const { rows, bands, headerRows, rowCount } = bodyRows(region, region.band.length, topBand);
  const minIndent = Math.min(...rows.map((r) => r.indent));
  const body: BodyRow[] = rows.map((r) => ({
    sourceRow: r.sourceRow,
    label: r.label,
    indentPt: Number.isFinite(r.indent) ? r.indent - minIndent : 0,
    bold: r.values.length === 0 && headingLike(r.label),
    hasValues: r.values.length > 0,
    labelFirstCol: 0,
    labelLastCol: 0,
  }));
  const { placed, roots } = buildRowTree(body);
  const pathOf = new Map(placed.map((p) => [p.sourceRow, p]));
  const note = scaleNoteOf(region);
  const tableRows: TableRow[] = [];
  for (const r of [...topRows, ...headerRows]) {
    tableRows.push({ sourceRow: r, kind: 'header', label: '', level: 0, path: [] });
  }
  const cells: Cell[] = [];
  for (const r of rows) {
    const placedRow = pathOf.get(r.sourceRow);
    const rowPath = placedRow?.path ?? [r.label];
    tableRows.push({
      sourceRow: r.sourceRow,
      kind: placedRow?.kind ?? 'data',
      label: placedRow?.label ?? r.label,
      level: placedRow?.level ?? 0,
      path: rowPath,
    });
    for (const v of r.values) {
      cells.push(cellOf(r, v, note, rowPath, columnPath(r.band, v.col + 1)));
    }
  }
  tableRows.sort((a, b) => a.sourceRow - b.sourceRow);
  columnUnits(cells);
  const columnHeaders = headerTree(bands);
  qualifyRepeatedHeaders(columnHeaders, cells);
  qualifyRepeatedColumns(cells);
  return {
    id: `p${page}-t${index}`,
    sourceIndex: index,
    page,
    caption: captionOf(region),
    scaleNote: note?.phrase ?? null,
    location: { kind: 'pdf', page, box: boxOf([...region.band, ...region.body]) },
    rowCount,
    colCount: cols.length + 1,
    columnHeaders,
    rowHeaders: roots,
    rows: tableRows,
    cells,
  };
}
