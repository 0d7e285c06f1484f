import { extractAnswer } from '../../extract-answer';
import type { JsonValue } from '../../verdict';
import { splitItems } from '../strict/text-match';
import { showValue, makeVerdict, type ScoreInput, type Scorer, type Verdict } from '../../verdict';
import { diagnoseTatqaMiss } from './diagnose';
import { PySortError } from './python-sort';
import { tatqaMetric, TatqaInputError, type TatqaMetricResult } from './tatqa-metric';

// TAT-QA parity scorer: exact match and numeracy-aware F1 with scale, as the official
// tatqa_metric.py computes them for one question (first-number variant of tatqa_utils.py).
// A raw generation (`text`) is first turned into the prediction the official script takes:
// the span after an answer marker, else the reply as written (a bare span or sentence is the
// prediction, as tatqa_eval.py would read it); for a multi-span question a written list
// ("2019, 2018") becomes the list of spans. The metric itself is the official one.

const SCALE_AFTER = /^(.*\S)\s+(thousand|million|billion)s?$/i;

/** A trailing scale word moved to the prediction's scale, as a PoT program's `units`. */
function withScale(items: string[]): { items: string[]; scale: string } {
  const m = items.map((i) => SCALE_AFTER.exec(i.trim()));
  const scales = new Set(m.map((x) => x?.[2]?.toLowerCase()));
  const [scale] = [...scales];
  if (scales.size !== 1 || scale === undefined || m.some((x) => !x)) return { items, scale: '' };
  return { items: m.map((x) => x?.[1] ?? ''), scale };
}

/** "a, b and c" → [a, b, c]; " and " splits only a list without commas or as ", and ". */
function splitSpans(text: string): string[] {
  const parts = text.includes(',') ? text.split(/,\s+(?:and\s+)?|;\s*|\n+/) : splitItems(text);
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

/**
 * The official predictions a raw reply can stand for: each answer text (the marked span, its
 * whole line, the reply as written), with and without one trailing period; for a multi-span
 * question also cut into its spans; a trailing scale word ("168 thousand") read as the
 * prediction's scale. The official metric scores each; the best counts.
 */
function readings(texts: string[], answerType: string): { pred: JsonValue; scale: string }[] {
  const out: { pred: JsonValue; scale: string }[] = [];
  const seen = new Set<string>();
  const add = (pred: JsonValue, scale: string) => {
    const key = JSON.stringify([pred, scale]);
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ pred, scale });
    }
  };
  for (const raw of texts) {
    const t = raw.trim();
    for (const s of t.endsWith('.') ? [t, t.slice(0, -1).trim()] : [t]) {
      if (s === '') continue;
      const lists = answerType === 'multi-span' ? [splitSpans(s), [s]] : [[s]];
      for (const items of lists) {
        const scaled = withScale(items);
        for (const r of scaled.scale ? [scaled, { items, scale: '' }] : [{ items, scale: '' }])
          add(r.items.length === 1 ? (r.items[0] ?? '') : r.items, r.scale);
      }
    }
  }
  return out;
}

/** What a raw reply is scored as: the official prediction and scale, with its metric. */
interface TextReading {
  extracted: string | null;
  prediction: JsonValue;
  predScale: string;
  /** The best reading's metric (undefined when no reading could be scored). */
  scored: TatqaMetricResult | undefined;
}

/**
 * A raw reply: a refusal or no answer is the verdict; else, of its readings, the one the
 * official metric scores best.
 */
