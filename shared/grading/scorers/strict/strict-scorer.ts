import { extractAnswer } from '../../extract-answer';
import {
  showValue,
  makeVerdict,
  type JsonValue,
  type ScoreInput,
  type Scorer,
  type Verdict,
} from '../../verdict';
import { compareReadings } from './compare-readings';
import {
  describeReading,
  readingFromNumber,
  readingFromParsed,
  readingFromText,
  type Reading,
} from './reading';
import { compareSpans } from './compare-spans';
import { spanWords } from './text-match';

// Our own scorer, the default: equal to the gold's displayed precision, units and scale words
// read explicitly, refusals kept apart, and every known fault of the official scorers (sign
// flips, ×10^k, percent vs fraction) named in the rule instead of silently accepted.

const ID = 'strict';
const VERSION = 'strict-2';

type Gold =
  { kind: 'number'; reading: Reading } | { kind: 'text' } | { kind: 'invalid'; why: string };

function readGold(input: ScoreInput): Gold {
  const g = input.gold;
  if (typeof g === 'number') {
    if (!Number.isFinite(g)) return { kind: 'invalid', why: `gold is ${g}` };
    return {
      kind: 'number',
      reading: readingFromNumber(g, input.goldScale, true, input.goldDecimals),
    };
  }
  if (typeof g === 'string') {
    const r = readingFromText(g, input.goldScale, true);
    if (r && Number.isFinite(r.value)) return { kind: 'number', reading: r };
    if (input.answerType === 'span' || input.answerType === 'multi-span') return { kind: 'text' };
    return { kind: 'invalid', why: `non-numeric gold "${showValue(g, 60)}"` };
  }
  if (Array.isArray(g)) {
    if (g.length === 1)
      return readGold({ ...input, gold: g[0] ?? null, answerType: input.answerType ?? 'span' });
    return g.length > 1 ? { kind: 'text' } : { kind: 'invalid', why: 'empty gold list' };
  }
  return { kind: 'invalid', why: `gold is ${showValue(g)}` };
}

type Pred =
  | { kind: 'number'; reading: Reading; extracted: string }
  | { kind: 'text'; value: JsonValue; extracted: string; alternatives?: string[] }
  | { kind: 'refusal'; extracted: string }
  | { kind: 'none'; why: string; extracted: string | null };

/**
 * A generation against a span gold: the span after an answer marker (its sentence, then its
 * whole line), else the whole reply as written: a bare span, a sentence or a written list
 * ("Bell Media", "2019, 2018"). A reply cut off mid-sentence gives no answer.
 */
function readTextForSpan(text: string): Pred {
  const found = extractAnswer(text);
  if (found.kind === 'refusal') return { kind: 'refusal', extracted: found.text };
  if (found.kind === 'answer' && (found.via === 'marker' || found.via === 'boxed'))
    return {
      kind: 'text',
      value: found.text,
      extracted: found.text,
      ...(found.line !== undefined ? { alternatives: [found.line] } : {}),
    };
  if (found.kind === 'none' && found.reason !== 'no number or answer marker in the output')
    return { kind: 'none', why: found.reason, extracted: null };
  const whole = text.trim();
  return { kind: 'text', value: whole, extracted: showValue(whole) };
}

function readText(text: string, label: string | undefined): Pred {
  const found = extractAnswer(text);
  if (found.kind === 'refusal') return { kind: 'refusal', extracted: found.text };
  if (found.kind === 'none')
    return {
      kind: 'none',
      why: found.reason.includes('cut off') ? found.reason : 'no answer found',
      extracted: null,
    };
  if (found.number && Number.isFinite(found.number.value))
    return {
      kind: 'number',
      reading: readingFromParsed(found.number, label),
      extracted: found.text,
    };
  return { kind: 'text', value: found.text, extracted: found.text };
}

/**
 * An already-extracted answer string: a number if it is one, a refusal if it says so; against
 * a span gold it is a span, against a number gold it goes through extraction
 * ("The final answer is 80,000.", "X = 97717.436").
 */
function readExtracted(text: string, label: string | undefined, goldIsText: boolean): Pred {
  const r = readingFromText(text, label);
  if (r) return { kind: 'number', reading: r, extracted: text };
  if (!goldIsText) return readText(text, label);
  const refusal = extractAnswer(text);
  if (refusal.kind === 'refusal') return { kind: 'refusal', extracted: refusal.text };
  return { kind: 'text', value: text, extracted: text };
}

