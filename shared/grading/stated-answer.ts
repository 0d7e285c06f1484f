import { cleanNumberText } from '../numbers/clean-number-text';
import { findNumbers } from '../numbers/find-numbers';
import { parseNumber } from '../numbers/parse-number';
import type { ParsedNumber } from '../numbers/parsed-number';
import { scaleFactor, type ScaleName } from '../numbers/scale-words';
import { findHedges, type Hedge } from './hedges';
import { unwrap } from './extract-answer';

// The answer a long free-text response states, found without a model:
// 1. the response split into statements (lines and sentences);
// 2. in each, the numbers that can be an answer: not a year or a date, not a list marker
//    ("1. Find …"), not an operand of the arithmetic shown ("× 100", "/ 2", "4.3% - 4.1%"),
//    and, in a statement with "=", only what follows the last "=" (the result);
// 3. the statement chosen: the last concluding one ("Therefore", "So", "Thus", "the answer
//    is", "Rounded to …"), else the last that states a value ("is $X", "were $X", ": $X"),
//    else the last with any such number; in it, the first such number (the others are
//    kept as alternatives: "0.0153 or 1.53%");
// 4. numbers copied from the question ("365", "state 0") only when nothing else is there.
// Hedge and refusal phrases are reported with their position; the scorer decides.

export type StatedVia = 'whole' | 'conclusion' | 'statement' | 'last-number' | 'question-number';

export interface StatedValue {
  number: ParsedNumber;
  /** The statement the value was taken from. */
  statement: string;
  /** Offset of the statement in the scanned text. */
  index: number;
  via: StatedVia;
  /** Other values in the same result ("0.54 or 54.00%"). */
  alternatives: ParsedNumber[];
}

export interface StatedAnswer {
  value?: StatedValue;
  hedges: Hedge[];
  /** Characters cut from the front of a very long output before scanning. */
  cut: number;
}

/** Outputs longer than this are scanned from their tail only (answers come last). */
export const STATED_TAIL_CHARS = 20_000;

const MONTH =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s*$/i;
const CUE_START =
  /^[\s\W]*(?:so|therefore|thus|hence|in conclusion|in summary|overall|finally|as a result|to summari[sz]e|accordingly|consequently)\b/i;
const CUE_ANY =
  /\b(?:therefore|thus|hence|the (?:final )?answer is|final answer|answer\s*:|rounded|rounding|in conclusion)\b/i;