function readText(
  input: ScoreInput,
  text: string,
  answerType: string,
  goldScale: string,
): { verdict: Verdict } | TextReading {
  const found = extractAnswer(text);
  const goldNormalized = showValue(input.gold);
  if (found.kind === 'refusal')
    return {
      verdict: makeVerdict(tatqaScorer, {
        extracted: found.text,
        predNormalized: '',
        goldNormalized,
        outcome: 'refusal',
        rule: 'refusal',
        em: 0,
        f1: 0,
      }),
    };
  if (found.kind === 'none' && found.reason !== 'no number or answer marker in the output')
    return {
      verdict: makeVerdict(tatqaScorer, {
        extracted: null,
        predNormalized: '',
        goldNormalized,
        outcome: 'no-answer',
        rule: found.reason.includes('cut off') ? found.reason : 'no answer found',
        em: 0,
        f1: 0,
      }),
    };
  const marked = found.kind === 'answer' && (found.via === 'marker' || found.via === 'boxed');
  const texts = marked ? [found.text, ...(found.line ? [found.line] : [])] : [text];
  let best: { pred: JsonValue; scale: string; m: TatqaMetricResult } | undefined;
  for (const r of readings(texts, answerType)) {
    try {
      const m = tatqaMetric(input.gold, goldScale, answerType, r.pred, r.scale);
      if (!best || m.em > best.m.em || (m.em === best.m.em && m.f1 > best.m.f1)) best = { ...r, m };
    } catch {
      // A reading the official script cannot sort is not one it would be given.
    }
  }
  return {
    extracted: texts[0] ?? null,
    prediction: best?.pred ?? texts[0] ?? '',
    predScale: best?.scale ?? '',
    // The best reading's metric is the verdict's: the metric is a pure function of its
    // inputs, so it is not computed a second time (a run grades every answer this way).
    scored: best?.m,
  };
}

/** The verdict the metric's result stands for (a miss says what went wrong). */
function metricVerdict(
  input: ScoreInput,
  m: TatqaMetricResult,
  extracted: string | null,
  goldScale: string,
  prediction: JsonValue | undefined,
  predScale: string,
): Verdict {
  const base = {
    extracted,
    predNormalized: m.predStrings.join(' | '),
    goldNormalized: m.goldStrings.join(' | '),
    em: m.em,
    f1: m.f1,
    score: m.f1,
    correct: m.em === 1,
  };
  if (m.skipped === 'empty-prediction')
    return makeVerdict(tatqaScorer, {
      ...base,
      outcome: 'no-answer',
      rule: 'empty prediction',
    });
  if (m.skipped === 'empty-gold')
    return makeVerdict(tatqaScorer, { ...base, outcome: 'error', rule: 'empty gold answer' });
  if (m.em === 1)
    return makeVerdict(tatqaScorer, {
      ...base,
      outcome: 'correct',
      rule: m.bestCandidate === 1 ? 'exact match (unscaled number read as is)' : 'exact match',
    });
  return makeVerdict(tatqaScorer, {
    ...base,
    outcome: 'incorrect',
    rule: diagnoseTatqaMiss(input.gold, goldScale, prediction, predScale, m.f1),
  });
}

export const tatqaScorer: Scorer = {
  id: 'tatqa',
  version: 'tatqa_metric.py (NExTplusplus/TAT-QA) / ts-2',
  description: 'TAT-QA parity: EM and numeracy-aware F1 with scale (F1 = EM for arithmetic/count)',
  score(input: ScoreInput): Verdict {
    const goldScale = input.goldScale ?? '';
    const answerType = input.answerType ?? (Array.isArray(input.gold) ? 'span' : 'arithmetic');
    let prediction = input.prediction;
    let predScale = input.predScale ?? '';
    let extracted: string | null = prediction === undefined ? null : showValue(prediction);
    let scored: TatqaMetricResult | undefined;
    if (input.predictionKind === 'text' && typeof prediction === 'string') {
      const read = readText(input, prediction, answerType, goldScale);
      if ('verdict' in read) return read.verdict;
      ({ extracted, prediction, predScale, scored } = read);
    }
    try {
      const m = scored ?? tatqaMetric(input.gold, goldScale, answerType, prediction, predScale);
      return metricVerdict(input, m, extracted, goldScale, prediction, predScale);
    } catch (e) {
      if (!(e instanceof PySortError) && !(e instanceof TatqaInputError)) throw e;
      return makeVerdict(tatqaScorer, {
        extracted,
        predNormalized: '',
        goldNormalized: showValue(input.gold),
        outcome: 'error',
        rule: `official scorer would raise: ${e.message}`,
        em: 0,
        f1: 0,
      });
    }
  },
};
