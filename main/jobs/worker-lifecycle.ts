import type { WorkerEvents, WorkerHandle, WorkerStop } from './worker-handle';

/** What a long-lived worker's owner (a pool slot) tells the lifecycle and hears from it. */
export interface LifecycleHooks<M> {
  /**
   * Starts a worker: a thread (startThread) or a process (processHandle), with its memory cap.
   * Called at first use, after a crash and after `replace`. May throw (cannot start at all).
   */
  start(events: WorkerEvents<M>): WorkerHandle;
  /** A message from the current worker (messages of a replaced worker never arrive). */
  message(m: M): void;
  /**
   * The current worker stopped on its own: settle what it was running. The lifecycle then
   * starts a new one (and calls `restarted`) or, after too many crashes in a row, `gaveUp`.
   */
  crashed(stop: WorkerStop): void;
  restarted?(): void;
  /** Crashes in a row reached the budget, or the worker could not start: nothing will run. */
  gaveUp(message: string): void;
}

export interface LifecycleOptions {
  /** After this many crashes in a row (`succeeded` not called in between) it gives up. */
  maxCrashesInARow?: number;
  /** Wording of `gaveUp`, from the last crash's reason. */
  keepsCrashing(reason: string): string;
  cannotStart(error: Error): string;
}

/**
 * The one lifecycle of a pooled worker (the QuickJS and Python sandbox slots): started on first
 * use (`start` waits until it says it is ready), replaced on purpose (a call past its deadline, a cancelled call, a heap to release) by
 * `replace`, restarted after a crash, given up after several crashes in a row, ended by `close`.
 * Events of a worker that is no longer current (killed and replaced) are dropped here, so the
 * slot only ever hears about the worker it is using.
 */
export class WorkerLifecycle<M> {
  private worker: WorkerHandle | undefined;
  private crashesInARow = 0;
  private isClosed = false;
  private isReady = false;
  private readyWaiters: (() => void)[] = [];

  constructor(
    private readonly hooks: LifecycleHooks<M>,
    private readonly options: LifecycleOptions,
  ) {}

  /** The worker now running, if any. */
  get current(): WorkerHandle | undefined {
    return this.worker;
  }

  /** Closed, given up, or stopped: no worker will be started again. */
  get closed(): boolean {
    return this.isClosed;
  }

  /** The current worker has said it is ready (loaded) and has not stopped since. */
  get ready(): boolean {
    return this.isReady;
  }

  /**
   * Starts the worker if there is none; resolves once one is ready, or once none will be
   * (closed, given up). A worker that crashes while loading is followed by its restart.
   */
  start(): Promise<void> {
    const worker = this.isReady ? undefined : this.ensure();
    if (!worker) return Promise.resolve();
    // Someone waits for it, so loading keeps the app alive; the slot releases it once ready.
    worker.hold();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** The current worker said it is ready: `start` resolves (the slot releases the worker). */
  markReady(): void {
    this.isReady = true;
    this.releaseWaiters();
  }

  /** The current worker, started if there is none (undefined once closed or if it cannot start). */
  ensure(): WorkerHandle | undefined {
    if (this.isClosed) return undefined;
    return this.worker ?? this.spawn();
  }

  /** A call finished: the crash budget starts over. */
  succeeded(): void {
    this.crashesInARow = 0;
  }

  /** Ends the current worker now (its events are ignored from here on) and starts a new one. */
  replace(): void {
    this.drop();
    this.spawn();
  }

  /** Ends the current worker and starts none again (a load that failed for good). */
  stop(): void {
    this.isClosed = true;
    this.drop();
    this.releaseWaiters();
  }

  /** Ends the current worker and resolves once it has exited. */
  async close(): Promise<void> {
    this.isClosed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.isReady = false;
    this.releaseWaiters();
    if (worker) await worker.kill();
  }

  private drop(): void {
    const old = this.worker;
    this.worker = undefined;
    this.isReady = false;
    if (old) void old.kill();
  }

  private releaseWaiters(): void {
    const waiters = this.readyWaiters;
    this.readyWaiters = [];
    for (const w of waiters) w();
  }

  private giveUp(message: string): void {
    this.isClosed = true;
    this.releaseWaiters();
    this.hooks.gaveUp(message);
  }

  private spawn(): WorkerHandle | undefined {
    let worker: WorkerHandle | undefined;
    this.isReady = false;
    try {
      worker = this.hooks.start({
        message: (m) => {
          if (worker === this.worker && !this.isClosed) this.hooks.message(m);
        },
        stopped: (stop) => {
          if (worker === this.worker && !this.isClosed) this.onCrash(stop);
        },
      });
    } catch (e) {
      this.giveUp(this.options.cannotStart(e as Error));
      return undefined;
    }
    this.worker = worker;
    // A restart while someone waits for `start`: the new worker is awaited as well.
    if (this.readyWaiters.length > 0) worker.hold();
    return worker;
  }

  private onCrash(stop: WorkerStop): void {
    this.worker = undefined;
    this.isReady = false;
    this.crashesInARow++;
    this.hooks.crashed(stop);
    if (this.crashesInARow >= (this.options.maxCrashesInARow ?? 3)) {
      this.giveUp(this.options.keepsCrashing(stop.reason));
      return;
    }
    if (this.spawn()) this.hooks.restarted?.();
  }
}
