import type { NumberMention } from '../../../shared/model';
import { crossCheck } from './ixbrl-check';
import type { Piece } from '../table/merge-symbols';
import type { ScaleNote } from '../table/scale-note';

// "$0.001", "80,000", "0.584%", "$1.5 billion" (the scale word is read from what follows)
const numberInText = /(\$\s?)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(\s?%)?/g;
// "none issued", "no shares issued and outstanding": a share count of zero written as a word
const noneIssued = /\b(?:none|no)\b(?=\s+(?:shares\s+)?(?:issued|outstanding))/gi;
const wordScales: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 };

/** Unit and scale of a number inside a label, from the words right after it. */
function unitOf(
  after: string,
  currency: boolean,
  percent: boolean,
  note: ScaleNote | null,
): { unit: string | null; scale: number } {
  if (percent) return { unit: '%', scale: 0.01 };
  if (/^\s*(?:par\s+value|per\s+(?:common\s+|ordinary\s+)?share)\b/i.test(after)) {
    return { unit: 'USD/share', scale: 1 };
  }
  const word = /^\s*(thousand|million|billion)s?\b/i.exec(after);
  const wordScale = word ? wordScales[(word[1] ?? '').toLowerCase()] : undefined;
  // "80,000 shares", "14,939,315 and 15,116,786 shares issued"
  if (
    /^\s*(?:(?:and|or|to)\s+[\d,.]+\s*)?(?:(?:thousand|million|billion)s?\s+)?shares?\b/i.test(
      after,
    )
  ) {
    return { unit: 'shares', scale: wordScale ?? note?.sharesScale ?? note?.scale ?? 1 };
  }
  if (currency) return { unit: 'USD', scale: wordScale ?? note?.scale ?? 1 };
  return { unit: null, scale: wordScale ?? 1 };
}

/**
 * Numbers written in a row label: "Common stock, $0.001 par value; 80,000 shares authorized",
 * "0.584% Notes Due 2024", "Cash dividends ($0.016 per common share)". Years, footnote marks
 * "(1)", note references and parts of identifiers ("ASC 320-10-65", "Form 10-K") are skipped.
 */
export function labelNumbers(piece: Piece, note: ScaleNote | null): NumberMention[] {
  const text = piece.text;
  if (!/\d|\bno/i.test(text)) return []; // most labels hold no numbers
  const out: NumberMention[] = [];
  for (const m of text.matchAll(numberInText)) {
    const shown = m[0];
    const offset = m.index;
    const digits = m[2] ?? '';
    const before = text.slice(Math.max(0, offset - 12), offset);
    const after = text.slice(offset + shown.length, offset + shown.length + 40);
    const currency = m[1] !== undefined;
    const percent = m[4] !== undefined;
    if (!currency && /[\w.\-/]$/.test(before)) continue; // inside a word or identifier
    if (/^[-/\u2013]\d|^\.\d|^\w/.test(after)) continue; // "2023-08", "10-K", "3rd"
    if (!currency && !percent && m[3] === undefined && !digits.includes(',')) {
      const n = Number(digits);
      if (n >= 1900 && n <= 2100) continue; // a year
      if (/\($/.test(before) && after.startsWith(')')) continue; // a footnote mark "(1)"
      if (/\bnotes?\s*$/i.test(before)) continue; // "Note 12"
    }
    const value = Number(digits.replace(/,/g, '') + (m[3] ?? ''));
    out.push({
      sourceCol: piece.col,
      offset,
      text: shown.trim(),
      value,
      ...unitOf(after, currency, percent, note),
    });
  }
  for (const m of text.matchAll(noneIssued)) {
    out.push({
      sourceCol: piece.col,
      offset: m.index,
      text: m[0],
      value: 0,
      scale: 1,
      unit: 'shares',
    });
  }
  out.sort((a, b) => a.offset - b.offset);
  attachFacts(piece, out);
  return out;
}

/** Inline XBRL facts of the label go to the mention showing the same text, in order. */
function attachFacts(piece: Piece, mentions: NumberMention[]): void {
  const used = new Set<NumberMention>();
  const digitsOf = (s: string) => s.replace(/[^\d.]/g, '') || s.trim().toLowerCase();
  for (const fact of piece.facts) {
    const mention = mentions.find((m) => !used.has(m) && digitsOf(m.text) === digitsOf(fact.shown));
    if (mention === undefined) continue;
    used.add(mention);
    mention.xbrl = [...(mention.xbrl ?? []), crossCheck(fact, 0, [mention.value], mention.scale)];
  }
}
