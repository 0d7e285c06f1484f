import type { AskAnswer } from './ask';

/**
 * Self-consistency (Wang et al., 2023): ask k times, take the majority of the normalised
 * answers. A number is compared in base units (value × scale, so "$1,234 million" and
 * "$1.234 billion" agree, and 12.5% is 0.125) rounded to 4 significant digits, so samples that
 * differ only in float noise or the last rounded digit agree; text is compared lower-cased with
 * spaces collapsed and a final period dropped. Samples without an answer do not vote. Ties go
 * to the answer that appeared first.
 */

export interface SampleVote {
  /** The normalised answer ("" when the sample had none). */
  answer: string;
  value: number | null;
}

export interface VoteResult {
  /** Index of the first sample carrying the winning answer (0 when none answered). */
  winner: number;
  /** How many samples agreed with the winner. */
  votes: number;
  samples: SampleVote[];
}

const SIGNIFICANT = 4;

export function normaliseAnswer(answer: AskAnswer): SampleVote {
  if (answer.value !== null && Number.isFinite(answer.value)) {
    const base = answer.value * (answer.scale ?? 1);
    const rounded = base === 0 ? 0 : Number(base.toPrecision(SIGNIFICANT));
    return { answer: String(rounded), value: rounded };
  }
  const text = answer.text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, '');
  return { answer: text, value: null };
}

export function vote(answers: readonly AskAnswer[]): VoteResult {
  const samples = answers.map(normaliseAnswer);
  const counts = new Map<string, { first: number; n: number }>();
  samples.forEach((s, i) => {
    if (s.answer === '') return;
    const c = counts.get(s.answer);
    if (c) c.n++;
    else counts.set(s.answer, { first: i, n: 1 });
  });
  let best: { first: number; n: number } | undefined;
  // Map iteration is insertion order: the earliest answer wins a tie.
  for (const c of counts.values()) if (!best || c.n > best.n) best = c;
  return { winner: best?.first ?? 0, votes: best?.n ?? 0, samples };
}
