import { findNumbers } from '../numbers/find-numbers';
import { parseNumber } from '../numbers/parse-number';
import type { ParsedNumber } from '../numbers/parsed-number';
import { decimalsOfFloat } from '../numbers/precision';
import { pyEval } from './python/py-eval';
import { findRefusal } from './refusal';

// Final-answer extraction from free model text, without an LLM. Order of evidence:
// an explicit marker ("Therefore, the answer is …", "Answer: …", \boxed{…}), then a refusal,
// then the last number in the text.

export type ExtractedAnswer =
  | {
      kind: 'answer';
      /** The answer span as written. */
      text: string;
      /** Its (first) number, when it has one. */
      number?: ParsedNumber;
      /** After a marker: the rest of its line (a span answer may run over several sentences). */
      line?: string;
      via: 'whole' | 'marker' | 'boxed' | 'last-number' | 'expression';
    }
  | { kind: 'refusal'; text: string; phrase: string }
  | { kind: 'none'; reason: string };

/** Text longer than this is scanned from its tail only (answers come last). */
const TAIL_CHARS = 20_000;

const MARKERS: readonly RegExp[] = [
  /(?:the\s+)?final\s+answer\s*(?:is|:|=)\s*:?/gi,
  /(?:the\s+)?answer\s+(?:to\s+the\s+question\s+)?is\s*:?/gi,
  /\banswer\s*:/gi,
];

/** LaTeX and markdown decorations that hide numbers from the parser. */
export function unwrap(text: string): string {
  return text
    .replace(/\*\*|__/g, '')
    .replace(/\\text\{([^}]*)\}/g, '$1')
    .replace(/\\%/g, '%')
    .replace(/\\\$/g, '$')
    .replace(/\\[,;!]/g, '')
    .replace(/\\\(|\\\)|\\\[|\\\]/g, ' ')
    .replace(/\\times/g, '×')
    .replace(/\\approx/g, '≈');
}

/** The answer span after a marker: up to the end of its line or sentence, and the whole line. */
function spanAfter(text: string, start: number): { span: string; line: string } {
  const rest = text.slice(start).replace(/^[\s:]+/, '');
  const line = rest.split('\n')[0] ?? '';
  // A period ends the sentence only when followed by a space (keeps "3.5" and "1,234.5").
  const sentenceEnd = line.search(/\.(?:\s|$)/);
  return { span: (sentenceEnd >= 0 ? line.slice(0, sentenceEnd) : line).trim(), line: line.trim() };
}

/**
 * Output that stops mid-sentence with no answer marker: a long generation cut off by the token
 * limit ("… Now we can solve for P:", "Step 5"). Its last number is a step, not an answer.
 */
export const CUT_OFF_MIN_CHARS = 800;
export function looksCutOff(text: string): boolean {
  const t = text.trimEnd();
  return t.length >= CUT_OFF_MIN_CHARS && !/[.!?)\]}"'”’*`$%]$/.test(t);
}

const YEAR = /^(?:19|20)\d\d$/;

/** The value of a worded span: a year ("for the year 2014") only when the span is the year. */
function spanNumber(span: string): ParsedNumber | undefined {
  const whole = parseNumber(span);
  if (whole) return whole;
  return findNumbers(span).find((n) => !YEAR.test(n.text));
}

function lastBoxed(text: string): string | undefined {
  const i = text.lastIndexOf('\\boxed{');
  if (i < 0) return undefined;
  let depth = 0;
  for (let j = i + 7; j < text.length; j++) {
    if (text[j] === '{') depth++;
    else if (text[j] === '}') {
      if (depth === 0) return text.slice(i + 7, j);
      depth--;
    }
  }
  return undefined;
}

function lastMarkerSpan(text: string): { span: string; line: string } | undefined {
  let best: { index: number; end: number } | undefined;
  for (const re of MARKERS) {
    for (const m of text.matchAll(re)) {
      if (!best || m.index > best.index) best = { index: m.index, end: m.index + m[0].length };
    }
  }
  return best ? spanAfter(text, best.end) : undefined;
}

