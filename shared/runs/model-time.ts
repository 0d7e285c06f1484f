import { quantileSorted } from '../stats';
import type { RunItem } from './run';

/**
 * Model time of a run's answers (issue 25): the model's own seconds per question, over the
 * questions the model answered live. A response-cache hit costs no model time, so an answer
 * taken (wholly or partly) from the cache is counted apart ("n answers from the cache") and
 * never enters a median, mean or total: a run repeated from the cache would otherwise report
 * a model median of 0.00 s. The report, the comparison of two runs and the gap view all read
 * their model time through here.
 */

/**
 * Items written before cache hits were flagged (`usage.calls` absent) are read by their time:
 * a cache hit was booked at the few milliseconds the lookup took, which no model over HTTP
 * answers in.
 */
export const LEGACY_CACHE_HIT_MS = 5;

type Timed = Pick<RunItem, 'usage' | 'latencyMs' | 'error'>;

/** Whether an answered item's answer came from the response cache (any of its calls). */
export function fromCache(item: Timed): boolean {
  if (item.error !== null) return false;
  const u = item.usage;
  if (u && typeof u.calls === 'number') return (u.cachedCalls ?? 0) > 0;
  return item.latencyMs !== null && item.latencyMs < LEGACY_CACHE_HIT_MS;
}

/** The item's model time in ms, or null: not answered, answered from the cache, not timed. */
export function liveModelMs(item: Timed): number | null {
  if (item.error !== null || item.latencyMs === null || fromCache(item)) return null;
  return item.latencyMs;
}

export interface ModelTime {
  /** Answered items with a model time of their own (every model call made live). */
  timed: number;
  /** Answered items whose answer came from the response cache: not timed, not in the figures. */
  cached: number;
  /** Over the timed items (null when there is none), in seconds with 2 decimals. */
  medianSeconds: number | null;
  p90Seconds: number | null;
  meanSeconds: number | null;
  totalSeconds: number | null;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Model-time figures of some items (a run's, or one side of paired questions). */
export function modelTimeOf(items: readonly Timed[]): ModelTime {
  const seconds = items
    .map(liveModelMs)
    .filter((ms): ms is number => ms !== null)
    .map((ms) => ms / 1000)
    .sort((a, b) => a - b);
  const cached = items.filter(fromCache).length;
  if (seconds.length === 0)
    return {
      timed: 0,
      cached,
      medianSeconds: null,
      p90Seconds: null,
      meanSeconds: null,
      totalSeconds: null,
    };
  const total = seconds.reduce((s, x) => s + x, 0);
  return {
    timed: seconds.length,
    cached,
    medianSeconds: round2(quantileSorted(seconds, 0.5)),
    p90Seconds: round2(quantileSorted(seconds, 0.9)),
    meanSeconds: round2(total / seconds.length),
    totalSeconds: round2(total),
  };
}

/** "median 1.23 s (p90 2.01 s) over 40 answers; 24 answers from the cache (not timed)". */
export function modelTimeText(t: ModelTime): string {
  const cached =
    t.cached > 0
      ? `${t.cached} answer${t.cached === 1 ? '' : 's'} from the cache (not timed)`
      : null;
  if (t.medianSeconds === null)
    return cached ? `no answer timed live; ${cached}` : 'no model time recorded';
  const timed = `median ${t.medianSeconds.toFixed(2)} s (p90 ${t.p90Seconds!.toFixed(2)} s, mean ${t.meanSeconds!.toFixed(2)} s) over ${t.timed} answer${t.timed === 1 ? '' : 's'} timed live`;
  return cached ? `${timed}; ${cached}` : timed;
}
