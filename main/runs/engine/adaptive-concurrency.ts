import { WorkbenchError } from '../../../shared/api/result';
import { Slots } from '../../jobs/slots';

/** Shortest pause after a cut, when the server named no Retry-After. */
export const MIN_COOLDOWN_MS = 1000;

export interface AdaptiveConcurrencyOptions {
  /** The ceiling the user set (--concurrency); the limit starts there and never exceeds it. */
  max: number;
  now?: () => number;
}

/** Ends a question's hold on its slot; `ok` when its model calls succeeded. */
export type ReleaseQuestion = (ok: boolean) => void;

/**
 * How many questions a run keeps in flight, adapted AIMD-style to the server's rate limits
 * (after inspect_ai's and promptfoo's adaptive concurrency): a 429 halves the limit and starts
 * a cooldown at least as long as the server's Retry-After, during which neither another cut nor
 * growth happens (one congestion event, one cut); once the cooldown is over, the limit grows by
 * one after every `limit` successes that completed while every slot was taken (saturated and
 * healthy), never beyond `max`. Retries themselves stay with LlmService: this only decides how
 * many questions start. It decides the limit; `slots` (the main process's one limiter) holds
 * the questions to it.
 */
export class AdaptiveConcurrency {
  private readonly slots: Slots;
  private cooldownUntil = 0;
  private successes = 0;
  private readonly now: () => number;
  /** Cuts made (tests and progress). */
  cuts = 0;

  constructor(private readonly options: AdaptiveConcurrencyOptions) {
    if (!Number.isInteger(options.max) || options.max < 1)
      throw new Error(`concurrency must be ≥ 1, got ${options.max}`);
    this.slots = new Slots(options.max, Number.POSITIVE_INFINITY, stopped);
    this.now = options.now ?? Date.now;
  }

  get limit(): number {
    return this.slots.limit;
  }
  get inFlight(): number {
    return this.slots.running;
  }

  /**
   * Resolves once a slot is free under the current limit, with the function that ends the
   * question's hold on it (call it once; later calls do nothing); rejects when `signal` aborts.
   */
  acquire(signal: AbortSignal): Promise<ReleaseQuestion> {
    return this.slots.acquire(signal).then((release) => {
      let released = false;
      return (ok) => {
        if (released) return;
        released = true;
        this.settled(ok);
        release();
      };
    });
  }

  /** The server said 429 (a retry is scheduled, or the call gave up): cut unless cooling down. */
  rateLimited(retryAfterMs: number | undefined): boolean {
    const now = this.now();
    if (now < this.cooldownUntil) return false;
    this.slots.limit = Math.max(1, Math.floor(this.slots.limit / 2));
    this.cooldownUntil = now + Math.max(MIN_COOLDOWN_MS, retryAfterMs ?? 0);
    this.successes = 0;
    this.cuts++;
    return true;
  }

  /** A question ended, still holding its slot: growth counts only successes while saturated. */
  private settled(ok: boolean): void {
    const limit = this.slots.limit;
    const saturated = this.slots.running >= limit;
    if (!ok || !saturated || this.now() < this.cooldownUntil || limit >= this.options.max) return;
    if (++this.successes >= limit) {
      this.slots.limit = limit + 1;
      this.successes = 0;
    }
  }
}

function stopped(): WorkbenchError {
  return new WorkbenchError('cancelled', 'the run stopped starting questions');
}