const ARITHMETIC = /^[\s\d.,+\-*/×÷()^]+$/;

/**
 * An answer written as arithmetic ("25/31", "1,200 × 1.05^2"): evaluated with the safe Python
 * subset evaluator. "5-10" is a range, not a subtraction, so a bare minus needs spaces.
 */
function evaluateArithmetic(span: string): ParsedNumber | undefined {
  const t = span.trim();
  if (!ARITHMETIC.test(t) || !/\d/.test(t) || !/[+*/×÷^]|\s-\s/.test(t)) return undefined;
  const expr = t
    .replace(/(\d),(?=\d{3}(?!\d))/g, '$1')
    .replace(/×/g, '*')
    .replace(/÷/g, '/')
    .replace(/\^/g, '**');
  try {
    const v = pyEval(expr);
    const value = v.t === 'float' ? v.v : v.t === 'int' ? Number(v.v) : undefined;
    if (value === undefined || !Number.isFinite(value)) return undefined;
    return {
      value,
      scaled: value,
      decimals: decimalsOfFloat(value),
      negative: value < 0,
      parenthesized: false,
      approximate: false,
      nil: false,
      text: t,
      index: 0,
    };
  } catch {
    return undefined;
  }
}

function fromSpan(span: string, via: 'marker' | 'boxed', line?: string): ExtractedAnswer {
  const refusal = findRefusal(span);
  if (refusal) return { kind: 'refusal', text: span, phrase: refusal };
  if (/^(?:none|n\/a|null|unknown)\.?$/i.test(span.trim()))
    return { kind: 'none', reason: `the answer was "${span.trim()}"` };
  const expression = parseNumber(span) ? undefined : evaluateArithmetic(span);
  if (expression) return { kind: 'answer', text: span, number: expression, via: 'expression' };
  const number = spanNumber(span);
  return {
    kind: 'answer',
    text: span,
    ...(number ? { number } : {}),
    ...(line !== undefined && line !== span ? { line } : {}),
    via,
  };
}

/**
 * The extractions of the last few outputs. One answer is read by the ask core and then by each
 * scorer of a run (the strict scorer up to three times), the same text every time; extraction
 * is a pure function of it. Results are frozen: a reader cannot change what the next one gets.
 */
const extracted = new Map<string, ExtractedAnswer>();
const EXTRACTED_MAX = 64;

export function extractAnswer(raw: string): ExtractedAnswer {
  let found = extracted.get(raw);
  if (found === undefined) {
    found = extractUncached(raw);
    Object.freeze(found);
    if (found.kind === 'answer' && found.number) Object.freeze(found.number);
    if (extracted.size >= EXTRACTED_MAX) extracted.clear();
    extracted.set(raw, found);
  }
  return found;
}

function extractUncached(raw: string): ExtractedAnswer {
  const text = unwrap(raw.length > TAIL_CHARS ? raw.slice(-TAIL_CHARS) : raw).trim();
  if (text === '') return { kind: 'none', reason: 'empty output' };
  const whole = parseNumber(text);
  if (whole) return { kind: 'answer', text, number: whole, via: 'whole' };
  const expression = evaluateArithmetic(text);
  if (expression) return { kind: 'answer', text, number: expression, via: 'expression' };
  const boxed = lastBoxed(text);
  if (boxed !== undefined) return fromSpan(boxed.trim(), 'boxed');
  const marked = lastMarkerSpan(text);
  if (marked !== undefined && marked.span !== '')
    return fromSpan(marked.span, 'marker', marked.line);
  const refusal = findRefusal(text);
  if (refusal) return { kind: 'refusal', text, phrase: refusal };
  if (looksCutOff(text))
    return { kind: 'none', reason: 'the output stops mid-sentence before any answer (cut off)' };
  const numbers = findNumbers(text);
  const last = numbers[numbers.length - 1];
  if (last) return { kind: 'answer', text: last.text, number: last, via: 'last-number' };
  return { kind: 'none', reason: 'no number or answer marker in the output' };
}
