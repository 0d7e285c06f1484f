import type { JsonValue } from '../../python/py-repr';
import { compareReadings } from './compare-readings';
import { readingFromNumber, readingFromText, type Reading } from './reading';
import { sameWords, spanList } from './text-match';

// Multi-span answers: when every span on both sides is a number, compare them as numbers
// (each pair with the full strict rules, after sorting by value); otherwise as words.

export interface SpanLabels {
  goldScale?: string;
  predScale?: string;
  goldDecimals?: number;
}

function readAll(
  v: JsonValue | undefined,
  label: string | undefined,
  gold: boolean,
  decimals?: number,
): Reading[] | undefined {
  const out: Reading[] = [];
  for (const x of spanList(v)) {
    const r =
      typeof x === 'number'
        ? readingFromNumber(x, label, gold, decimals)
        : typeof x === 'string'
          ? readingFromText(x, label, gold)
          : undefined;
    if (!r) return undefined;
    out.push(r);
  }
  return out.length > 0 ? out : undefined;
}

// Pairs by magnitude so a sign error shows as "sign flipped", not as a shuffled pairing.
const quantity = (r: Reading) => Math.abs((r.value * r.factor) / (r.percent ? 100 : 1));

export function compareSpans(
  pred: JsonValue | undefined,
  gold: JsonValue,
  labels: SpanLabels,
): { ok: boolean; rule: string } {
  const g = readAll(gold, labels.goldScale, true, labels.goldDecimals);
  const p = readAll(pred, labels.predScale, false);
  if (g && p) {
    if (g.length !== p.length)
      return { ok: false, rule: `different number of values (${p.length} vs ${g.length})` };
    const gs = [...g].sort((a, b) => quantity(a) - quantity(b));
    const ps = [...p].sort((a, b) => quantity(a) - quantity(b));
    const results = gs.map((gr, i) => compareReadings(ps[i] as Reading, gr));
    const bad = results.find((r) => !r.ok);
    return bad
      ? { ok: false, rule: `values differ: ${bad.rule}` }
      : { ok: true, rule: `same values (${g.length})` };
  }
  const ok = sameWords(pred, gold);
  return { ok, rule: ok ? 'same words' : 'different words' };
}