function readPrediction(input: ScoreInput, goldIsText: boolean): Pred {
  const p = input.prediction;
  const label = input.predScale;
  if (p === undefined || p === null)
    return {
      kind: 'none',
      why: input.predictionKind === 'executed' ? 'program failed to execute' : 'no prediction',
      extracted: null,
    };
  if (typeof p === 'number')
    return Number.isFinite(p)
      ? { kind: 'number', reading: readingFromNumber(p, label), extracted: String(p) }
      : { kind: 'none', why: `prediction is ${p}`, extracted: String(p) };
  if (typeof p === 'string') {
    if (input.predictionKind === 'executed') {
      const r = readingFromText(p, label);
      return r
        ? { kind: 'number', reading: r, extracted: p }
        : { kind: 'text', value: p, extracted: p };
    }
    if (input.predictionKind === 'extracted') return readExtracted(p, label, goldIsText);
    return goldIsText ? readTextForSpan(p) : readText(p, label);
  }
  if (Array.isArray(p)) {
    if (p.length === 0) return { kind: 'none', why: 'empty answer list', extracted: '[]' };
    if (p.length === 1) return readPrediction({ ...input, prediction: p[0] ?? null }, goldIsText);
    return { kind: 'text', value: p, extracted: showValue(p) };
  }
  return { kind: 'text', value: p, extracted: showValue(p) };
}

export const strictScorer: Scorer = {
  id: ID,
  version: VERSION,
  description:
    'Strict (default): equal to the gold’s displayed precision with explicit units/scale; sign and ×10^k errors are wrong and named',
  score(input: ScoreInput): Verdict {
    const gold = readGold(input);
    const goldNormalized =
      gold.kind === 'number' ? describeReading(gold.reading) : spanWords(input.gold).join(' ');
    if (gold.kind === 'invalid')
      return makeVerdict(strictScorer, {
        extracted: null,
        predNormalized: '',
        goldNormalized: showValue(input.gold),
        outcome: 'error',
        rule: gold.why,
      });
    const pred = readPrediction(input, gold.kind === 'text');
    const base = { extracted: pred.extracted, goldNormalized };
    switch (pred.kind) {
      case 'refusal':
        return makeVerdict(strictScorer, {
          ...base,
          predNormalized: '',
          outcome: 'refusal',
          rule: 'refusal',
        });
      case 'none':
        return makeVerdict(strictScorer, {
          ...base,
          predNormalized: '',
          outcome: 'no-answer',
          rule: pred.why === 'no prediction' ? 'no answer found' : pred.why,
        });
      case 'text': {
        if (gold.kind === 'number')
          return makeVerdict(strictScorer, {
            ...base,
            predNormalized: spanWords(pred.value).join(' '),
            outcome: 'incorrect',
            rule: 'answer has no single number',
          });
        if (spanWords(pred.value).length === 0)
          return makeVerdict(strictScorer, {
            ...base,
            predNormalized: '',
            outcome: 'no-answer',
            rule: 'empty answer',
          });
        const tries = [pred.value, ...(pred.alternatives ?? [])];
        const results = tries.map((t) => compareSpans(t, input.gold, input));
        const hit = results.findIndex((r) => r.ok);
        const c = results[hit >= 0 ? hit : 0] ?? { ok: false, rule: 'different words' };
        const shown = tries[hit >= 0 ? hit : 0] ?? pred.value;
        return makeVerdict(strictScorer, {
          ...base,
          predNormalized: spanWords(shown).join(' '),
          outcome: c.ok ? 'correct' : 'incorrect',
          rule: c.rule,
        });
      }
      case 'number': {
        if (gold.kind === 'text') {
          const c = compareSpans(input.prediction, input.gold, input);
          return makeVerdict(strictScorer, {
            ...base,
            predNormalized: describeReading(pred.reading),
            outcome: c.ok ? 'correct' : 'incorrect',
            rule: c.rule,
          });
        }
        const c = compareReadings(pred.reading, gold.reading);
        return makeVerdict(strictScorer, {
          ...base,
          predNormalized: describeReading(pred.reading),
          outcome: c.ok ? 'correct' : 'incorrect',
          rule: c.rule,
        });
      }
    }
  },
};
