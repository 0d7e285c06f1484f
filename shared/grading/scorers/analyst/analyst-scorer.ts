import { parseNumber } from '../../../numbers/parse-number';
import type { ParsedNumber } from '../../../numbers/parsed-number';
import { decimalsOfFloat } from '../../../numbers/precision';
import { scaleFromLabel } from '../../../numbers/scale-words';
import { describeQuestion, readQuestion, type QuestionSpec } from '../../question-spec';
import { extractStated, type StatedAnswer } from '../../stated-answer';
import {
  makeVerdict,
  showValue,
  type JsonValue,
  type ScoreInput,
  type Scorer,
  type Verdict,
} from '../../verdict';
import { compareQuantity, type Quantity } from './compare-quantity';
import { judgeTextGold } from './text-gold';

// The default scorer for free-text answers (FinanceBench-style paragraphs): finds the answer
// the response states, keeps refusals apart, reads the unit, scale and precision the question
// asks for, and compares quantities within the rounding the question allows. Checked against
// the FinanceBench human experts' labels by test/bench/expert-agreement.ts; each rule is
// explained in docs/grading.md.

const ID = 'analyst';
const VERSION = 'analyst-1';

/** "1.234,5" and "12,5 %": a decimal comma, which we do not guess at. */
const DECIMAL_COMMA =
  /(?<![\d.,])\d{1,3}(?:\.\d{3})+,\d+(?![\d.,])|(?<![\d.,])\d+,\d{1,2}(?![\d,])\s*(?:%|percent)/;

type Gold =
  | { kind: 'number'; q: Quantity; shown: string }
  | { kind: 'text'; text: string }
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
  if (Array.isArray(g) && g.length === 1) return readGold({ ...input, gold: g[0] ?? null });
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

function hedgeAfter(found: StatedAnswer): { phrase: string } | undefined {
  const v = found.value;
  if (!v) return found.hedges[found.hedges.length - 1];
  const end = v.index + v.statement.length;
  return [...found.hedges].reverse().find((h) => h.index >= end);
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
    const goldNormalized = gold.kind === 'number' ? describe(gold.q) : showValue(gold.text, 120);
    const text = predictionText(input.prediction);
    if (text === undefined || text.trim() === '')
      return makeVerdict(analystScorer, {
        extracted: null,
        predNormalized: '',
        goldNormalized,
        outcome: 'no-answer',
        rule: text === undefined ? 'no prediction' : 'empty output',
      });
    const q: QuestionSpec = readQuestion(input.question);
    const found = extractStated(text, q.numbers);
    const v = found.value;
    const lastHedge = found.hedges[found.hedges.length - 1];
    const extracted = v ? showValue(v.statement, 200) : null;
    const cutNote =
      found.cut > 0 ? `; only the last ${text.length - found.cut} characters read` : '';

    if (gold.kind === 'text') {
      if (lastHedge && (!v || hedgeAfter(found)))
        return makeVerdict(analystScorer, {
          extracted,
          predNormalized: '',
          goldNormalized,
          outcome: 'refusal',
          rule: `refusal ("${lastHedge.phrase}")${cutNote}`,
        });
      const j = judgeTextGold(text, gold.text);
      return makeVerdict(analystScorer, {
        extracted,
        predNormalized: showValue(text, 120),
        goldNormalized,
        outcome: j.ok ? 'correct' : 'incorrect',
        rule: `${j.rule}${cutNote}`,
      });
    }

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
    const c = compareQuantity(quantityOfParsed(v.number), gold.q, q);
    const via =
      v.via === 'whole' || v.via === 'conclusion'
        ? ''
        : v.via === 'statement'
          ? '; value stated without a concluding sentence'
          : v.via === 'last-number'
            ? '; last value in the answer'
            : '; only a number from the question';
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
    const after = hedgeAfter(found);
    if (lastHedge && after)
      return makeVerdict(analystScorer, {
        ...base,
        outcome: 'refusal',
        rule: `refusal ("${after.phrase}") after quoting figures${cutNote}`,
      });
    return makeVerdict(analystScorer, {
      ...base,
      outcome: 'incorrect',
      rule: `${c.rule}${via}${cutNote}`,
    });
  },
};
