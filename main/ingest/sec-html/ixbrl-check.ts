import type { XbrlFactRef } from '../../../shared/document';
import type { RawIxFact } from '../table/raw-types';

const smallWords: Record<string, number> = {
  no: 0, none: 0, nil: 0, zero: 0, a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5,
  six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, thirteen: 13,
  fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20,
  thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90,
}; // prettier-ignore

const bigWords: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 };

/**
 * An English number in words as ixt:num-word-en (ixt-sec:numwordsen) reads it: "no", "none",
 * "one", "twenty-five", "one hundred and five", "three million". null for anything else.
 */
export function numberFromWords(text: string): number | null {
  const words = text
    .toLowerCase()
    .replace(/[\u2010-\u2015-]/g, ' ')
    .split(/[\s,]+/)
    .filter((w) => w !== '' && w !== 'and');
  if (words.length === 0) return null;
  let total = 0;
  let group = 0;
  let seen = false;
  for (const w of words) {
    const small = smallWords[w];
    if (small !== undefined) {
      group += small;
      seen = true;
    } else if (w === 'hundred') {
      group = (seen ? group : 1) * 100;
      seen = true;
    } else if (bigWords[w] !== undefined) {
      total += (seen ? group : 1) * bigWords[w];
      group = 0;
      seen = true;
    } else return null;
  }
  return seen ? total + group : null;
}

/** Formats whose value is zero whatever is shown ("—", "-", "nil"). */
const zeroFormats = new Set(['fixed-zero', 'fixedzero', 'zerodash', 'numdash']);
/** Thousands separated by ",", " " or "'"; "." before decimals. */
const dotFormats = new Set([
  '', 'num-dot-decimal', 'numdotdecimal', 'numcommadot', 'numspacedot', 'num-dot-decimal-apos',
]); // prettier-ignore
/** Thousands separated by ".", " " or "'"; "," before decimals. */
const commaFormats = new Set([
  'num-comma-decimal', 'numcommadecimal', 'numdotcomma', 'numspacecomma', 'num-comma-decimal-apos',
]); // prettier-ignore
/** Numbers in words. */
const wordFormats = new Set(['num-word-en', 'numwordsen', 'numworden']);

/** "ixt:num-dot-decimal" → "num-dot-decimal". */
const formatName = (format: string | null) =>
  (format ?? '').slice((format ?? '').indexOf(':') + 1).toLowerCase();

/**
 * The digits an `ix:nonFraction` shows, read with its `format` as the inline XBRL
 * transformation rules define them: an unsigned decimal string ("62360", "2.15", "0"), or
 * null for a format this reader does not know or text the format does not fit.
 */
export function factDigits(shown: string, format: string | null): string | null {
  const name = formatName(format);
  const text = shown.replace(/[\s\u00a0]+/g, ' ').trim();
  if (zeroFormats.has(name)) return '0';
  if (wordFormats.has(name)) {
    const n = numberFromWords(text);
    return n === null ? null : String(n);
  }
  let t: string;
  if (dotFormats.has(name)) t = text.replace(/[ ,'\u2019]/g, '');
  else if (commaFormats.has(name)) t = text.replace(/[ .'\u2019]/g, '').replace(',', '.');
  else return null;
  return /^(?:\d+\.?\d*|\.\d+)$/.test(t) ? t : null;
}

/**
 * A fact's value, exactly as the filing states it: the decimal it shows × 10^scale, negative
 * for `sign="-"` (the decimal is shifted in text and read once, so 2.15 at scale 6 is
 * 2150000, not 2149999.9999999998). null for a nil fact or an unread format.
 */
export function factValue(
  fact: Pick<RawIxFact, 'shown' | 'format' | 'scale' | 'negated' | 'nil'>,
): number | null {
  if (fact.nil) return null;
  const digits = factDigits(fact.shown, fact.format);
  if (digits === null) return null;
  const value = Number(`${fact.negated ? '-' : ''}${digits}e${fact.scale}`);
  if (!Number.isFinite(value)) return null;
  return value === 0 ? 0 : value; // no -0 for a negated zero
}

/**
 * The magnitude an `ix:nonFraction` states: its displayed text read with its `format`, times
 * 10^scale (sign excluded). null for formats this reader does not know.
 */
export function ixFactMagnitude(
  fact: Pick<RawIxFact, 'shown' | 'format' | 'scale'>,
): number | null {
  const value = factValue({ ...fact, negated: false, nil: false });
  return value === null ? null : Math.abs(value);
}

/** Same quantity up to floating-point noise. */
export function sameMagnitude(a: number, b: number): boolean {
  const x = Math.abs(a);
  const y = Math.abs(b);
  return Math.abs(x - y) <= 1e-9 * Math.max(1, x, y);
}

/** "-6" → -6, "INF" → "INF"; null when absent or not a whole number. */
function decimalsOf(text: string | null): number | 'INF' | null {
  if (text === null) return null;
  const t = text.trim();
  if (t.toUpperCase() === 'INF') return 'INF';
  return /^[-+]?\d+$/.test(t) ? Number(t) : null;
}

/**
 * The cell's copy of a fact — concept, context (period, dimensions), unit, decimals, scale,
 * sign and value — with whether the value read from the visible text agrees in magnitude.
 * `shown` is the cell's value, or for a range cell its two ends (and its central value): the
 * n-th fact of a cell is checked against the n-th number shown.
 */
export function crossCheck(
  fact: RawIxFact,
  index: number,
  shown: readonly number[],
  scale: number,
): XbrlFactRef {
  const tagged = factValue(fact);
  const value = shown[Math.min(index, shown.length - 1)] ?? null;
  return {
    concept: fact.name,
    contextRef: fact.contextRef,
    period: fact.period,
    dimensions: fact.dimensions,
    unitRef: fact.unitRef,
    unit: fact.unit,
    decimals: decimalsOf(fact.decimals),
    scale: fact.scale,
    negated: fact.negated,
    factValue: tagged,
    agrees: tagged === null ? null : value !== null && sameMagnitude(value * scale, tagged),
  };
}
