/** What the watchdog needs of a worker slot. */
export interface WatchedSlot {
  readonly busy: boolean;
  /** Interrupts or terminates the slot's worker when its program is past its deadline. */
  watch(now: number): void;
}

/** Watchdog period: a deadline is acted on within deadline + this. */
const WATCH_MS = 20;

/**
 * The deadline poll of a worker pool (worker-pool.ts; the JavaScript and Python sandboxes): one
 * timer per pool that runs only while some slot is busy, so an idle pool costs no wake-ups.
 */
export class Watchdog {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly slots: readonly WatchedSlot[]) {}

  /** Runs the poll while any slot is busy, and stops it otherwise. */
  update(): void {
    if (this.slots.some((s) => s.busy)) this.start();
    else this.stop();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      const now = performance.now();
      for (const slot of this.slots) slot.watch(now);
      if (!this.slots.some((s) => s.busy)) this.stop();
    }, WATCH_MS);
    // The busy worker keeps the process alive; the timer alone must not.
    this.timer.unref();
  }
}
