import { cleanNumberText, SUPERSCRIPT_MARKS } from './clean-number-text';
import type { NumberUnit, ParsedNumber } from './parsed-number';
import { NUMBER_BODY, type NumberGroups } from './number-pattern';
import { negativeByParentheses } from './parentheses';
import { scaleFactor, scaleFromWord } from './scale-words';

const WHOLE = new RegExp(String.raw`^\s*${NUMBER_BODY}\s*\.?\s*$`, 'i');
const NIL = /^\s*[-\u2014\u2013]+\s*$/;

/**
 * Builds a ParsedNumber from the regex groups of NUMBER_BODY; undefined if inconsistent.
 * `whole`: the text is this number alone (parseNumber), not a number found in running text.
 */
export function fromGroups(
  g: NumberGroups,
  text: string,
  index: number,
  whole: boolean,
): ParsedNumber | undefined {
  if (g.mant === undefined) return undefined;
  const closed = (g.close1 ?? g.close2) !== undefined;
  const parenthesized = negativeByParentheses(g.open !== undefined, closed, whole);
  const minus = g.sign1 === '-' || g.sign2 === '-';
  const negative = minus || parenthesized;
  const digits = g.mant.replace(/,/g, '');
  const exp = (g.exp ? Number(g.exp) : 0) + (g.pow ? Number(g.pow) : 0);
  const dot = digits.indexOf('.');
  const decimals = (dot < 0 ? 0 : digits.length - dot - 1) - exp;
  let magnitude = Number(digits);
  if (exp !== 0) magnitude = Number(`${digits}e${exp}`);
  if (!Number.isFinite(magnitude)) return undefined;
  const value = negative ? -magnitude : magnitude;
  const scale = g.scale ? scaleFromWord(g.scale) : undefined;
  const unit = unitFromWord(g.unit);
  const currency = g.cur ?? g.curPre ?? g.curAfter;
  return {
    value,
    scaled: value * scaleFactor(scale),
    ...(scale ? { scale } : {}),
    ...(unit ? { unit } : {}),
    ...(currency ? { currency } : {}),
    decimals,
    negative,
    parenthesized,
    approximate: g.approx !== undefined,
    nil: false,
    text,
    index,
  };
}

function unitFromWord(word: string | undefined): NumberUnit | undefined {
  if (!word) return undefined;
  const w = word.toLowerCase();
  if (w.startsWith('b')) return 'basis-points';
  return 'percent';
}

/**
 * Parses a string that is one number with its decorations: "(1,234.5)" and "(1,234.5" →
 * -1234.5 (the parentheses rule: ./parentheses.ts),
 * "−3.2", "$3.2 billion", "12.5%", "1.2e3", "approximately 5", "1,234*", "—" (nil).
 * Returns undefined when the string is not exactly one number.
 */
export function parseNumber(input: string): ParsedNumber | undefined {
  const text = cleanNumberText(input).replace(SUPERSCRIPT_MARKS, '');
  if (NIL.test(text))
    return {
      value: 0,
      scaled: 0,
      decimals: 0,
      negative: false,
      parenthesized: false,
      approximate: false,
      nil: true,
      text: text.trim(),
      index: 0,
    };
  const m = WHOLE.exec(text);
  if (!m?.groups) return undefined;
  return fromGroups(m.groups, text.trim(), 0, true);
}
