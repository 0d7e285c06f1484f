/**
 * Bradley–Terry strengths from pairwise outcomes, on the Elo scale, with percentile bootstrap
 * intervals. Pure and seeded.
 *
 * Model: P(i beats j) = p_i / (p_i + p_j). A tie counts as half a win for each side. The
 * maximum-likelihood strengths are found by Hunter's MM iteration (2004):
 *   p_i ← W_i / Σ_j N_ij / (p_i + p_j)
 * with W_i the wins of i and N_ij the games between i and j; the geometric mean of p is kept at
 * 1, so ratings = 1000 + 400·log10(p_i) average 1000 and a 400-point gap is 10:1 odds.
 *
 * `prior` adds that many virtual ties between every two players: a player who won (or lost)
 * every game otherwise has an infinite rating, and players who never met otherwise float
 * freely. The default of 1 is one tie, i.e. half a win each way.
 */

import { quantileSorted } from './descriptive';
import { indexSampler } from './resample';
import { mulberry32 } from './rng';
import { assertConfidence, assertNonNegativeInteger } from './validate';

export interface PairOutcome {
  a: string;
  b: string;
  /** 1: a won, 0: b won, 0.5: a tie. */
  score: 0 | 0.5 | 1;
  /** Resampling unit of the bootstrap (e.g. the question): outcomes sharing it move together. */
  cluster?: string;
}

export interface EloOptions {
  /** Virtual ties between every two players (default 1). */
  prior?: number;
  /** Bootstrap resamples (default 1000; 0: no intervals). */
  iterations?: number;
  seed?: number;
  confidence?: number;
}

export interface EloRow {
  player: string;
  rating: number;
  /** Percentile bootstrap interval of the rating (null without resamples). */
  low: number | null;
  high: number | null;
  wins: number;
  losses: number;
  ties: number;
}

export const ELO_BASE = 1000;
export const ELO_SCALE = 400;
export const DEFAULT_ELO_PRIOR = 1;
export const DEFAULT_ELO_ITERATIONS = 1000;

const MAX_STEPS = 10_000;
const TOLERANCE = 1e-10;

/** Bradley–Terry ratings (Elo scale), one per player in the order given. */
export function bradleyTerryRatings(
  players: readonly string[],
  outcomes: readonly PairOutcome[],
  prior = DEFAULT_ELO_PRIOR,
): number[] {
  const k = players.length;
  const index = new Map(players.map((p, i) => [p, i]));
  const wins = new Array<number>(k).fill(0);
  // games[i * k + j]: games between i and j (symmetric)
  const games = new Array<number>(k * k).fill(0);
  for (let i = 0; i < k; i++)
    for (let j = 0; j < k; j++)
      if (i !== j) {
        games[i * k + j] = prior;
        wins[i]! += prior / 2;
      }
  for (const o of outcomes) {
    const i = index.get(o.a);
    const j = index.get(o.b);
    if (i === undefined || j === undefined)
      throw new RangeError(`outcome between ${o.a} and ${o.b} names a player not in the list`);
    if (i === j) throw new RangeError(`outcome of ${o.a} against itself`);
    games[i * k + j]! += 1;
    games[j * k + i]! += 1;
    wins[i]! += o.score;
    wins[j]! += 1 - o.score;
  }
  let p = new Array<number>(k).fill(1);
  for (let step = 0; step < MAX_STEPS; step++) {
    const next = p.map((pi, i) => {
      let denominator = 0;
      for (let j = 0; j < k; j++) if (j !== i) denominator += games[i * k + j]! / (pi + p[j]!);
      return denominator === 0 ? pi : wins[i]! / denominator;
    });
    const logMean = next.reduce((s, x) => s + Math.log(x), 0) / k;
    const scale = Math.exp(logMean);
    const normalized = next.map((x) => x / scale);
    const change = Math.max(...normalized.map((x, i) => Math.abs(Math.log(x) - Math.log(p[i]!))));
    p = normalized;
    if (!(change > TOLERANCE)) break;
  }
  return p.map((x) => ELO_BASE + ELO_SCALE * Math.log10(x));
}

/** The Elo table: ratings, bootstrap intervals (resampling clusters) and each player's record. */
export function eloTable(
  players: readonly string[],
  outcomes: readonly PairOutcome[],
  options: EloOptions = {},
): EloRow[] {
  const prior = options.prior ?? DEFAULT_ELO_PRIOR;
  if (!(prior >= 0)) throw new RangeError(`prior must be ≥ 0, got ${prior}`);
  const iterations = options.iterations ?? DEFAULT_ELO_ITERATIONS;
  assertNonNegativeInteger('iterations', iterations);
  const confidence = options.confidence ?? 0.95;
  assertConfidence(confidence);
  const ratings = bradleyTerryRatings(players, outcomes, prior);

  const samples: number[][] = players.map(() => []);
  if (iterations > 0 && outcomes.length > 0) {
    const rng = mulberry32(options.seed ?? 1);
    const draw = indexSampler(
      outcomes.length,
      outcomes.map((o, i) => o.cluster ?? `#${i}`),
    );
    for (let it = 0; it < iterations; it++) {
      const resample = draw(rng).map((i) => outcomes[i]!);
      bradleyTerryRatings(players, resample, prior).forEach((r, i) => samples[i]!.push(r));
    }
  }
  const alpha = (1 - confidence) / 2;
  return players.map((player, i) => {
    const mine = outcomes.filter((o) => o.a === player || o.b === player);
    const scoreOf = (o: PairOutcome) => (o.a === player ? o.score : 1 - o.score);
    const sorted = samples[i]!.sort((x, y) => x - y);
    return {
      player,
      rating: ratings[i]!,
      low: sorted.length > 0 ? quantileSorted(sorted, alpha) : null,
      high: sorted.length > 0 ? quantileSorted(sorted, 1 - alpha) : null,
      wins: mine.filter((o) => scoreOf(o) === 1).length,
      losses: mine.filter((o) => scoreOf(o) === 0).length,
      ties: mine.filter((o) => o.score === 0.5).length,
    };
  });
}
