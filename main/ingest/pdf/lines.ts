import type { PdfWord } from './page-text';

/** Words of one line that sit close together: a phrase, or one cell of a table row. */
export interface Segment {
  text: string;
  x0: number;
  x1: number;
  size: number;
  words: PdfWord[];
}

/** Words sharing a baseline, left to right, split into segments at wide gaps. */
export interface Line {
  /** Baseline (user space, y up). */
  y: number;
  /** Typical font size of the line (median of its words). */
  size: number;
  x0: number;
  x1: number;
  words: PdfWord[];
  segments: Segment[];
  /** Footnote marks raised above the baseline in a smaller font, kept out of the segments. */
  marks: PdfWord[];
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : (s[Math.floor((s.length - 1) / 2)] ?? 0);
};

/**
 * A gap wider than this many font sizes separates segments. A word space is about 0.25 em and
 * justified prose stretches it to ~0.6 em; table columns are set further apart than that.
 */
export const segmentGapEm = 0.8;

/** Drops leader dots and rules ("......", "____"), which only guide the eye to a value. */
const isLeader = (text: string) =>
  /^[._\u2026\u00b7-]{3,}$/.test(text) || /^(\.\s?){3,}$/.test(text);

/** "1,234", "(79)", "$12.5", "-3", "45%": a number as a table prints it, without words. */
const isNumberWord = (t: string) =>
  /^[(\-\u2212$]*\$?\d[\d,]*(?:\.\d+)?[)%]*$/.test(t) && !/,$/.test(t);

/** The most room a range's dash takes on either side, in ems: about a word space. */
const rangeGapEm = 0.5;

const isDash = (t: string) => /^[-\u2013\u2014]$/.test(t);

/**
 * A range ("0.75 - 5.82") sets its dash a word space from both numbers; a dash with more room
 * on either side between two numbers is a nil cell of its own column ("618  —  6"), so the
 * line breaks around it even when the columns are closer than a column gap.
 */
function dashApart(prior: PdfWord | undefined, last: PdfWord | undefined, w: PdfWord): boolean {
  // One pdf.js item is one run of text as the PDF drew it: "0.75 - 5.82" in a single string.
  if (last === undefined || last.item === w.item) return false;
  const wide = w.x - (last.x + last.width) > rangeGapEm * w.size;
  if (isDash(w.text)) return wide && isNumberWord(last.text);
  return wide && isDash(last.text) && prior !== undefined && isNumberWord(prior.text);
}

export function segmentsOf(words: PdfWord[], size: number): Segment[] {
  const out: Segment[] = [];
  let cur: Segment | null = null;
  for (const [i, w] of words.entries()) {
    if (isLeader(w.text)) {
      cur = null;
      continue;
    }
    const gap = cur === null ? Infinity : w.x - cur.x1;
    const last = cur?.words.at(-1);
    // Two numbers side by side, or a number then "$", are two cells however tight the table.
    const prior = cur?.words.at(-2);
    const endsNumber =
      last !== undefined &&
      (isNumberWord(last.text) ||
        (/^(?:%|\)|%\)|\)%)$/.test(last.text) && prior !== undefined && isNumberWord(prior.text)));
    const cellBreak =
      (endsNumber && (isNumberWord(w.text) || /^\$/.test(w.text))) ||
      dashApart(words[i - 2], words[i - 1], w);
    if (cur !== null && !cellBreak && gap <= segmentGapEm * Math.max(size, w.size)) {
      // Words of one pdf.js item were split at a space. Across items, a gap well under a
      // space is a kerned run the PDF drew in pieces ("Flow" + "s"), not two words.
      const glued = last !== undefined && last.item !== w.item && gap < 0.15 * w.size;
      cur.text += glued ? w.text : ` ${w.text}`;
      cur.x1 = Math.max(cur.x1, w.x + w.width);
      cur.words.push(w);
    } else {
      cur = { text: w.text, x0: w.x, x1: w.x + w.width, size: w.size, words: [w] };
      out.push(cur);
    }
  }
  for (const s of out) s.text = s.text.replace(/\s*(?:\.\s*){3,}$/, '').trim();
  return out.filter((s) => s.text !== '');
}

/** "(1)", "(a)", "*", "†": footnote references when set smaller than the line. */
const isMarkText = (text: string) => /^(?:\(?[0-9a-z]{1,2}\)|[*†‡§]+|\d)$/i.test(text);

export function makeLine(all: PdfWord[], marks: PdfWord[]): Line {
  all.sort((a, b) => a.x - b.x);
  const size = median(all.map((w) => w.size));
  const words = all.filter((w) => !(w.size < 0.85 * size && isMarkText(w.text)));
  marks.push(...all.filter((w) => !words.includes(w)));
  return {
    y: median(words.map((w) => w.y)),
    size,
    x0: Math.min(...words.map((w) => w.x)),
    x1: Math.max(...words.map((w) => w.x + w.width)),
    words,
    segments: segmentsOf(words, size),
    marks,
  };
}

/**
 * Groups words into lines top to bottom: words whose baselines are within a quarter of the font
 * size share a line. A small-font run raised above a larger line's baseline (a footnote
 * reference "(1)" or "*") is folded into that line as marks, so it neither starts a line of
 * its own nor reads as a value.
 */
export function groupLines(words: PdfWord[]): Line[] {
  const sorted = [...words].sort((a, b) => b.y - a.y || a.x - b.x);
  const clusters: PdfWord[][] = [];
  for (const w of sorted) {
    const last = clusters.at(-1);
    const first = last?.[0];
    if (last && first && Math.abs(first.y - w.y) <= 0.25 * Math.min(first.size, w.size)) {
      last.push(w);
    } else clusters.push([w]);
  }
  const lines = clusters.map((c) => makeLine(c, []));
  return foldMarks(lines);
}

/** A line of small words sitting inside the upper part of a neighbouring bigger line. */
function foldMarks(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    const host = [out.at(-1), lines[i + 1]].find(
      (h) =>
        h !== undefined &&
        line.size < 0.85 * h.size &&
        line.y > h.y &&
        line.y < h.y + 0.75 * h.size &&
        line.words.every((w) => w.text.length <= 4),
    );
    if (host) {
      host.marks.push(...line.words);
      continue;
    }
    out.push(line);
  }
  return out;
}
