import { cleanNumberText } from '../../../numbers/clean-number-text';
import { findNumbers } from '../../../numbers/find-numbers';
import type { ParsedNumber } from '../../../numbers/parsed-number';
import { decimalsOfFloat } from '../../../numbers/precision';
import { equalAtPrecision } from '../strict/compare-readings';

// Gold answers written as sentences ("Yes. The quick ratio is 1.57, …", "The consumer segment
// shrunk by 0.9% organically."). Without a model the checks are coarse and say so:
// yes/no against yes/no, else the gold's figures must all appear in the answer, else the
// share of the gold's content words the answer repeats (flagged for review).

export interface TextJudgement {
  ok: boolean;
  rule: string;
}

const STOP = new Set(
  (
    'the a an and or of in on for to by with as at from that this these those is are was were be been ' +
    'it its their they them which what who whom has have had not but also than then there into over ' +
    'under more most less such each other only about based company fiscal year years'
  ).split(' '),
);

function yesNo(text: string): 'yes' | 'no' | undefined {
  const m = /^\W*(yes|no)\b/i.exec(text);
  return m?.[1] ? (m[1].toLowerCase() as 'yes' | 'no') : undefined;
}

const isYear = (n: ParsedNumber): boolean =>
  n.unit === undefined &&
  n.currency === undefined &&
  n.decimals === 0 &&
  !n.text.includes(',') &&
  n.value >= 1900 &&
  n.value <= 2100;

/** Quantity of a number: scale applied, percent as a fraction. */
const quantity = (n: ParsedNumber): number => (n.unit === 'percent' ? n.scaled / 100 : n.scaled);

function mentions(answer: ParsedNumber[], g: ParsedNumber): boolean {
  const gq = quantity(g);
  const d = decimalsOfFloat(gq);
  return answer.some(
    (a) =>
      equalAtPrecision(Math.abs(quantity(a)), Math.abs(gq), d) ||
      equalAtPrecision(Math.abs(a.value), Math.abs(g.value), g.decimals),
  );
}

function words(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9&]+/)
      .filter((w) => w.length >= 4 && !STOP.has(w)),
  );
}

export function judgeTextGold(answer: string, gold: string): TextJudgement {
  const gYes = yesNo(gold);
  const aYes = yesNo(answer);
  if (gYes && aYes)
    return gYes === aYes
      ? { ok: true, rule: `same yes/no answer (${gYes})` }
      : { ok: false, rule: `opposite yes/no answer (${aYes} vs ${gYes})` };
  const goldNumbers = findNumbers(cleanNumberText(gold)).filter((n) => !isYear(n));
  if (goldNumbers.length > 0) {
    const answerNumbers = findNumbers(cleanNumberText(answer));
    const missing = goldNumbers.filter((g) => !mentions(answerNumbers, g));
    return missing.length === 0
      ? { ok: true, rule: `states every figure of the text gold (${goldNumbers.length})` }
      : {
          ok: false,
          rule: `misses a figure of the text gold (${missing.map((m) => m.text.replace(/[()]/g, '')).join(', ')})`,
        };
  }
  const g = words(gold);
  if (g.size === 0) return { ok: false, rule: 'text gold has no content words, needs review' };
  const a = words(answer);
  const shared = [...g].filter((w) => a.has(w)).length;
  const recall = shared / g.size;
  return {
    ok: recall >= 0.5,
    rule: `text gold judged by word overlap, needs review (${Math.round(recall * 100)}% of its content words in the answer)`,
  };
}
