import { parseCellValueShared, type ParsedValue } from './cell-value';
import type { RawIxFact } from './raw-types';
import type { GridCell } from './table-grid';

/**
 * A run of source cells read as one: SEC tables put "$", "(" and ")" or "%" in cells of their
 * own next to the number. `col` is the grid column of the cell holding the number.
 */
export interface Piece {
  row: number;
  col: number;
  firstCol: number;
  lastCol: number;
  text: string;
  parsed: ParsedValue;
  bold: boolean;
  indentPt: number;
  isTh: boolean;
  facts: RawIxFact[];
  /** Footnote marks printed on the piece's cells (see RawCell.footnotes), in order. */
  footnotes?: string[] | undefined;
}

const unparsed = parseCellValueShared('');

const prefixSymbol = /^(?:\$|US\$|€|£|¥|\(|\$\s*\(|\(\s*\$)$/;
const suffixSymbol = /^(?:\)|%|\)\s*%|%\s*\))$/;
const numericStart = /^[\s(]*[-\u2010-\u2015\u2212]?\s*[\d.\-\u2010-\u2015\u2212]/;
const numericEnd = /[\d\-\u2010-\u2015\u2212)%]$/;

/** Marks of two runs read as one, in reading order. */
function joinMarks(a: string[] | undefined, b: string[] | undefined): string[] | undefined {
  if (a === undefined) return b;
  return b === undefined ? a : [...a, ...b];
}

function toPiece(cell: GridCell): Piece {
  const piece: Piece = {
    row: cell.row,
    col: cell.col,
    firstCol: cell.col,
    lastCol: cell.lastCol,
    text: cell.text,
    parsed: unparsed, // parsed once merging is done
    bold: cell.raw.chars > 0 && cell.raw.boldChars * 2 >= cell.raw.chars,
    indentPt: cell.raw.indentPt,
    isTh: cell.raw.isTh,
    facts: cell.raw.facts,
    // always set, so every piece has one shape (pieces are read per cell of every table)
    footnotes: cell.raw.footnotes,
  };
  return piece;
}

/** True for a piece that is only a currency sign, parenthesis or percent sign. */
export const isSymbolOnly = (text: string): boolean =>
  prefixSymbol.test(text) || suffixSymbol.test(text);

/**
 * Joins symbol-only cells to the number beside them. A symbol with no number to join stays a
 * piece of its own (a "%" header names a percent column); empty cells are dropped.
 */
export function mergeSymbolCells(cells: GridCell[]): Piece[] {
  const out: Piece[] = [];
  let prefix: GridCell[] = [];
  for (const cell of cells) {
    if (cell.text === '') continue;
    if (prefixSymbol.test(cell.text)) {
      prefix.push(cell);
      continue;
    }
    const prev = out[out.length - 1];
    if (suffixSymbol.test(cell.text) && prefix.length === 0) {
      if (prev !== undefined && numericEnd.test(prev.text) && !isSymbolOnly(prev.text)) {
        prev.text += cell.text;
        prev.lastCol = Math.max(prev.lastCol, cell.lastCol);
        const marks = joinMarks(prev.footnotes, cell.raw.footnotes);
        if (marks !== undefined) prev.footnotes = marks;
      } else {
        out.push(toPiece(cell));
      }
      continue;
    }
    const piece = toPiece(cell);
    if (prefix.length > 0 && numericStart.test(cell.text)) {
      piece.text = prefix.map((p) => p.text).join('') + piece.text;
      piece.firstCol = (prefix[0] as GridCell).col;
      const marks = prefix.reduce<string[] | undefined>(
        (all, p) => joinMarks(all, p.raw.footnotes),
        undefined,
      );
      const joined = joinMarks(marks, piece.footnotes);
      if (joined !== undefined) piece.footnotes = joined;
    } else {
      for (const p of prefix) out.push(toPiece(p)); // symbols with no number to join
    }
    if (prefix.length > 0) prefix = [];
    out.push(piece);
  }
  for (const p of prefix) out.push(toPiece(p));
  for (const p of out) p.parsed = parseCellValueShared(p.text);
  return out;
}
