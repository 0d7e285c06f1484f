/**
 * Deterministic time and randomness without any JavaScript in the program's context.
 *
 * The QuickJS wasm build reads the wall clock through one emscripten import that calls the
 * host's `Date.now()` at call time. QuickJS uses that clock for `Date.now()` and `new Date()`,
 * and to seed each context's Math.random (xorshift64*, seeded from the time when the context is
 * created). So while a program's context is created and run we point the host's `Date.now` at a
 * virtual clock: `seed` during context creation (→ a seeded Math.random), then `nowMs`.
 *
 * This is only sound because a run is synchronous: between `install` and `restore` no other
 * JavaScript of this thread runs, so nothing else can observe the virtual clock. Code in that
 * window must measure time with performance.now(), never Date.now().
 */
export class FixedClock {
  private virtualNow = 0;
  private saved: (() => number) | undefined;
  /** One function for every run rather than a closure made per run. */
  private readonly virtual = (): number => this.virtualNow;

  install(ms: number): void {
    this.virtualNow = ms;
    if (this.saved) return;
    this.saved = Date.now;
    Date.now = this.virtual;
  }

  set(ms: number): void {
    this.virtualNow = ms;
  }

  restore(): void {
    if (!this.saved) return;
    Date.now = this.saved;
    this.saved = undefined;
  }
}
