import type { RawItem, RawText } from '../table/raw-types';
import type { TableSurroundings } from './build-table';

/** Page furniture repeated on every page: page numbers and "Table of Contents" links. */
export function isPageFurniture(text: string): boolean {
  const t = text.trim();
  return (
    /^(?:page\s+)?(?:\d{1,3}|[ivxlc]{1,6})$|^table of contents$/i.test(t) ||
    // running footers: "Apple Inc. | Q2 2025 Form 10-Q | 7"
    (t.length < 120 && /\bform 10-[kq]\b/i.test(t) && /\|\s*\d{1,3}$/.test(t))
  );
}

const partOrItem = /^(?:part\s+[ivx]+\b|item\s+\d+[a-z]?\b)/i;
// "Note 8 — Earnings per share", "NOTE 12. Income Taxes", "Note 3: Leases": a note's title
const noteTitle = /^note\s+\d{1,2}[a-z]?\s*(?:[-\u2013\u2014.:]|\s)\s*\S/i;

/** Heading level for a text run, or null for a paragraph. */
export function headingLevel(item: RawText): number | null {
  if (item.headingTag !== null) return item.headingTag;
  if (item.text.length > 150) return null;
  if (/^part\s+[ivx]+\b/i.test(item.text)) return 1;
  if (partOrItem.test(item.text) && item.boldChars * 10 >= item.chars * 9) return 2;
  // Fully bold short lines are titles ("Consolidated Statements of Income").
  if (item.chars > 0 && item.boldChars * 10 >= item.chars * 9 && /[a-z]/i.test(item.text)) return 3;
  return null;
}

const maxCaptionLine = 200;

/**
 * The caption of the table at `items[index]`: the short lines right above it (title, "(In
 * millions...)"), nearest first, up to three; and the paragraph above those, which often ends
 * "...as follows (in millions):". Page numbers and "Table of Contents" links are skipped. The
 * search stops at the previous table.
 */
function surroundingsOf(
  items: RawItem[],
  index: number,
  previousOf: (i: number) => TableSurroundings,
): TableSurroundings {
  const lines: string[] = [];
  let inherited: string[] = [];
  let paragraph: string | null = null;
  for (let i = index - 1; i >= 0 && lines.length < 3; i--) {
    const item = items[i] as RawItem;
    if (item.type === 'table') {
      if (item.hidden) continue;
      // Only page furniture since the previous table: a continuation across a page break
      // ("The following tables show ... (in millions):" then two tables) shares its caption.
      const previous = previousOf(i);
      if (lines.length === 0) return previous;
      // Subtitled tables under one "The following tables show ... (in millions):" share its
      // scale: the previous table's lead-in is consulted after this table's own text. Its
      // title is its own ("SEGMENT INFORMATION (in millions)" says nothing of the "SELECTED
      // RATIOS" below it).
      inherited = previous.nearby.filter((text) => /:\s*$/.test(text));
      break;
    }
    if (isPageFurniture(item.text)) continue;
    const isHeading = item.headingTag !== null || partOrItem.test(item.text);
    if (isHeading && lines.length > 0) break; // "Item 8." above the title is not the caption
    if (item.text.length > maxCaptionLine) {
      paragraph = item.text;
      break;
    }
    lines.push(item.text);
    // A note's title starts the note: the lines above it end the note before
    if (noteTitle.test(item.text)) break;
  }
  let caption = [...lines].reverse().join(' ');
  if (caption === '' && paragraph !== null && /:\s*$/.test(paragraph)) {
    // "The following table shows revenue by segment (in millions):" names the table.
    const sentences = paragraph.split(/(?<=[.;])\s+(?=[A-Z(])/);
    caption = lastWords(sentences.at(-1) ?? '', maxCaptionLine);
  }
  const nearby = paragraph === null ? [...lines, ...inherited] : [...lines, paragraph.slice(-600)];
  return { caption, nearby };
}

/** The end of `text` within `max` characters, starting at a word ("…table presents …"). */
function lastWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const tail = text.slice(-(max - 1));
  const space = tail.indexOf(' ');
  return `…${space < 0 ? tail : tail.slice(space + 1)}`;
}

/** Surroundings per table item, each computed once (tables chain back to earlier tables). */
export class SurroundingsCache {
  private readonly done = new Map<number, TableSurroundings>();

  constructor(private readonly items: RawItem[]) {}

  of(index: number): TableSurroundings {
    let found = this.done.get(index);
    if (found === undefined) {
      found = surroundingsOf(this.items, index, (i) => this.of(i));
      this.done.set(index, found);
    }
    return found;
  }
}
