/**
 * How an answer is written for people: once, in the unit it was given in. A percent is
 * "49.3558%" — not "49.3558418481 percent", nor a fraction beside it ("0.493558 (49.3558%)");
 * a fraction is shown only where it is what was stored, in a detail view. Pure.
 */

/**
 * `full`: every digit that is not float noise (12 significant, no grouping: for files);
 * `display`: for a list, at most 4 decimals (4 significant digits under 1), grouped from
 * 10,000 on.
 */
export type AnswerPrecision = 'full' | 'display';

export function formatAnswerNumber(n: number, precision: AnswerPrecision = 'display'): string {
  if (!Number.isFinite(n)) return String(n);
  const clean = Number(n.toPrecision(12));
  if (precision === 'full') return String(clean);
  const abs = Math.abs(clean);
  if (abs !== 0 && (abs >= 1e15 || abs < 1e-6)) return clean.toExponential(3);
  // Grouped from five digits on: a year (2019) or 1234 stays as written.
  return abs >= 1 || abs === 0
    ? clean.toLocaleString('en-US', { maximumFractionDigits: 4, useGrouping: abs >= 10_000 })
    : clean.toLocaleString('en-US', { maximumSignificantDigits: 4 });
}

/** A number with the scale label an answer was stored with: "49.3558%", "44.1 million". */
function scaled(n: number, scale: string | null, precision: AnswerPrecision): string {
  const s = formatAnswerNumber(n, precision);
  if (!scale) return s;
  if (/^percent(age)?$/i.test(scale)) return `${s}%`;
  return `${s} ${scale}`;
}

/** A number written alone, with "%" or a scale word after it ("12.5%", "-3.2 million"). */
const NUMBER_TEXT = /^(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)(%| thousand| million| billion)?$/i;

/**
 * An answer as stored (a string, a number with its scale label, a list, a yes/no) as text, or
 * null when there is none. Text stays as written (for display on one line, and a bare number
 * written as numbers are here: "49.355842%" → "49.3558%").
 */
export function answerText(
  item: { answer: unknown; answerScale: string | null },
  precision: AnswerPrecision = 'display',
): string | null {
  const a = item.answer;
  if (a === null || a === undefined) return null;
  if (typeof a === 'number') return scaled(a, item.answerScale, precision);
  if (typeof a === 'boolean') return a ? 'yes' : 'no';
  if (typeof a === 'string') {
    // For files the text is kept exactly as written; for display, on one line.
    const text = precision === 'display' ? a.replace(/\s+/g, ' ').trim() : a;
    const m = NUMBER_TEXT.exec(text.trim());
    // A bare number with its scale apart (TAT-QA: "12.5" and "percent") is written as one.
    if (m && !m[2] && item.answerScale) return scaled(Number(m[1]), item.answerScale, precision);
    const shown = precision === 'display' ? numberText(text) : text;
    return item.answerScale ? `${shown} ${item.answerScale}` : shown;
  }
  if (Array.isArray(a))
    return a.map((x) => answerText({ answer: x, answerScale: null }, precision) ?? '–').join(', ');
  return JSON.stringify(a);
}

/** A text that is a number alone ("0.493558418481", "49.355842%") written for display. */
export function numberText(text: string): string {
  const m = NUMBER_TEXT.exec(text.trim());
  if (!m) return text;
  return `${formatAnswerNumber(Number(m[1]), 'display')}${m[2] ?? ''}`;
}
