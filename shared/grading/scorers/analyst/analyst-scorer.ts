import { parseNumber } from '../../../numbers/parse-number';
import type { ParsedNumber } from '../../../numbers/parsed-number';
import { decimalsOfFloat } from '../../../numbers/precision';
import { scaleFromLabel } from '../../../numbers/scale-words';
import { describeQuestion, readQuestion, type QuestionSpec } from '../../question-spec';
import { extractAnswer, looksCutOff } from '../../extract-answer';
import type { Hedge } from '../../hedges';
import { cleanNumberText } from '../../../numbers/clean-number-text';
import { findNumbers } from '../../../numbers/find-numbers';
import { extractStated, type StatedAnswer } from '../../stated-answer';
import {
  makeVerdict,
  showValue,
  type JsonValue,
  type ScoreInput,
  type Scorer,
  type Verdict,
} from '../../verdict';
import { compareSpans } from '../strict/compare-spans';
import { spanWords } from '../strict/text-match';
import { compareQuantity, type Quantity } from './compare-quantity';
import { judgeTextGold } from './text-gold';
import { compact } from '../../../util/compact';

// The default scorer for free-text answers (FinanceBench-style paragraphs): finds the answer
// the response states, keeps refusals apart, reads the unit, scale and precision the question
// asks for, and compares quantities within the rounding the question allows. Checked against
// the FinanceBench human experts' labels by test/bench/expert-agreement.ts; each rule is
// explained in docs/grading.md.

const ID = 'analyst';
const VERSION = 'analyst-2';

/** "1.234,5" and "12,5 %": a decimal comma, which we do not guess at. */
const DECIMAL_COMMA =
  /(?<![\d.,])\d{1,3}(?:\.\d{3})+,\d+(?![\d.,])|(?<![\d.,])\d+,\d{1,2}(?![\d,])\s*(?:%|percent)/;

type Gold =
  | { kind: 'number'; q: Quantity; shown: string }
  | { kind: 'text'; text: string }
  | { kind: 'spans'; items: JsonValue[] }
  | { kind: 'invalid'; why: string };

function quantityOfParsed(n: ParsedNumber): Quantity {
  return {
    value: n.value,
    decimals: n.decimals,
    percent: n.unit === 'percent',
    ...(n.scale ? { scale: n.scale } : {}),
  };
}

function readGold(input: ScoreInput): Gold {
  const g = input.gold;
  const labelScale = scaleFromLabel(input.goldScale);
  const labelPercent = input.goldScale?.toLowerCase().includes('percent') === true;
  if (typeof g === 'number') {
    if (!Number.isFinite(g)) return { kind: 'invalid', why: `gold is ${g}` };
    return {
      kind: 'number',
      shown: String(g),
      q: {
        value: g,
        decimals: Math.max(input.goldDecimals ?? 0, decimalsOfFloat(g)),
        percent: labelPercent,
        ...(labelScale ? { scale: labelScale } : {}),
      },
    };
  }
  if (typeof g === 'string') {
    if (g.trim() === '') return { kind: 'invalid', why: 'gold is empty' };
    if (DECIMAL_COMMA.test(g))
      return {
        kind: 'invalid',
        why: `gold "${showValue(g, 40)}" is written with a decimal comma; write it with a decimal point`,
      };
    const n = parseNumber(g);
    if (n && Number.isFinite(n.value)) {
      const q = quantityOfParsed(n);
      return {
        kind: 'number',
        shown: g.trim(),
        q: {
          ...q,
          ...(labelPercent && !q.percent ? { percent: true } : {}),
          ...(labelScale && !q.scale ? { scale: labelScale } : {}),
        },
      };
    }
    return { kind: 'text', text: g };
  }
  // Span golds (TAT-QA's lists): one number is a quantity, anything else is compared as spans.
  if (Array.isArray(g) && g.length === 1) {
    const one = readGold({ ...input, gold: g[0] ?? null });
    return one.kind === 'text' ? { kind: 'spans', items: g } : one;
  }
  if (
    Array.isArray(g) &&
    g.length > 1 &&
    g.every((x) => typeof x === 'string' || typeof x === 'number')
  )
    return { kind: 'spans', items: g };
  return { kind: 'invalid', why: `gold is ${showValue(g, 60)}` };
}

