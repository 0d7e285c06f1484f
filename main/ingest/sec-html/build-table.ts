import type { Table, TableRow } from '../../../shared/document';
import {
  columnHeaderTree,
  detectHeaderBands,
  type HeaderAnalysis,
  type HeaderBand,
} from './header-band';
import { isPureScaleNote } from '../table/header-text';
import { isSymbolOnly, mergeSymbolCells, type Piece } from '../table/merge-symbols';
import { isYearLike, parseCellValueShared } from '../table/cell-value';
import { labelNumbers } from './label-numbers';
import { mayAssumeScale } from './prevailing-scale';
import type { RawTable } from '../table/raw-types';
import { qualifyRepeatedColumns, qualifyRepeatedHeaders } from '../table/repeated-labels';
import { qualifyByKeyColumn } from '../table/key-column';
import { panelRowPaths } from '../table/side-by-side';
import { buildRowTree, type BodyRow, type PlacedRow } from '../table/row-tree';
import { amountsOf } from '../table/row-sums';
import { findScaleNote, type ScaleNote } from '../table/scale-note';
import { makeCells, type BodyPieces, type CellContext } from './table-cells';
import { layoutGrid } from '../table/table-grid';
import { firstValueColumn } from '../table/first-value-column';
import { judgeTable } from './table-layout-check';
import { captionSaysIndex, percentCaptionPhrase, tableAreaNote } from './table-scale';
import type { HeaderNode } from '../../../shared/document';

/** Text around the table that may name it or state its scale, nearest first. */
export interface TableSurroundings {
  caption: string;
  /** Caption lines and the paragraph before them, nearest to the table first. */
  nearby: string[];
}

/** A data table read as far as structure goes; cells wait for the filing's usual scale. */
export interface AnalysedTable {
  data: true;
  raw: RawTable;
  around: TableSurroundings;
  /** The table's own scale statement (inside it or in the text above it). */
  note: ScaleNote | null;
  /** Where `note` was read. */
  noteSource: 'table-note' | 'caption';
  colCount: number;
  valueCol: number;
  headers: HeaderAnalysis;
  body: BodyPieces[];
  placed: Map<number, PlacedRow>;
  rowHeaders: HeaderNode[];
  tableRows: TableRow[];
  showsCurrency: boolean;
  /** The table this one continues across a page break, and the header band it took from it. */
  continues?: { id: string; band: HeaderBand };
  /**
   * A one-row table without a header is data only as the continuation of the table above it;
   * otherwise it is layout with these lines (`asLayout`).
   */
  unlessContinued?: { reason: string; lines: string[] };
}

export type TableAnalysis = AnalysedTable | { data: false; reason: string; lines: string[] };

// "Other (1)", "Diluted EPS(2)", "Operating lease liabilities (1)(2)": marks after a label
const trailingMarks = /\s*((?:\(\d{1,2}\)\s*)+)$/;
const endsWithParen = /\)\s*$/;
const amountBefore = /(?:\$|[-\u2013\u2014,:=]|\b(?:and|or|of|to|by|from|at))\s*$/i;

/**
 * Takes footnote marks written after a row label or a column header in plain text ("Other
 * (1)", "Average Price Paid per Share (1)") off it into its footnotes, as raised marks already
 * are. Only parenthesised numbers at the end of a text that has words (or, over a column, is
 * a year: "2024 (1)"): "Series 2" and "737" are parts of a name, not marks, and the letters of
 * "(a)", "(b)" name the columns of an equity compensation plan table.
 */
function takeTrailingMarks(p: Piece, yearMayHaveMarks = false): void {
  if (!endsWithParen.test(p.text)) return;
  const m = trailingMarks.exec(p.text);
  if (m === null) return;
  const head = p.text.slice(0, m.index);
  const named = /[a-z]/i.test(head) || (yearMayHaveMarks && isYearLike(head));
  // "net of tax of $(134), $63 and $(49)": the last of a list of amounts, not a mark
  if (!named || amountBefore.test(head)) return;
  const marks = (m[1] ?? '').match(/\d{1,2}/g) ?? [];
  p.text = head;
  p.parsed = parseCellValueShared(p.text);
  p.footnotes = [...(p.footnotes ?? []), ...marks];
}

