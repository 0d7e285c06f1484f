import type { HeaderBand } from './header-band';
import type { Piece } from '../table/merge-symbols';
import { findScaleNote, type ScaleNote } from '../table/scale-note';

/**
 * A scale note for the whole table inside it: over the row labels or across (nearly) all value
 * columns of the header rows, or in a "(In millions)" line among the body rows. Header text
 * wrapped over rows ("(Amounts in" / "thousands)") is read joined. A note over one column
 * ("Number of RSUs (in thousands)") is that column's (see `columnNote`).
 */
export function tableAreaNote(
  rows: Piece[][],
  lines: number[],
  headerRows: Set<number>,
  valueCol: number,
  colCount: number,
): ScaleNote | null {
  const valueWidth = colCount - valueCol;
  const wide: string[] = [];
  for (const r of [...headerRows, ...lines]) {
    for (const p of rows[r] ?? []) {
      if (p.firstCol < valueCol || (p.lastCol - p.firstCol + 1) * 5 >= valueWidth * 4) {
        const note = findScaleNote(p.text);
        if (note) return note;
        wide.push(p.text);
      }
    }
  }
  return findScaleNote(wide.join(' '));
}

/** A scale note written in the header cells above one column ("Shares (in thousands)"). */
export function columnNote(band: HeaderBand | undefined, col: number): ScaleNote | null {
  const texts: string[] = [];
  for (const pieces of band?.pieces ?? []) {
    for (const p of pieces) {
      if (p.firstCol <= col && col <= p.lastCol) texts.push(p.text);
    }
  }
  return texts.length === 0 ? null : findScaleNote(texts.join(' '));
}

const percentCaption =
  /\bas a percent(?:age)? of\b|\bpercent(?:age)? of (?:total |net )?(?:revenue|sales)\b|\(\s*(?:in\s+)?percent(?:ages?)?\s*\)|\bin percentages\b/i;

// A performance graph's table: "$100 invested on December 31, 2019", "cumulative total
// shareholder return". Its numbers are the value of $100, never in millions.
const indexCaption =
  /\bcumulative\s+total\s+(?:share(?:holder)?s?['’]?\s+|stock(?:holder)?s?['’]?\s+)?returns?\b|\$\s?100\b[^.]{0,80}\binvest/i;

/** The table shows the value of a $100 investment over time (a performance graph). */
export const captionSaysIndex = (texts: readonly string[]) =>
  texts.some((t) => indexCaption.test(t));

/**
 * "...expressed as a percentage of revenue", "(in percentages)": bare numbers in such a table
 * are percentages. Returns the words that say so, or null.
 */
export function percentCaptionPhrase(texts: readonly string[]): string | null {
  for (const t of texts) {
    const m = percentCaption.exec(t);
    if (m) return m[0];
  }
  return null;
}
