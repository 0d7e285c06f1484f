import { availableParallelism } from 'node:os';
import { abortReason, JobError } from './job-error';

/**
 * A counting limiter: at most `limit` holders at once, the others wait in order. Used for work
 * that costs a lot each (a parse worker may take gigabytes of heap; an upload holds a
 * connection and a file in the workspace), so that many at once queue instead of exhausting
 * the machine. A waiter whose signal aborts leaves the queue at once, so queued work stays
 * cancellable.
 */
export class Slots {
  private holders = 0;
  private highest = 0;
  private readonly waiting: { grant: () => void }[] = [];

  constructor(
    readonly limit: number,
    /** Waiters allowed beyond `limit` before `full` says no more (default: unbounded). */
    readonly maxQueued = Number.POSITIVE_INFINITY,
  ) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new Error(`slot limit must be ≥ 1, got ${limit}`);
  }

  get running(): number {
    return this.holders;
  }
  get queued(): number {
    return this.waiting.length;
  }
  /** The most holders seen at once (tests check the limit held). */
  get peak(): number {
    return this.highest;
  }
  /** Whether another `acquire` would have to wait past `maxQueued`. */
  get full(): boolean {
    return this.holders >= this.limit && this.waiting.length >= this.maxQueued;
  }

  /**
   * Resolves with a release function once a slot is free (call it exactly once; later calls do
   * nothing). Rejects with JobError 'cancelled' if `signal` aborts first.
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(cancelled(signal));
    if (this.holders < this.limit) return Promise.resolve(this.take());
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.take());
        },
      };
      const onAbort = () => {
        const at = this.waiting.indexOf(entry);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(cancelled(signal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  /** Runs `work` in a slot, releasing it however the work ends. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(signal);
    try {
      return await work();
    } finally {
      release();
    }
  }

  private take(): () => void {
    this.holders++;
    this.highest = Math.max(this.highest, this.holders);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holders--;
      // The slot passes straight to the next waiter, so a newcomer cannot overtake the queue.
      this.waiting.shift()?.grant();
    };
  }
}

function cancelled(signal: AbortSignal | undefined): JobError {
  const why = abortReason(signal, '');
  return new JobError(
    'cancelled',
    why ? `cancelled while queued (${why})` : 'cancelled while queued',
  );
}

/**
 * How many parse workers may run at once: `WORKBENCH_PARSE_WORKERS` if set, else one fewer than
 * the cores (at least one), leaving a core for the API and the window.
 */
export function defaultParseWorkerLimit(env = process.env): number {
  const set = Number(env.WORKBENCH_PARSE_WORKERS);
  if (Number.isInteger(set) && set >= 1) return set;
  return Math.max(1, availableParallelism() - 1);
}