function bodyRow(
  sourceRow: number,
  pieces: Piece[],
  firstValueCol: number,
  block: number | undefined,
): BodyRow {
  const labels = pieces.filter((p) => p.firstCol < firstValueCol);
  const values = pieces.filter((p) => p.firstCol >= firstValueCol && !isSymbolOnly(p.text));
  const first = labels[0];
  const label = labels.map((p) => p.text).join(' ');
  const labelParts = labels
    .filter((p) => p.text.trim() !== '' && !isSymbolOnly(p.text))
    .map((p) => ({ col: p.firstCol, text: p.text }));
  return {
    sourceRow,
    label,
    indentPt: first?.indentPt ?? 0,
    bold: first?.bold ?? false,
    hasValues: values.length > 0,
    scaleLine: values.length === 0 && isPureScaleNote(label),
    labelFirstCol: first?.firstCol ?? 0,
    labelLastCol: labels.at(-1)?.lastCol ?? 0,
    labelParts,
    amounts: amountsOf(values),
    block,
  };
}

/**
 * Reads one `<table>` up to its cells: grid, symbol merging, value columns, header bands, row
 * tree and its own scale note. A layout table comes back as its text lines.
 */
export function analyseTable(raw: RawTable, around: TableSurroundings): TableAnalysis {
  const grid = layoutGrid(raw);
  const rows = grid.rows.map(mergeSymbolCells);
  const valueCol = firstValueColumn(rows);
  const headers = detectHeaderBands(rows, valueCol);
  const verdict = judgeTable(rows, grid.colCount, valueCol, headers);
  const lines = () => rows.map((ps) => ps.map((p) => p.text).join(' ')).filter((l) => l !== '');
  if (!verdict.data && verdict.dataIfContinued !== true) {
    return { data: false, reason: verdict.reason, lines: lines() };
  }
  const body = rows
    .map((pieces, r) => ({ pieces, r }))
    .filter(({ pieces, r }) => pieces.length > 0 && !headers.headerRows.has(r));
  for (const { pieces } of body) {
    for (const p of pieces) if (p.firstCol < valueCol) takeTrailingMarks(p);
  }
  for (const band of headers.bands) {
    for (const p of band.pieces.flat()) if (p.firstCol >= valueCol) takeTrailingMarks(p, true);
  }
  // Rows under one header band form a block (a band restated in the body starts the next).
  const blocks = new Map(headers.bands.map((b, i) => [b.rows[0], i]));
  const blockOf = (r: number) => {
    const band = headers.bandOf.get(r);
    return band === undefined ? undefined : blocks.get(band.rows[0]);
  };
  const bodyRows = body.map(({ pieces, r }) => bodyRow(r, pieces, valueCol, blockOf(r)));
  const tree = buildRowTree(bodyRows);
  const placed = new Map(tree.placed.map((p) => [p.sourceRow, p]));
  const scaleLines = bodyRows.filter((b) => b.scaleLine).map((b) => b.sourceRow);
  const inside = tableAreaNote(rows, scaleLines, headers.headerRows, valueCol, grid.colCount);
  const note = inside ?? around.nearby.map(findScaleNote).find((n) => n !== null) ?? null;
  const tableRows: TableRow[] = [];
  rows.forEach((pieces, r) => {
    if (headers.headerRows.has(r)) {
      const label = pieces.map((p) => p.text).join(' ');
      tableRows.push({ sourceRow: r, kind: 'header', label, level: 0, path: [] });
      return;
    }
    const row = placed.get(r);
    if (row === undefined) return;
    let marks: string[] | undefined;
    for (const p of pieces) {
      if (p.footnotes !== undefined && p.firstCol < valueCol)
        marks = [...(marks ?? []), ...p.footnotes];
    }
    // Keys in the schema's order, so the Document is checked in place (check-document.ts)
    tableRows.push(
      marks === undefined
        ? row
        : {
            sourceRow: row.sourceRow,
            kind: row.kind,
            label: row.label,
            footnotes: marks,
            level: row.level,
            path: row.path,
          },
    );
  });
  return {
    data: true,
    raw,
    around,
    note,
    noteSource: inside === null ? 'caption' : 'table-note',
    colCount: grid.colCount,
    valueCol,
    headers,
    body,
    placed,
    rowHeaders: tree.roots,
    tableRows,
    showsCurrency: rows.some((ps) => ps.some((p) => p.parsed.currency)),
    ...(verdict.data ? {} : { unlessContinued: { reason: verdict.reason, lines: lines() } }),
  };
}

