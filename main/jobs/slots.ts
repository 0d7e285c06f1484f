import { availableParallelism } from 'node:os';
import { abortReason, JobError } from './job-error';

/** What a waiter whose signal aborted is rejected with (default: JobError 'cancelled'). */
export type CancelledError = (signal: AbortSignal | undefined) => Error;

/**
 * The one concurrency limiter of the main process: at most `limit` holders at once, the others
 * wait in order. A waiter whose signal aborts leaves the queue at once, so queued work stays
 * cancellable. Used directly for work that costs a lot each (a parse worker may take gigabytes
 * of heap; an upload holds a connection and a file in the workspace), and by the run engine:
 * its questions in flight (`limit` set by AdaptiveConcurrency, which decides it from the
 * server's 429s), its judging passes and its Batch API's prompt building and finishing
 * (`each`). The limit may change while holders run: a higher one grants waiters at once, a
 * lower one takes no slot back, it holds new grants until enough holders have released.
 */
export class Slots {
  private holders = 0;
  private highest = 0;
  private cap: number;
  private readonly waiting: { grant: () => void }[] = [];

  constructor(
    limit: number,
    /** Waiters allowed beyond `limit` before `full` says no more (default: unbounded). */
    readonly maxQueued = Number.POSITIVE_INFINITY,
    private readonly cancelledError: CancelledError = cancelled,
  ) {
    this.cap = checkedLimit(limit);
  }

  get limit(): number {
    return this.cap;
  }
  set limit(limit: number) {
    this.cap = checkedLimit(limit);
    this.wake();
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
    return this.holders >= this.cap && this.waiting.length >= this.maxQueued;
  }

  /**
   * Resolves with a release function once a slot is free (call it exactly once; later calls do
   * nothing). Rejects with JobError 'cancelled' (or the constructor's `cancelledError`) if
   * `signal` aborts first.
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(this.cancelledError(signal));
    if (this.holders < this.cap) return Promise.resolve(this.take());
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
        reject(this.cancelledError(signal));
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

  /**
   * Runs `work` on each item in order, each in a slot of its own, and resolves once every one
   * started has ended. Starts none once `signal` has aborted or `stop()` says so (it is asked
   * when a slot is free, so it sees what the work before it decided). A work that throws stops
   * further starts too; its error is thrown once the others in flight have ended, so nothing
   * of this call still runs after it settled.
   */
  async each<T>(
    items: readonly T[],
    work: (item: T) => Promise<void>,
    options: { signal?: AbortSignal; stop?: () => boolean } = {},
  ): Promise<void> {
    let failure: { error: unknown } | undefined;
    let running = 0;
    let drained: (() => void) | undefined;
    const settle = async (item: T, release: () => void) => {
      try {
        await work(item);
      } catch (error) {
        failure ??= { error };
      } finally {
        release();
        if (--running === 0) drained?.();
      }
    };
    for (const item of items) {
      // A free slot is taken at once (no await): the judge's and the batch's tasks are many.
      const release =
        this.holders < this.cap && this.waiting.length === 0 && !options.signal?.aborted
          ? this.take()
          : await this.acquire(options.signal).catch(() => undefined);
      if (!release) break; // aborted: start nothing more
      if (failure || options.stop?.()) {
        release();
        break;
      }
      running++;
      void settle(item, release);
    }
    if (running > 0) await new Promise<void>((resolve) => (drained = resolve));
    if (failure) throw failure.error;
  }

  private take(): () => void {
    this.holders++;
    this.highest = Math.max(this.highest, this.holders);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holders--;
      this.wake();
    };
  }

  /**
   * Grants waiters while the limit allows. Each grant takes its slot at once, so a newcomer
   * cannot overtake the queue.
   */
  private wake(): void {
    while (this.holders < this.cap && this.waiting.length > 0) this.waiting.shift()!.grant();
  }
}

function checkedLimit(limit: number): number {
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`slot limit must be ≥ 1, got ${limit}`);
  return limit;
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
