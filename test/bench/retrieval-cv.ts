/**
 * Cross-validated recall (issue 27, done-when 3): retrieval's ranking settings
 * (shared/retrieval/tuning.ts) are chosen on some questions and each question is scored with
 * settings that were NOT chosen on it, so the figure says what a new question can expect,
 * not how well the settings fit the questions they were picked on.
 *
 * The questions of each benchmark are dealt into k folds (seeded shuffle). For fold i, every
 * setting of the grid is scored on the other folds of both benchmarks (the mean of MultiHiertt
 * recall@10 and FinanceBench page@5, so one setting serves both, as the product has one), the
 * best is chosen (ties go to the first in grid order, never to the product's current
 * defaults: those were chosen on all the questions, so preferring them would let the held-out
 * fold's own scores decide), and fold i's questions are scored with it. The held-out scores of all folds together are the CV figure.
 * Repeated over several seeds (the deal moves the figure; the spread is reported).
 */
import type { RetrievalTuning } from '../../shared/retrieval/tuning';
import { DEFAULT_TUNING } from '../../shared/retrieval/tuning';

/** A setting's per-question scores, by benchmark. */
export interface SettingScores {
  tuning: RetrievalTuning;
  name: string;
  multihiertt: number[];
  financebench: number[];
}

/**
 * The grid: the settings the rules were tuned over (docs/BENCHMARKS.md, Retrieval): 576 =
 * header weight × k1 × b × statement boost × page damping × row-path weight (0: a cell's row
 * and column count alike).
 */
export function tuningGrid(): { name: string; tuning: RetrievalTuning }[] {
  const out: { name: string; tuning: RetrievalTuning }[] = [];
  for (const headers of [2, 3, 4])
    for (const k1 of [0.9, 1.2])
      for (const b of [0.4, 0.75])
        for (const statementBoost of [1, 1.5, 2, 3])
          for (const pageDamping of [0, 0.1, 0.25])
            for (const rowPath of [0, 0.5, 1, 2])
              out.push({
                name: `headers ${headers}, k1 ${k1}, b ${b}, statement ×${statementBoost}, page damping ${pageDamping}, row path ${rowPath}`,
                tuning: {
                  bm25: { weights: [1, headers, 0.5], b: [b, b, b], k1, rowPath },
                  statementBoost,
                  pageDamping,
                  pageDepth: DEFAULT_TUNING.pageDepth,
                },
              });
  return out;
}

/** mulberry32: a small seeded generator, so a deal can be repeated. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fold of each of n questions: a seeded shuffle dealt round-robin into k folds. */
export function deal(n: number, k: number, seed: number): number[] {
  const order = [...Array(n).keys()];
  const rnd = random(seed);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const fold = new Array<number>(n);
  order.forEach((q, pos) => (fold[q] = pos % k));
  return fold;
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** The setting with the best objective on the questions `use` keeps (the first wins ties). */
export function choose(
  settings: readonly SettingScores[],
  useMh: (q: number) => boolean,
  useFb: (q: number) => boolean,
): SettingScores {
  let best: SettingScores | undefined;
  let bestScore = -Infinity;
  for (const s of settings) {
    const score =
      (mean(s.multihiertt.filter((_, q) => useMh(q))) +
        mean(s.financebench.filter((_, q) => useFb(q)))) /
      2;
    if (score > bestScore + 1e-12) {
      best = s;
      bestScore = score;
    }
  }
  return best!;
}

export interface CvResult {
  /** Held-out scores pooled over the folds. */
  multihiertt: number;
  financebench: number;
  /** Each MultiHiertt question's score under the setting chosen without it. */
  perMultihiertt: number[];
  /** Each fold's chosen setting. */
  chosen: string[];
}

/** One k-fold deal: each question scored by the setting chosen on the other folds. */
export function crossValidate(
  settings: readonly SettingScores[],
  k: number,
  seed: number,
): CvResult {
  const nMh = settings[0]!.multihiertt.length;
  const nFb = settings[0]!.financebench.length;
  const foldMh = deal(nMh, k, seed);
  const foldFb = deal(nFb, k, seed + 1000);
  const heldMh = new Array<number>(nMh);
  const heldFb = new Array<number>(nFb);
  const chosen: string[] = [];
  for (let f = 0; f < k; f++) {
    const s = choose(
      settings,
      (q) => foldMh[q] !== f,
      (q) => foldFb[q] !== f,
    );
    chosen.push(s.name);
    for (let q = 0; q < nMh; q++) if (foldMh[q] === f) heldMh[q] = s.multihiertt[q]!;
    for (let q = 0; q < nFb; q++) if (foldFb[q] === f) heldFb[q] = s.financebench[q]!;
  }
  return { multihiertt: mean(heldMh), financebench: mean(heldFb), perMultihiertt: heldMh, chosen };
}