/** A table read as data on condition (`unlessContinued`) that did not continue one: layout. */
export function asLayout(a: AnalysedTable): TableAnalysis {
  const { reason, lines } = a.unlessContinued ?? { reason: 'layout', lines: [] };
  return { data: false, reason, lines };
}

/**
 * Cells with units and scales. A table stating no scale takes the filing's usual one when it
 * passes `mayAssumeScale` (dollar amounts without cents); otherwise its numbers stay at scale 1.
 */
export function finishTable(a: AnalysedTable, usualScale: ScaleNote | null): Table {
  const cellsFor = (note: ScaleNote | null, assumed: boolean) => {
    const percentPhrase = a.showsCurrency
      ? null
      : percentCaptionPhrase([a.around.caption, ...a.around.nearby]);
    const ctx: CellContext = {
      note,
      assumed,
      noteSource: a.noteSource,
      monetary: note !== null || a.showsCurrency,
      percentTable: percentPhrase !== null,
      ...(percentPhrase === null ? {} : { percentPhrase }),
    };
    return makeCells(a.body, a.placed, a.headers.bandOf, a.valueCol, ctx);
  };
  let note = a.note;
  let made = null;
  const indexTable = captionSaysIndex([a.around.caption, ...a.around.nearby]);
  if (note === null && usualScale !== null && !indexTable) {
    const assumed = cellsFor(usualScale, true);
    if (mayAssumeScale(assumed.scaledByTableNote, a.showsCurrency, usualScale)) {
      note = usualScale;
      made = assumed;
    }
  }
  made ??= cellsFor(a.note, false);
  const columnHeaders = columnHeaderTree(a.headers.bands);
  qualifyRepeatedHeaders(columnHeaders, made.cells);
  // A continued table's columns are qualified as they were in the table it continues.
  if (a.continues) qualifyRepeatedHeaders(columnHeaderTree([a.continues.band]), made.cells);
  qualifyRepeatedColumns(made.cells);
  const labelPieces = new Map(
    a.body.map(({ pieces, r }) => [r, pieces.filter((p) => p.firstCol < a.valueCol)]),
  );
  const rows = a.tableRows.map((row) => {
    const numbers = (labelPieces.get(row.sourceRow) ?? []).flatMap((p) => labelNumbers(p, note));
    return numbers.length === 0 ? row : { ...row, numbers };
  });
  qualifyByKeyColumn(rows, made.cells);
  panelRowPaths(made.cells);
  return {
    id: `t${a.raw.sourceIndex}`,
    sourceIndex: a.raw.sourceIndex,
    caption: a.around.caption,
    scaleNote: note?.phrase ?? null,
    location: { kind: 'html', path: a.raw.path },
    rowCount: a.raw.rows.length,
    colCount: a.colCount,
    columnHeaders,
    rowHeaders: a.rowHeaders,
    rows,
    cells: made.cells,
  };
}
