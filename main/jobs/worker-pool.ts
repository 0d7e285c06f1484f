import { abortReason, JobError } from './job-error';
import { Watchdog, type WatchedSlot } from './watchdog';

/** What a pool's slot (one long-lived worker: worker-lifecycle.ts) offers the pool. */
export interface PoolSlot<P> extends WatchedSlot {
  /** Not closed and not given up: it runs work now or will once it has started. */
  readonly working: boolean;
  /** Starts its worker; resolves once it is ready (or could not start). */
  start(): Promise<void>;
  close(): Promise<void>;
  /** Removes and returns what it is running (a closing or failed pool settles it). */
  takeInFlight(): P[];
  /**
   * Some items were cancelled: if it is running any, its worker is ended at once and replaced,
   * and the other items of that call go back to the queue (`PoolControl.requeue`).
   */
  cancel(items: ReadonlySet<P>): void;
}

/** What a slot tells its pool. */
export interface PoolControl<P> {
  /** Items that must run again (their worker was ended under them); they go first. */
  requeue(items: P[]): void;
  /** The slot can take work. */
  idle(): void;
  /** The slot cannot get a working worker; if no slot can, everything pending fails. */
  fatal(message: string): void;
}

export interface WorkerPoolOptions<P, S extends PoolSlot<P>> {
  workers: number;
  slot(control: PoolControl<P>): S;
  /** Hands queued items to the slots that can take them (takes them out of `queue`). */
  assign(slots: readonly S[], queue: P[]): void;
  /** Settles an item that will never run, with this message. */
  fail(item: P, message: string): void;
  /** "the sandbox": for "the sandbox is closed". */
  name: string;
}

/**
 * A fixed set of long-lived workers and the queue in front of them: the QuickJS and the Python
 * sandbox. The pool owns the queue, the deadline watchdog, cancellation, close and the "nothing
 * can run" state; each slot owns one worker's lifecycle (worker-lifecycle.ts); `assign` is the
 * only policy that differs (QuickJS sends batches, Python one program at a time).
 *
 * Its limit is the number of slots. It is not a `Slots` limiter (slots.ts): that one grants
 * whole async tasks, while a pool must batch many small programs into one worker message.
 */
export class WorkerPool<P, S extends PoolSlot<P>> implements PoolControl<P> {
  readonly slots: readonly S[];
  private queue: P[] = [];
  private readonly watchdog: Watchdog;
  private isClosed = false;
  private fatalMessage: string | undefined;

  constructor(private readonly options: WorkerPoolOptions<P, S>) {
    const workers = Math.max(1, Math.floor(options.workers));
    this.slots = Array.from({ length: workers }, () => options.slot(this));
    this.watchdog = new Watchdog(this.slots);
  }

  /** Throws if nothing can run: closed, or every worker gave up. */
  assertOpen(): void {
    if (this.isClosed) throw new Error(`${this.options.name} is closed`);
    if (this.fatalMessage) throw new Error(this.fatalMessage);
  }

  /** Starts every worker and waits until each is ready. */
  async warmUp(): Promise<void> {
    this.assertOpen();
    await Promise.all(this.slots.map((s) => s.start()));
  }

  /**
   * Queues `items` and answers `done` (which settles once each item has). If `signal` aborts
   * first, the items leave the queue, a worker running one of them is ended and replaced, and
   * the answer is a JobError 'cancelled'.
   */
  submit<R>(items: P[], done: Promise<R>, signal?: AbortSignal): Promise<R> {
    if (signal?.aborted) return Promise.reject(new JobError('cancelled', abortReason(signal)));
    this.queue.push(...items);
    this.dispatch();
    if (!signal) return done;
    return new Promise<R>((resolve, reject) => {
      const onAbort = () => {
        this.cancel(new Set(items));
        reject(new JobError('cancelled', abortReason(signal)));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      void done.then((result) => {
        signal.removeEventListener('abort', onAbort);
        resolve(result);
      });
    });
  }

  /** Ends every worker; items queued or running fail with "<name> was closed". */
  async close(): Promise<void> {
    if (this.isClosed) return;
    this.isClosed = true;
    this.watchdog.stop();
    const pending = [...this.queue, ...this.slots.flatMap((s) => s.takeInFlight())];
    this.queue = [];
    await Promise.all(this.slots.map((s) => s.close()));
    for (const item of pending) this.options.fail(item, `${this.options.name} was closed`);
  }

  requeue(items: P[]): void {
    this.queue.unshift(...items);
  }

  idle(): void {
    this.dispatch();
  }

  fatal(message: string): void {
    if (this.slots.some((s) => s.working)) return;
    this.fatalMessage = message;
    const pending = [...this.queue, ...this.slots.flatMap((s) => s.takeInFlight())];
    this.queue = [];
    for (const item of pending) this.options.fail(item, message);
    this.watchdog.stop();
  }

  private cancel(items: ReadonlySet<P>): void {
    this.queue = this.queue.filter((item) => !items.has(item));
    for (const slot of this.slots) slot.cancel(items);
    this.dispatch();
  }

  private dispatch(): void {
    if (this.isClosed || this.fatalMessage) return;
    this.options.assign(this.slots, this.queue);
    this.watchdog.update();
  }
}
