import { isYearLike, parseCellValue, type ParsedValue } from '../table/cell-value';
import { isPlausibleRange, readWordRange } from './cell-range';
import type { Line, Segment } from './lines';
import type { PdfWord } from './page-text';

/** A segment of a line read as a table cell candidate. */
export interface LineCell {
  text: string;
  x0: number;
  x1: number;
  /** The words under the cell, left to right. */
  words: PdfWord[];
  parsed: ParsedValue;
  /** A number or dash that is not a header year. */
  value: boolean;
  year: boolean;
}

/** How a line can take part in a table. */
export type LineRole =
  /** Label cells at the left, then value cells. */
  | 'row'
  /** Words and years only, short phrases: a column-header line or a label-only row. */
  | 'text'
  /** Running text: ends any table. */
  | 'prose';

export interface CellLine {
  line: Line;
  cells: LineCell[];
  role: LineRole;
  /** Index of the first value cell (cells before it are the label); -1 without values. */
  firstValue: number;
}

// "$", "(", ")", "%", ")%", "%)": typeset in their own cells or runs next to the number.
const leadingSymbol = /^(?:US\$|\$|€|£|¥|\(|\(\$|\$\()$/;
const trailingSymbol = /^(?:%|\)|\)%|%\)|pts?\.?|bps|x)$/i;

const wordCount = (s: string) => s.split(/\s+/).filter((w) => /[A-Za-z]/.test(w)).length;

/** Joins currency signs and parentheses that were set apart from their number. */
function mergeSymbols(segments: Segment[]): Array<{ text: string; x0: number; x1: number }> {
  const out: Array<{ text: string; x0: number; x1: number }> = [];
  let pending: { text: string; x0: number } | null = null;
  for (const s of segments) {
    if (leadingSymbol.test(s.text)) {
      pending = pending
        ? { text: pending.text + s.text, x0: pending.x0 }
        : { text: s.text, x0: s.x0 };
      continue;
    }
    const prev = out.at(-1);
    if (
      pending === null &&
      prev &&
      trailingSymbol.test(s.text) &&
      parseCellValue(prev.text).kind === 'number'
    ) {
      prev.text += s.text;
      prev.x1 = s.x1;
      continue;
    }
    if (pending !== null) {
      const joined = `${pending.text}${s.text}`;
      if (parseCellValue(joined).kind !== 'text') {
        out.push({ text: joined, x0: pending.x0, x1: s.x1 });
        pending = null;
        continue;
      }
      out.push({ text: pending.text, x0: pending.x0, x1: pending.x0 });
      pending = null;
    }
    out.push({ text: s.text, x0: s.x0, x1: s.x1 });
  }
  if (pending !== null) out.push({ text: pending.text, x0: pending.x0, x1: pending.x0 + 1 });
  return out;
}

/** "2023-2024", "2025 – 2027": a span of years heads a column, like a year does. */
const isYearSpan = (p: ParsedValue) =>
  p.kind === 'range' &&
  !p.currency &&
  !p.percent &&
  (p.range ?? []).every((v) => Number.isInteger(v) && v >= 1900 && v <= 2099);

/**
 * "1,234", "(79)", "12.5 %", "—": a number or a dash, spaces inside tolerated. A range
 * ("0.75 - 5.82") and "n/a" stand in a value column too; a lone "*" is a footnote, not "n/a".
 */
function readCell(text: string, x0: number, x1: number, words: PdfWord[]): LineCell {
  const plain = parseCellValue(text);
  const parsed = plain.kind === 'text' ? (readWordRange(text) ?? plain) : plain;
  const numeric = parsed.kind === 'number' || parsed.kind === 'dash';
  const year =
    (numeric && !parsed.currency && !parsed.percent && isYearLike(text)) || isYearSpan(parsed);
  const other =
    (isPlausibleRange(parsed) && !year) || (parsed.kind === 'na' && !/^\*+$/.test(text));
  return { text, x0, x1, words, parsed, value: (numeric && !year) || other, year };
}

/**
 * Reads a line as cells and decides its role. A row is: label words at the left, then values
 * (numbers, dashes, "n/a", or a short word such as "Stable"). A line that continues with words
 * after its first value is running text ("(1) Includes 40% of…", "38 Annual Report"), not a row.
 */
export function readLine(line: Line): CellLine {
  const under = (x0: number, x1: number) =>
    line.words.filter((w) => w.x + w.width / 2 >= x0 - 0.5 && w.x + w.width / 2 <= x1 + 0.5);
  const cells = mergeSymbols(line.segments).map((s) =>
    readCell(s.text, s.x0, s.x1, under(s.x0, s.x1)),
  );
  const firstValue = cells.findIndex((c) => c.value);
  const longText = (c: LineCell) =>
    !c.value && !c.year && (wordCount(c.text) > 4 || c.text.length > 40);
  // "1.1 RSUs and Dividend Equivalents.", "(21) Subsidiaries of the Registrant.": a numbered
  // heading, not a row; its only number is the first thing on the line and words follow.
  const numbers = cells.filter((c) => c.value).length;
  if (
    firstValue === 0 &&
    numbers === 1 &&
    cells.some((c) => !c.value && /[A-Za-z]{2}/.test(c.text))
  ) {
    return { line, cells, role: 'text', firstValue: -1 };
  }
  if (firstValue >= 0) {
    const after = cells.slice(firstValue);
    const prose =
      after.some(longText) ||
      (firstValue === 0 && cells.length === 2 && longText(cells[1] as LineCell));
    if (!prose) return { line, cells, role: 'row', firstValue };
    return { line, cells, role: 'prose', firstValue: -1 };
  }
  const wide = cells.some((c) => wordCount(c.text) > 12 || c.text.length > 90);
  return { line, cells, role: wide ? 'prose' : 'text', firstValue: -1 };
}
