import { WorkbenchError } from '../../../shared/api/result';

/** Shortest pause after a cut, when the server named no Retry-After. */
export const MIN_COOLDOWN_MS = 1000;

export interface AdaptiveConcurrencyOptions {
  /** The ceiling the user set (--concurrency); the limit starts there and never exceeds it. */
  max: number;
  now?: () => number;
}

/**
 * How many questions a run keeps in flight, adapted AIMD-style to the server's rate limits
 * (after inspect_ai's and promptfoo's adaptive concurrency): a 429 halves the limit and starts
 * a cooldown at least as long as the server's Retry-After, during which neither another cut nor
 * growth happens (one congestion event, one cut); once the cooldown is over, the limit grows by
 * one after every `limit` successes that completed while every slot was taken (saturated and
 * healthy), never beyond `max`. Retries themselves stay with LlmService: this only decides how
 * many questions start.
 */
export class AdaptiveConcurrency {
  private current: number;
  private active = 0;
  private cooldownUntil = 0;
  private successes = 0;
  private readonly waiters: { grant: () => void }[] = [];
  private readonly now: () => number;
  /** Cuts made (tests and progress). */
  cuts = 0;

  constructor(private readonly options: AdaptiveConcurrencyOptions) {
    if (!Number.isInteger(options.max) || options.max < 1)
      throw new Error(`concurrency must be ≥ 1, got ${options.max}`);
    this.current = options.max;
    this.now = options.now ?? Date.now;
  }

  get limit(): number {
    return this.current;
  }
  get inFlight(): number {
    return this.active;
  }

  /** Resolves once a slot is free under the current limit; rejects when `signal` aborts. */
  acquire(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(stopped());
    if (this.active < this.current) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          signal.removeEventListener('abort', onAbort);
          this.active++;
          resolve();
        },
      };
      const onAbort = () => {
        const at = this.waiters.indexOf(entry);
        if (at >= 0) this.waiters.splice(at, 1);
        reject(stopped());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(entry);
    });
  }

  /** A question ended; `ok` when its model calls succeeded (growth counts only those). */
  release(ok: boolean): void {
    const saturated = this.active >= this.current;
    this.active--;
    if (ok && saturated && this.now() >= this.cooldownUntil && this.current < this.options.max) {
      if (++this.successes >= this.current) {
        this.current++;
        this.successes = 0;
      }
    }
    this.wake();
  }

  /** The server said 429 (a retry is scheduled, or the call gave up): cut unless cooling down. */
  rateLimited(retryAfterMs: number | undefined): boolean {
    const now = this.now();
    if (now < this.cooldownUntil) return false;
    this.current = Math.max(1, Math.floor(this.current / 2));
    this.cooldownUntil = now + Math.max(MIN_COOLDOWN_MS, retryAfterMs ?? 0);
    this.successes = 0;
    this.cuts++;
    return true;
  }

  private wake(): void {
    while (this.active < this.current && this.waiters.length > 0) this.waiters.shift()!.grant();
  }
}

function stopped(): WorkbenchError {
  return new WorkbenchError('cancelled', 'the run stopped starting questions');
}
