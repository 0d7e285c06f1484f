import type { NumberMention } from '../../../shared/document';
import { crossCheck } from './ixbrl-check';
import type { Piece } from '../table/merge-symbols';
import type { ScaleNote } from '../table/scale-note';

// "$0.001", "80,000", "0.584%", "$1.5 billion" (the scale word is read from what follows),
// "$(134)" (a negative amount: "net of income tax benefit (expense) of $(134)")
const numberInText = /(\$\s?(\(\s?)?)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(\s?%)?/g;
// "par value $5.00", "stated value $1": a price per share written before the number
const parValueBefore = /\b(?:par|stated)\s+value\s*(?:of\s*)?(?:\$\s?)?$/i;
// "February 2, 2025": a day of a date, not a quantity
const monthBefore =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s*$/i;
// No company has a trillion shares: a count that would pass that at the table's scale is
// written in full ("1,012,261,159 shares issued" in a table "in millions")
const mostShares = 1e12;
// "none issued", "no shares issued and outstanding": a share count of zero written as a word
const noneIssued = /\b(?:none|no)\b(?=\s+(?:shares\s+)?(?:issued|outstanding))/gi;
const wordScales: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 };
const scaleLetters: Record<string, string> = {
  K: 'thousand',
  M: 'million',
  MM: 'million',
  B: 'billion',
  BN: 'billion',
};

/** Unit and scale of a number inside a label, from the words right after it. */
function unitOf(
  after: string,
  currency: boolean,
  percent: boolean,
  note: ScaleNote | null,
  parValue: boolean,
): { unit: string | null; scale: number } {
  if (percent) return { unit: '%', scale: 0.01 };
  if (/^\s*(?:par\s+value|per\s+(?:common\s+|ordinary\s+)?share)\b/i.test(after)) {
    return { unit: 'USD/share', scale: 1 };
  }
  if (currency && parValue) return { unit: 'USD/share', scale: 1 };
  const word = /^\s*(thousand|million|billion)s?\b/i.exec(after);
  const wordScale = word ? wordScales[(word[1] ?? '').toLowerCase()] : undefined;
  // "80,000 shares", "14,939,315 and 15,116,786 shares issued"
  if (
    /^\s*(?:(?:and|or|to)\s+[\d,.]+\s*)?(?:(?:thousand|million|billion)s?\s+)?shares?\b/i.test(
      after,
    )
  ) {
    return { unit: 'shares', scale: wordScale ?? shareScale(note) };
  }
  if (currency) return { unit: 'USD', scale: wordScale ?? note?.scale ?? 1 };
  return { unit: null, scale: wordScale ?? 1 };
}

const shareScale = (note: ScaleNote | null) => note?.sharesScale ?? note?.scale ?? 1;

/**
 * Whether a bare number sits in a clause about shares: its innermost parentheses mention shares
 * ("shares held: 2025 - 1,667.3; 2024 - 1,652.2"), or the clause between semicolons around it
 * does ("300,000 shares authorized (Class A 180,000, Class B 60,000)").
 */
function inShareClause(text: string, offset: number): boolean {
  const open = text.lastIndexOf('(', offset);
  const close = text.indexOf(')', offset);
  if (open >= 0 && close >= 0 && text.lastIndexOf(')', offset) < open) {
    if (/\bshares?\b/i.test(text.slice(open, close))) return true;
  }
  const start = text.lastIndexOf(';', offset) + 1;
  const end = text.indexOf(';', offset);
  return /\bshares\b/i.test(text.slice(start, end < 0 ? text.length : end));
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
    const digits = m[3] ?? '';
    const before = text.slice(Math.max(0, offset - 24), offset);
    let after = text.slice(offset + shown.length, offset + shown.length + 40);
    const currency = m[1] !== undefined;
    const negative = m[2] !== undefined && after.startsWith(')');
    if (negative) after = after.slice(1); // "$(29) million"
    // "750MM Euro", "1.5B": a scale letter right after the number
    const letter = /^(MM|BN|[KMB])\b/.exec(after)?.[1];
    if (letter !== undefined) after = ` ${scaleLetters[letter] ?? ''}${after.slice(letter.length)}`;
    const percent = m[5] !== undefined;
    if (!currency && /[\w.\-/]$/.test(before)) continue; // inside a word or identifier
    if (/^[-/\u2013]\d|^\.\d|^\w/.test(after)) continue; // "2023-08", "10-K", "3rd"
    if (!currency && !percent && m[4] === undefined && !digits.includes(',')) {
      const n = Number(digits);
      if (n >= 1900 && n <= 2100) continue; // a year
      if (n <= 31 && monthBefore.test(before)) continue; // a day: "February 2, 2025"
      if (/\($/.test(before) && after.startsWith(')')) continue; // a footnote mark "(1)"
      if (/\bnotes?\s*$/i.test(before)) continue; // "Note 12"
    }
    const magnitude = Number(digits.replace(/,/g, '') + (m[4] ?? ''));
    const value = negative ? -magnitude : magnitude;
    let unit = unitOf(after, currency, percent, note, parValueBefore.test(before));
    if (unit.unit === null && inShareClause(text, offset)) {
      unit = { unit: 'shares', scale: shareScale(note) };
    }
    if (unit.unit === 'shares' && magnitude * unit.scale >= mostShares) unit.scale = 1;
    out.push({
      sourceCol: piece.col,
      offset,
      text: negative ? `${shown.trim()})` : shown.trim(),
      value,
      // the schema's order (scale, then unit), so the Document is checked in place
      scale: unit.scale,
      unit: unit.unit,
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
