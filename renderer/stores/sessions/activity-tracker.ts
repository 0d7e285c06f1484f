/**
 * The active-time clock's eyes: decides from the user's input, the page's visibility and the
 * Pause/Resume buttons when the expert is working, and reports each change (and a heartbeat
 * while working) so the server can store it as an event. The server keeps the clock; this only
 * says what happened and when. Time and timers are injected so tests (and the e2e test's
 * controlled clock) drive it without waiting.
 */

import type { ClientEventType } from '../../../shared/sessions/session';

/**
 * What is reported, in the session events' own words: `input` (heartbeat, or back from idle),
 * `idle` (2 minutes still, or the page hidden), `resume` (the page visible again), `pause` and
 * `unpause` (the buttons).
 */
export type ActivityKind = Extract<
  ClientEventType,
  'input' | 'idle' | 'resume' | 'pause' | 'unpause'
>;

export type ActivityState = 'active' | 'idle' | 'hidden' | 'paused';

export interface ActivityReport {
  kind: ActivityKind;
  /** When it happened by the injected clock (epoch ms); the server stamps its own time. */
  at: number;
  /**
   * For `idle`: how long ago the last input was, so the server backdates the idle stretch to
   * where the expert actually stopped (0 when the page was hidden: reading counts until then).
   */
  idleForMs?: number;
}

export interface TimeSource {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ActivityOptions {
  report(r: ActivityReport): void;
  /** Called whenever the state changes (the screen redraws its clock). */
  onState?(state: ActivityState): void;
  time?: TimeSource;
  /** At most one `input` report per this many ms while working (default 10 s). */
  heartbeatMs?: number;
  /** Idle after this long without input (default 2 minutes). */
  idleMs?: number;
  /** Where the clock starts: a paused session stays paused after a reload. */
  initial?: 'active' | 'paused';
}

export interface ActivityTracker {
  state(): ActivityState;
  /** The user typed, clicked, scrolled or moved the pointer. */
  input(): void;
  /** The page was hidden (another tab, minimised window). */
  hidden(): void;
  /** The page is visible again: taken as the user coming back. */
  visible(): void;
  /**
   * The OS says nobody touched the machine for `idleForMs` (Electron's powerMonitor): idle
   * like the timeout, in case this page's timers were throttled and have not fired.
   */
  systemIdle(idleForMs: number): void;
  pause(): void;
  resume(): void;
  dispose(): void;
}

export const HEARTBEAT_MS = 10_000;
export const IDLE_MS = 120_000;

const browserTime: TimeSource = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** The tracker's state and its idle timer, shared by the handlers of createActivityTracker. */
function trackerCore(options: ActivityOptions) {
  const time = options.time ?? browserTime;
  const idleMs = options.idleMs ?? IDLE_MS;
  const c = {
    time,
    heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
    idleMs,
    state: (options.initial ?? 'active') as ActivityState,
    lastInput: time.now(),
    lastReport: -Infinity,
    timer: undefined as unknown,
    disposed: false,
    setState(next: ActivityState) {
      if (next === c.state) return;
      c.state = next;
      options.onState?.(c.state);
    },
    send(kind: ActivityKind, extra: Partial<ActivityReport> = {}) {
      const at = time.now();
      if (kind === 'input') c.lastReport = at;
      options.report({ kind, at, ...extra });
    },
    stopTimer() {
      if (c.timer !== undefined) time.clearTimeout(c.timer);
      c.timer = undefined;
    },
    // One timer, armed at each input: it fires once the user has been still for idleMs.
    armIdle() {
      c.stopTimer();
      c.timer = time.setTimeout(
        () => {
          c.timer = undefined;
          if (c.disposed || c.state !== 'active') return;
          const still = time.now() - c.lastInput;
          if (still < idleMs) {
            c.armIdle(); // a timer that fired early (throttled tabs, clock changes): wait the rest
            return;
          }
          c.setState('idle');
          c.send('idle', { idleForMs: still });
        },
        Math.max(0, c.lastInput + idleMs - time.now()),
      );
    },
  };
  return c;
}

export function createActivityTracker(options: ActivityOptions): ActivityTracker {
  const c = trackerCore(options);
  const { time } = c;
  if (c.state === 'active') c.armIdle();

  return {
    state: () => c.state,
    input() {
      if (c.disposed || c.state === 'paused' || c.state === 'hidden') return;
      c.lastInput = time.now();
      if (c.state === 'idle') {
        c.setState('active');
        c.send('input');
      } else if (c.lastInput - c.lastReport >= c.heartbeatMs) c.send('input');
      c.armIdle();
    },
    hidden() {
      if (c.disposed || c.state === 'paused' || c.state === 'hidden') return;
      c.stopTimer();
      c.setState('hidden');
      c.send('idle', { idleForMs: 0 });
    },
    visible() {
      if (c.disposed || c.state !== 'hidden') return;
      c.lastInput = time.now();
      c.setState('active');
      c.send('resume');
      c.armIdle();
    },
    systemIdle(idleForMs) {
      if (c.disposed || c.state !== 'active') return;
      // Input this page saw is input: the later of the two last inputs counts.
      const still = Math.min(idleForMs, time.now() - c.lastInput);
      if (still < c.idleMs) return;
      c.stopTimer();
      c.setState('idle');
      c.send('idle', { idleForMs: still });
    },
    pause() {
      if (c.disposed || c.state === 'paused') return;
      c.stopTimer();
      c.setState('paused');
      c.send('pause');
    },
    resume() {
      if (c.disposed || c.state !== 'paused') return;
      c.lastInput = time.now();
      c.setState('active');
      c.send('unpause');
      c.armIdle();
    },
    dispose() {
      c.disposed = true;
      c.stopTimer();
    },
  };
}