function predictionText(p: JsonValue | undefined): string | undefined {
  if (p === undefined || p === null) return undefined;
  if (typeof p === 'string') return p;
  if (typeof p === 'number') return Number.isFinite(p) ? String(p) : undefined;
  if (Array.isArray(p) && p.length === 1) return predictionText(p[0]);
  return JSON.stringify(p);
}

const describe = (q: Quantity): string =>
  `${Number(q.value.toPrecision(12))}${q.percent ? '%' : q.scale ? ` ${q.scale}` : ''}`;

/** Hedges after the statement the value was taken from (all of them when there is none). */
function hedgesAfter(found: StatedAnswer): Hedge[] {
  const v = found.value;
  if (!v) return found.hedges;
  const end = v.index + v.statement.length;
  return found.hedges.filter((h) => h.index >= end);
}

/** Advice instead of an answer: how to find or compute it ("you would need to …", steps). */
const ADVICE =
  /\b(?:you (?:can|could|would|will|may|might|should)|please|refer to|recommend|to (?:calculate|find|compute|get|determine) (?:this|it|the|these)|formula|here'?s how|guide you|look (?:at|up|for)|check (?:the|its|their))\b|^\W*(?:\d+[.)]\s*)?(?:find|divide|multiply|subtract|add|calculate|compute|use|identify|obtain|locate)\b/i;

/**
 * Whether a response with hedges still answers: some statement without a hedge phrase that is
 * not advice and says something (six words or more). "The document does not provide details.
 * However, it mentions that PepsiCo is involved in litigation …" answers; "As an AI, I don't
 * have access … You would need to look at the income statement" does not.
 */
function hasSubstance(text: string, hedges: readonly Hedge[]): boolean {
  const re = /[^\n.!?]+[.!?]?/g;
  for (const m of text.matchAll(re)) {
    const st = m[0];
    const start = m.index;
    const end = start + st.length;
    if (hedges.some((h) => h.index < end && h.index + h.phrase.length > start)) continue;
    if (ADVICE.test(st)) continue;
    if (st.trim().split(/\s+/).length >= 6) return true;
  }
  return false;
}

/** Whether the response states a figure: not a year, nor a small count ("Q2", "3 years"). */
const hasNumber = (text: string): boolean =>
  findNumbers(cleanNumberText(text)).some(
    (n) => !/^(?:19|20)\d\d$/.test(n.text) && Math.abs(n.value) >= 5,
  );

/** The last "the answer is …" that names no value ("… is the calculated interest cost."). */
const ANSWER_MARKER =
  /\b(?:the\s+)?(?:final\s+)?answer\s+(?:to\s+the\s+question\s+)?is\b|\bfinal\s+answer\s*:/gi;
function placeholderAnswer(text: string): string | undefined {
  const marks = [...text.matchAll(ANSWER_MARKER)];
  const last = marks[marks.length - 1];
  if (!last) return undefined;
  const rest = text.slice(last.index + last[0].length);
  const line = (rest.replace(/^[\s:]+/, '').split('\n')[0] ?? '').trim();
  if (!/[a-z]{3,}\s+[a-z]{3,}/i.test(line)) return undefined;
  const values = findNumbers(cleanNumberText(rest)).filter((n) => !/^(?:19|20)\d\d$/.test(n.text));
  return values.length === 0 ? line.slice(0, 80) : undefined;
}

/** Estimate or result wording: the value is given as the answer, not listed as an input. */
const RESULT_WORDING =
  /\b(?:approximately|approx\.?|about|around|roughly|estimated?|would be|comes? to|works out|is expected|result)\b|[=≈]/i;

/**
 * The fewest significant digits among the statement figures the answer computes from: the
 * numbers of the response other than the answer that are 1,000 or more or carry a scale word,
 * not years. Undefined when it shows none (then no input tolerance applies).
 */
function operandDigits(text: string, answer: number): number | undefined {
  let fewest: number | undefined;
  for (const n of findNumbers(cleanNumberText(text))) {
    // Statement figures: 1,000 or more, or written with a scale word ("$5.2 billion").
    const x = Math.abs(n.value);
    if ((x < 1000 && n.scale === undefined) || x === Math.abs(answer)) continue;
    if (/^(?:19|20)\d\d$/.test(n.text)) continue;
    // Digits as written, leading zeros dropped ("0.0425" has 3, "$5,466" has 4).
    const sig = n.text
      .replace(/[^0-9.]/g, '')
      .replace('.', '')
      .replace(/^0+/, '').length;
    fewest = fewest === undefined ? sig : Math.min(fewest, sig);
  }
  return fewest;
}

/**
 * Span golds (TAT-QA): the answer after a marker (its sentence, then its line), else the reply
 * as written (a bare span, a sentence, a written list), compared as the strict scorer compares
 * spans: numbers with their scale, words, lists item by item.
 */
function scoreSpans(
  input: ScoreInput,
  items: JsonValue[],
  text: string,
  goldNormalized: string,
): Verdict {
  const found = input.predictionKind === 'text' ? extractAnswer(text) : undefined;
  if (found?.kind === 'refusal')
    return makeVerdict(analystScorer, {
      extracted: found.text,
      predNormalized: '',
      goldNormalized,
      outcome: 'refusal',
      rule: `refusal ("${found.phrase}")`,
    });
  if (found?.kind === 'none' && found.reason.includes('cut off'))
    return makeVerdict(analystScorer, {
      extracted: null,
      predNormalized: '',
      goldNormalized,
      outcome: 'no-answer',
      rule: found.reason,
    });
  const marked =
    found?.kind === 'answer' && (found.via === 'marker' || found.via === 'boxed')
      ? found
      : undefined;
  const tries: JsonValue[] =
    input.predictionKind !== 'text'
      ? [input.prediction ?? null]
      : marked
        ? [marked.text, ...(marked.line ? [marked.line] : [])]
        : [text.trim()];
  if (spanWords(tries[0]).length === 0)
    return makeVerdict(analystScorer, {
      extracted: null,
      predNormalized: '',
      goldNormalized,
      outcome: 'no-answer',
      rule: 'empty answer',
    });
  const labels = compact({
    goldScale: input.goldScale,
    predScale: input.predScale,
    goldDecimals: input.goldDecimals,
  });
  const results = tries.map((t) => compareSpans(t, items, labels));
  const hit = results.findIndex((r) => r.ok);
  const c = results[Math.max(0, hit)] ?? { ok: false, rule: 'different words' };
  const shown = tries[Math.max(0, hit)] ?? null;
  return makeVerdict(analystScorer, {
    extracted: showValue(shown, 200),
    predNormalized: spanWords(shown).join(' '),
    goldNormalized,
    outcome: c.ok ? 'correct' : 'incorrect',
    rule: c.rule,
  });
}

/** The stated answer of a response and what verdicts quote of it (text and number golds). */
interface Reading {
  text: string;
  found: StatedAnswer;
  lastHedge: Hedge | undefined;
  extracted: string | null;
  /** "; only the last N characters read" when the response was read from its end. */
  cutNote: string;
  goldNormalized: string;
}

type Stated = NonNullable<StatedAnswer['value']>;

function readStated(text: string, q: QuestionSpec, gold: Gold, goldNormalized: string): Reading {
  const years =
    gold.kind === 'number' &&
    Number.isInteger(gold.q.value) &&
    gold.q.value >= 1900 &&
    gold.q.value <= 2100 &&
    !gold.q.scale &&
    !gold.q.percent;
  const found = extractStated(text, q.numbers, { years });
  const v = found.value;
  return {
    text,
    found,
    lastHedge: found.hedges[found.hedges.length - 1],
    extracted: v ? showValue(v.statement, 200) : null,
    cutNote: found.cut > 0 ? `; only the last ${text.length - found.cut} characters read` : '',
    goldNormalized,
  };
}

/** A text gold: a refusal, or the response judged against the gold sentence. */
function scoreTextGold(r: Reading, goldText: string): Verdict {
  const { text, found, lastHedge, extracted, cutNote, goldNormalized } = r;
  const v = found.value;
  // Declining ("As an AI, I don't have …", "I cannot …") with no value after it is a
  // refusal; saying only that the source lacks something ("the document does not provide
  // … for FY2021") is not, when the response says something else besides.
  const declines = found.hedges.some((h) => h.kind === 'declines');
  if (
    lastHedge &&
    (!v || hedgesAfter(found).length > 0 || !hasNumber(text)) &&
    (declines || !hasSubstance(text, found.hedges))
  )
    return makeVerdict(analystScorer, {
      extracted,
      predNormalized: '',
      goldNormalized,
      outcome: 'refusal',
      rule: `refusal ("${lastHedge.phrase}")${cutNote}`,
    });
  const j = judgeTextGold(text, goldText);
  return makeVerdict(analystScorer, {
    extracted,
    predNormalized: showValue(text, 120),
    goldNormalized,
    outcome: j.ok ? 'correct' : 'incorrect',
    rule: `${j.rule}${cutNote}`,
  });
}

/**
 * A number gold with no value to compare: a placeholder answer, an output cut off before its
 * conclusion, no value stated (a refusal when hedged), a decimal comma. Undefined: compare.
 */
function unstatedValue(r: Reading): Verdict | undefined {
  const { text, found, lastHedge, extracted, cutNote, goldNormalized } = r;
  const v = found.value;
  const placeholder = placeholderAnswer(text);
  if (placeholder !== undefined)
    return makeVerdict(analystScorer, {
      extracted,
      predNormalized: '',
      goldNormalized,
      outcome: 'no-answer',
      rule: `no value stated: the answer is given as "${placeholder}"`,
    });
  // Cut off: no conclusion, or one the reply went on well past (an intermediate "So, …").
  if (
    looksCutOff(text) &&
    (!v ||
      (v.via !== 'conclusion' && v.via !== 'whole') ||
      v.index + v.statement.length < text.length - found.cut - 300)
  )
    return makeVerdict(analystScorer, {
      extracted,
      predNormalized: '',
      goldNormalized,
      outcome: 'no-answer',
      rule: 'no value stated: the output stops mid-sentence before a conclusion (cut off)',
    });
  if (!v)
    return makeVerdict(analystScorer, {
      extracted: null,
      predNormalized: '',
      goldNormalized,
      outcome: lastHedge ? 'refusal' : 'no-answer',
      rule: lastHedge
        ? `refusal ("${lastHedge.phrase}"), no value stated${cutNote}`
        : `no value stated${cutNote}`,
    });
  if (DECIMAL_COMMA.test(v.statement))
    return makeVerdict(analystScorer, {
      extracted,
      predNormalized: '',
      goldNormalized,
      outcome: 'no-answer',
      rule: 'the stated value is written with a decimal comma ("1.234,5", "12,5 %"); not guessed',
    });
  return undefined;
}

/** The stated value against the gold quantity, or a restatement of it in the same statement. */
function compareStated(text: string, v: Stated, gold: Quantity, q: QuestionSpec) {
  const digits = operandDigits(text, v.number.value);
  const opts = digits !== undefined ? { inputDigits: digits } : {};
  let c = compareQuantity(quantityOfParsed(v.number), gold, q, opts);
  if (c.ok) return c;
  // The same value restated in another unit in the same statement ("$1,577,000,000 ($1,577
  // million)"): the restatement counts when it is the same quantity as the first.
  for (const alt of v.alternatives) {
    const same =
      Math.abs(alt.scaled - v.number.scaled) <=
      0.5 *
        10 ** -Math.min(alt.decimals, v.number.decimals) *
        Math.max(1, ...[alt, v.number].map((n) => Math.abs(n.scaled / (n.value || 1))));
    if (!same || (alt.unit ?? '') !== (v.number.unit ?? '')) continue;
    const r = compareQuantity(quantityOfParsed(alt), gold, q, opts);
    if (r.ok) {
      c = { ...r, rule: `${r.rule}; the same value restated as ${alt.text}` };
      break;
    }
  }
  return c;
}

/** How the value was found, when not from a concluding sentence (said in the rule). */
const viaNote = (v: Stated): string =>
  v.via === 'whole' || v.via === 'conclusion'
    ? ''
    : v.via === 'statement'
      ? '; value stated without a concluding sentence'
      : v.via === 'last-number'
        ? '; last value in the answer'
        : '; only a number from the question';

/** A number gold: the stated value compared, or declining around the figures a refusal. */
function scoreNumberGold(input: ScoreInput, r: Reading, gold: Quantity, q: QuestionSpec): Verdict {
  const stop = unstatedValue(r);
  if (stop) return stop;
  const { found, lastHedge, extracted, cutNote, goldNormalized } = r;
  // unstatedValue answered when no value is stated.
  const v = found.value!;
  const c = compareStated(r.text, v, gold, q);
  const via = viaNote(v);
  const spec = input.question ? ` [${describeQuestion(q)}]` : '';
  const base = {
    extracted,
    predNormalized: `${v.number.text} → ${Number(c.compared.toPrecision(12))}`,
    goldNormalized: `${goldNormalized}${spec}`,
  };
  if (c.ok)
    return makeVerdict(analystScorer, {
      ...base,
      outcome: 'correct',
      rule: `${c.rule}${lastHedge ? `; states the value despite a hedge ("${lastHedge.phrase}")` : ''}${via}${cutNote}`,
    });
  // Declining after the figures: the response ends by saying it cannot answer (or, with no
  // concluding sentence, that the source lacks what is needed).
  const concluded = v.via === 'conclusion' || v.via === 'whole';
  const after = hedgesAfter(found).find((h) => h.kind === 'declines' || !concluded);
  if (after)
    return makeVerdict(analystScorer, {
      ...base,
      outcome: 'refusal',
      rule: `refusal ("${after.phrase}") after quoting figures${cutNote}`,
    });
  // Declining first, then figures with no final value ("I cannot calculate the ratio, but
  // revenue was $5,000 million and …"): the figures are inputs, not an answer.
  const valueAt = v.index + Math.max(0, v.statement.indexOf(v.number.text));
  const declined = found.hedges.find((h) => h.kind === 'declines' && h.index < valueAt);
  if (declined && !concluded && !RESULT_WORDING.test(v.statement))
    return makeVerdict(analystScorer, {
      ...base,
      outcome: 'refusal',
      rule: `refusal ("${declined.phrase}"): declines and lists figures, but states no final value${cutNote}`,
    });
  return makeVerdict(analystScorer, {
    ...base,
    outcome: 'incorrect',
    rule: `${c.rule}${via}${cutNote}`,
  });
}

export const analystScorer: Scorer = {
  id: ID,
  version: VERSION,
  description:
    'Analyst (default for free text): the stated answer in long outputs, refusals apart, the question’s unit/scale/precision, ±1 in the last requested decimal; sign and ×10^k errors wrong and named',
  score(input: ScoreInput): Verdict {
    const gold = readGold(input);
    if (gold.kind === 'invalid')
      return makeVerdict(analystScorer, {
        extracted: null,
        predNormalized: '',
        goldNormalized: showValue(input.gold),
        outcome: 'error',
        rule: gold.why,
      });
    const goldNormalized =
      gold.kind === 'number'
        ? describe(gold.q)
        : gold.kind === 'spans'
          ? showValue(gold.items, 120)
          : showValue(gold.text, 120);
    const text = predictionText(input.prediction);
    if (text === undefined || text.trim() === '')
      return makeVerdict(analystScorer, {
        extracted: null,
        predNormalized: '',
        goldNormalized,
        outcome: 'no-answer',
        rule: text === undefined ? 'no prediction' : 'empty output',
      });
    if (gold.kind === 'spans') return scoreSpans(input, gold.items, text, goldNormalized);
    if (
      input.predictionKind === 'executed' &&
      typeof input.prediction === 'string' &&
      gold.kind === 'number' &&
      !parseNumber(input.prediction)
    )
      return makeVerdict(analystScorer, {
        extracted: showValue(input.prediction, 200),
        predNormalized: '',
        goldNormalized,
        outcome: 'no-answer',
        rule: 'the program returned text, not a number',
      });
    const q: QuestionSpec = readQuestion(input.question);
    const r = readStated(text, q, gold, goldNormalized);
    if (gold.kind === 'text') return scoreTextGold(r, gold.text);
    return scoreNumberGold(input, r, gold.q, q);
  },
};