const COPULA_BEFORE =
  /(?:\b(?:is|was|were|are|be|equals?|equal to|totals?|totaled|totalled|amounted to|amounts to|of|at|came to|comes to|stood at|stands at)|[=:≈])\s*(?:approximately|about|around|roughly|nearly|an|a|negative|positive|\(?-)?\s*$/i;
const SCALE_CONTEXT =
  /^\s*\(?\s*in\s+(?:usd\s+|us\$\s*|\$\s*|dollars\s+)?(thousands|millions|billions)\b/i;
const SCALES: Readonly<Record<string, ScaleName>> = {
  thousands: 'thousand',
  millions: 'million',
  billions: 'billion',
};

interface Statement {
  text: string;
  index: number;
}

/** Lines, then sentences ("." "!" "?" followed by a space; "3.5" and "1,234.5" stay whole). */
function statements(text: string): Statement[] {
  const out: Statement[] = [];
  const re = /[^\n]+/g;
  for (const line of text.matchAll(re)) {
    let start = 0;
    const l = line[0];
    for (const end of l.matchAll(/[.!?](?=\s)/g)) {
      out.push({ text: l.slice(start, end.index + 1), index: line.index + start });
      start = end.index + 1;
    }
    if (start < l.length) out.push({ text: l.slice(start), index: line.index + start });
  }
  return out.filter((s) => /\S/.test(s.text));
}

function isYear(n: ParsedNumber): boolean {
  return (
    n.currency === undefined &&
    n.unit === undefined &&
    n.scale === undefined &&
    !n.negative &&
    n.decimals === 0 &&
    !n.text.includes(',') &&
    n.value >= 1900 &&
    n.value <= 2100
  );
}

/** Why a number in `text` (already cleaned) at its offset is not an answer, or undefined. */
function notAnAnswer(n: ParsedNumber, text: string, years: boolean): string | undefined {
  const before = text.slice(0, n.index);
  const after = text.slice(n.index + n.text.length);
  if (!years && isYear(n)) return 'year';
  // "3M", "10K": a capital letter glued to digits is a name, not "3 million".
  if (n.currency === undefined && /^\d+[A-Z]$/.test(n.text)) return 'name';
  if (/^\s*-?\s*(?:years?|months?|quarters?)\b/i.test(after) && Number.isInteger(n.value))
    return 'period length';
  if (/^\s*,\s*(?:19|20)\d\d\b/.test(after) || MONTH.test(before)) return 'date';
  if (/^[\s\-*•]*$/.test(before) && /^[.)](?:\s|$)/.test(after) && Number.isInteger(n.value))
    return 'list marker';
  if (/^\s*[*/×÷]\s*[\d($.-]/.test(after) || /^\s*x\s*[\d($]/.test(after)) return 'operand';
  if (/^\s*[+-]\s*[\d($]/.test(after) && !/^\s*-\s*\d+\s*(?:days|%)/.test(after)) return 'operand';
  if (/[*/×÷+]\s*\(?\s*$/.test(before) || /\d\s*x\s*$/.test(before) || /\s-\s*\(?\s*$/.test(before))
    return 'operand';
  if (/\b(?:multipl\w* (?:it )?by|divid\w* (?:it )?by|times)\s*$/i.test(before)) return 'operand';
  return undefined;
}

/** A scale named right after the number ("$302,578 in thousands", "(in millions)"). */
function withScaleContext(n: ParsedNumber, text: string): ParsedNumber {
  if (n.scale !== undefined || n.unit !== undefined) return n;
  const word = SCALE_CONTEXT.exec(text.slice(n.index + n.text.length))?.[1];
  const scale = word ? SCALES[word.toLowerCase()] : undefined;
  return scale ? { ...n, scale, scaled: n.value * scaleFactor(scale) } : n;
}

interface Found {
  primary?: ParsedNumber;
  alternatives: ParsedNumber[];
  fromQuestion?: ParsedNumber;
}

function answerNumbers(st: Statement, questionNumbers: readonly number[], years: boolean): Found {
  const text = cleanNumberText(st.text);
  const eq = Math.max(text.lastIndexOf('='), text.lastIndexOf('≈'));
  const all = findNumbers(text);
  const usable = all.filter((n) => notAnAnswer(n, text, years) === undefined);
  const afterEq = eq >= 0 ? usable.filter((n) => n.index > eq) : [];
  const pool = (afterEq.length > 0 ? afterEq : usable).map((n) => withScaleContext(n, text));
  const own = pool.filter(
    (n) =>
      !(
        n.currency === undefined &&
        n.scale === undefined &&
        n.unit === undefined &&
        questionNumbers.includes(n.value)
      ),
  );
  // The value a copula introduces ("… the 3 year average is 55.1%") before any other.
  const stated = own.find((n) => COPULA_BEFORE.test(text.slice(0, n.index)));
  const [primary, ...alternatives] = stated ? [stated, ...own.filter((n) => n !== stated)] : own;
  // A number copied from the question is a value only where it is stated: "… costs is 0."
  const fromQuestion = pool.find(
    (n) =>
      !own.includes(n) && (COPULA_BEFORE.test(text.slice(0, n.index)) || (eq >= 0 && n.index > eq)),
  );
  return {
    ...(primary ? { primary } : {}),
    alternatives,
    ...(fromQuestion ? { fromQuestion } : {}),
  };
}

function value(st: Statement, n: ParsedNumber, via: StatedVia, alts: ParsedNumber[]): StatedValue {
  return { number: n, statement: st.text.trim(), index: st.index, via, alternatives: alts };
}

export interface StatedOptions {
  /** The answer may be a year (the gold is one: "In which year …?"). */
  years?: boolean;
}

export function extractStated(
  raw: string,
  questionNumbers: readonly number[] = [],
  options: StatedOptions = {},
): StatedAnswer {
  const years = options.years === true;
  const cut = raw.length > STATED_TAIL_CHARS ? raw.length - STATED_TAIL_CHARS : 0;
  const text = unwrap(cut > 0 ? raw.slice(cut) : raw);
  const hedges = findHedges(text);
  const whole = parseNumber(text);
  if (whole) return { value: value({ text, index: 0 }, whole, 'whole', []), hedges, cut };
  const sts = statements(text).map((st) => ({
    st,
    found: answerNumbers(st, questionNumbers, years),
  }));
  const withPrimary = sts.filter((s) => s.found.primary !== undefined);
  const pick = (
    pred: (s: (typeof sts)[number]) => boolean,
    via: StatedVia,
  ): StatedAnswer | undefined => {
    const s = [...withPrimary].reverse().find(pred);
    return s?.found.primary
      ? { value: value(s.st, s.found.primary, via, s.found.alternatives), hedges, cut }
      : undefined;
  };
  const stated =
    pick((s) => CUE_START.test(s.st.text) || CUE_ANY.test(s.st.text), 'conclusion') ??
    pick((s) => {
      const t = cleanNumberText(s.st.text);
      const p = s.found.primary as ParsedNumber;
      return COPULA_BEFORE.test(t.slice(0, p.index));
    }, 'statement') ??
    pick(() => true, 'last-number');
  if (stated) return stated;
  const q = [...sts].reverse().find((s) => s.found.fromQuestion !== undefined);
  if (q?.found.fromQuestion)
    return { value: value(q.st, q.found.fromQuestion, 'question-number', []), hedges, cut };
  return { hedges, cut };
}
