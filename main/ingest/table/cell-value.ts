import type { CellKind } from '../../../shared/document';
import { negativeByParentheses } from '../../../shared/numbers/parentheses';

/** What a cell's visible text says as a number. */
export interface ParsedValue {
  kind: CellKind;
  /** The number as displayed, sign included; 0 for a dash; null for text and n/a. */
  value: number | null;
  percent: boolean;
  currency: boolean;
  /** A scale word written in the cell itself ("$3.2 billion" → 1e9), else 1. */
  wordScale: number;
  /** "1.5x" multiples. */
  multiple: boolean;
  /** "110 bps": basis points, hundredths of a percent. */
  basisPoints?: true;
  /**
   * Both ends of a range ("3.6%-5.4%", "2 to 5"); kind is "range" then, and `value` is null
   * unless the range is stated with its central value ("$21 - $27 Median $23": 23).
   */
  range?: [number, number];
}

const text = (): ParsedValue => ({
  kind: 'text',
  value: null,
  percent: false,
  currency: false,
  wordScale: 1,
  multiple: false,
});

const naWords = /^(?:n\/?a|n\.a\.|nm|n\/m|n\.m\.|not meaningful|not applicable|\*+)$/i;
const dashes = /^[-\u2010-\u2015\u2212]+$/;
const scaleWords: Record<string, number> = {
  thousand: 1e3,
  million: 1e6,
  billion: 1e9,
  trillion: 1e12,
};
// digits with optional thousands separators and decimals; or a bare decimal like ".5"
// "3.6%-5.4%", "$10-$20", "—%-4.6%", "2to5" (whitespace is removed before matching)
// "($8)-$0": an end may be negative, in parentheses
const rangePattern =
  /^((?:\$?\(\$?(?:\d[\d,]*(?:\.\d+)?|\.\d+)\)|\$?(?:\d[\d,]*(?:\.\d+)?|\.\d+|[\u2013\u2014]))%?)(?:-|\u2013|\u2014|to)((?:\$?\(\$?(?:\d[\d,]*(?:\.\d+)?|\.\d+)\)|\$?(?:\d[\d,]*(?:\.\d+)?|\.\d+))%?)$/i;
// "$21 - $27 Median $23", "($8) - $0 Net ($8)", "3.5%-5.0% Weighted average 4.2%": a range
// stated with its central value, as fair-value disclosures give their unobservable inputs
const rangeWithCentre =
  /^(.+?)(?:median|mean|average|weighted-?average|net)(?:of)?:?(\$?\(?\$?(?:\d[\d,]*(?:\.\d+)?|\.\d+)\)?%?)$/i;
// "1,100 (2)", "900 (a)": a footnote reference printed in line after the amount it annotates.
// Only after a digit, "%" or ")": "(2)" alone is minus two, and "$ (12)" a negative amount.
const footnoteAfterNumber = /(?<=[\d%)])\((?:[a-z]|\d{1,2})\)$/i;
// "1.2 pts", "(0.5) ppts": percentage points; "110 bps", "25 basis points": hundredths of one
const percentagePoints = /(?<=[\d)])(?:pts|ppts?|pp|percentagepoints?)\.?$/i;
const basisPointsMark = /(?<=[\d)])(?:bps|bp|basispoints?)\.?$/i;
const plainNumber = /^\d{1,3}(?:,\d{3})*(?:\.\d+)?$|^\d+(?:\.\d+)?$/;
const numberBody = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$|^\.\d+$/;

/** A range ("3.6%-5.4%", "2 to 5"), with its central value when stated; else null. */
function parseRange(t: string): ParsedValue | null {
  const centred = rangeWithCentre.exec(t);
  if (centred) {
    const range = parseCellValue(centred[1] ?? '');
    const centre = parseCellValue(centred[2] ?? '');
    if (range.kind === 'range' && centre.kind === 'number') {
      return {
        ...range,
        value: centre.value,
        percent: range.percent || centre.percent,
        currency: range.currency || centre.currency,
      };
    }
  }
  const range = rangePattern.exec(t);
  if (range) {
    const low = parseCellValue(range[1] ?? '');
    const high = parseCellValue(range[2] ?? '');
    if (low.value !== null && high.value !== null) {
      return {
        ...text(),
        kind: 'range',
        percent: low.percent || high.percent,
        currency: low.currency || high.currency,
        range: [low.value, high.value],
      };
    }
  }
  return null;
}

