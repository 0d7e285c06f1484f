import { isPureScaleNote } from '../table/header-text';
import { findScaleNote, type ScaleNote } from '../table/scale-note';
import type { CellLine } from './line-cells';
import type { TableRegion } from './table-detect';
import { stubTexts } from './table-header';

/** A row's label: its words left of the first value, without a scale note set beside them. */
export const labelOf = (l: CellLine) =>
  l.cells
    .slice(0, l.firstValue < 0 ? l.cells.length : l.firstValue)
    .filter((c) => !isPureScaleNote(c.text))
    .map((c) => c.text)
    .join(' ')
    .trim();

/**
 * The scale statement that governs the table, nearest first: the stub ("($ in millions)"),
 * the header lines, the lines above, then label-only rows.
 */
export function scaleNoteOf(region: TableRegion): ScaleNote | null {
  const texts = [
    ...stubTexts(region.band, region.columns),
    ...region.band.map((l) => l.cells.map((c) => c.text).join(' ')),
    ...[...region.above].reverse().map((l) => l.cells.map((c) => c.text).join(' ')),
    ...region.body.filter((l) => l.role !== 'row').map((l) => labelOf(l)),
  ];
  for (const t of texts) {
    const note = findScaleNote(t);
    if (note) return note;
  }
  return null;
}

const leadInSentence = (t: string) =>
  /^[A-Z]/.test(t) && t.split(/\s+/).length >= 5 && /:$/.test(t);
const companyLine = (t: string) =>
  /\b(?:INC|CORP(?:ORATION)?|COMPANY|SUBSIDIARIES|LLC|PLC)\b/.test(t) && t === t.toUpperCase();

/**
 * The title right above the table: up to two short lines, joined, skipping the scale
 * statement, one lead-in sentence ("The following table shows…:") and a company-name line.
 * Prose is no title, nor is the tail of a paragraph: a line that starts in lower case or ends
 * a sentence ("…in the cash flow statement.").
 */
export function captionOf(region: TableRegion): string {
  const parts: string[] = [];
  let below: CellLine | null = null;
  let leadIn = false;
  for (const l of [...region.above].reverse()) {
    const text = l.cells
      .map((c) => c.text)
      .join(' ')
      .trim();
    if (below !== null && l.line.y - below.line.y > 2 * l.line.size) break;
    below = l;
    // "Table of Contents" is the running link at the top of EDGAR pages, not a title.
    if (
      text === '' ||
      isPureScaleNote(text) ||
      companyLine(text) ||
      /^table of contents$/i.test(text)
    )
      continue;
    if (!leadIn && parts.length === 0 && leadInSentence(text)) {
      leadIn = true;
      continue;
    }
    if (l.role === 'prose' || /^[a-z]/.test(text) || /\.$/.test(text) || parts.length === 2) break;
    parts.unshift(
      text.replace(/\s*\((?:[^)]*\b(?:thousands|millions|billions)\b[^)]*)\)\s*:?$/i, ''),
    );
  }
  return parts.join(' ').trim();
}