/**
 * Reads displayed cell text: "(1,234)" → -1234, "$ 12.5" → 12.5, "12.5%" → 12.5 (percent),
 * "—" → 0 (dash), "n/a" → null. Parentheses or a leading minus make it negative. Parentheses
 * follow the rule every number reader shares (shared/numbers/parentheses.ts, as parseNumber):
 * a cell is a whole text, so a lone "(" counts too, because filings often put the ")" in
 * another cell that may not have been merged.
 */
export function parseCellValue(shown: string): ParsedValue {
  // Fast path for the most common shape, a plain "1,234" or "12.5".
  if (plainNumber.test(shown)) {
    return { ...text(), kind: 'number', value: Number(shown.replace(/,/g, '')) };
  }
  const t = shown
    .replace(/[\s\u00a0]+/g, '')
    .replace(/[*†‡§]+$/, '')
    .replace(footnoteAfterNumber, '');
  if (t === '') return text();
  if (naWords.test(t)) return { ...text(), kind: 'na' };
  const range = parseRange(t);
  if (range !== null) return range;
  return parseAmount(t);
}

/**
 * An amount with its marks: currency, "%", a multiple ("1.5x", "1.9:1"), a scale word,
 * parentheses or a minus; `t` has no whitespace. Text when no number is left.
 */
function parseAmount(t: string): ParsedValue {
  let currency = false;
  t = t.replace(/US\$|\$|€|£|¥/g, () => {
    currency = true;
    return '';
  });
  let percent = false;
  if (/%\)?$/.test(t)) {
    percent = true;
    t = t.replace(/%(\)?)$/, '$1');
  } else if (percentagePoints.test(t)) {
    percent = true;
    t = t.replace(percentagePoints, '');
  }
  const basisPoints = basisPointsMark.test(t);
  if (basisPoints) t = t.replace(basisPointsMark, '');
  let multiple = false;
  if (/^\d+(?:\.\d+)?:1$/.test(t)) {
    // "1.9:1", a ratio such as premiums to surplus: a multiple of 1.9
    multiple = true;
    t = t.slice(0, -2);
  } else if (/\dx\)?$/i.test(t)) {
    multiple = true;
    t = t.replace(/x(\)?)$/i, '$1');
  }
  let wordScale = 1;
  const word = /^(.*\d)(thousand|million|billion|trillion)s?$/i.exec(t);
  if (word) {
    t = word[1] ?? '';
    wordScale = scaleWords[(word[2] ?? '').toLowerCase()] ?? 1;
  }
  // The cell is the number alone, so "(1,234" is negative too (shared/numbers/parentheses.ts).
  const open = t.startsWith('(');
  const close = open && t.endsWith(')');
  let negative = negativeByParentheses(open, close, true);
  if (open) t = close ? t.slice(1, -1) : t.slice(1);
  if (dashes.test(t)) {
    return { kind: 'dash', value: 0, percent, currency, wordScale: 1, multiple: false };
  }
  const sign = /^[-\u2012-\u2014\u2212]/.exec(t);
  if (sign) {
    negative = !negative;
    t = t.slice(sign[0].length);
  }
  if (!numberBody.test(t)) return { ...text(), currency };
  const n = Number(t.replace(/,/g, ''));
  if (!Number.isFinite(n)) return text();
  return {
    kind: 'number',
    value: negative && n !== 0 ? -n : n,
    percent,
    currency,
    wordScale,
    multiple,
    ...(basisPoints ? { basisPoints: true as const } : {}),
  };
}

/** True for pieces that hold a number or a dash: the things value columns are made of. */
export const isNumeric = (p: ParsedValue): boolean => p.kind === 'number' || p.kind === 'dash';

/** A header-style year ("2025", "Fiscal 2024") rather than a quantity. */
export function isYearLike(shown: string): boolean {
  return /^(?:(?:fiscal|fy|calendar)\s*)?(?:19|20)\d{2}(?:\s*\(\w+\))?$/i.test(shown.trim());
}

const cache = new Map<string, ParsedValue>();

/**
 * parseCellValue memoised for the builders, which read the same "—", "$" and repeated numbers
 * thousands of times per filing. Callers must not mutate the result (it is shared).
 */
export function parseCellValueShared(shown: string): ParsedValue {
  let found = cache.get(shown);
  if (found === undefined) {
    if (cache.size >= 8192) cache.clear();
    found = parseCellValue(shown);
    cache.set(shown, found);
  }
  return found;
}
