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

export function createActivityTracker(options: ActivityOptions): ActivityTracker {
  const time = options.time ?? browserTime;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const idleMs = options.idleMs ?? IDLE_MS;
  let state: ActivityState = options.initial ?? 'active';
  let lastInput = time.now();
  let lastReport = -Infinity;
  let timer: unknown;
  let disposed = false;

  const setState = (next: ActivityState) => {
    if (next === state) return;
    state = next;
    options.onState?.(state);
  };
  const send = (kind: ActivityKind, extra: Partial<ActivityReport> = {}) => {
    const at = time.now();
    if (kind === 'input') lastReport = at;
    options.report({ kind, at, ...extra });
  };
  const stopTimer = () => {
    if (timer !== undefined) time.clearTimeout(timer);
    timer = undefined;
  };
  // One timer, armed at each input: it fires once the user has been still for idleMs.
  const armIdle = () => {
    stopTimer();
    timer = time.setTimeout(
      () => {
        timer = undefined;
        if (disposed || state !== 'active') return;
        const still = time.now() - lastInput;
        if (still < idleMs) {
          armIdle(); // a timer that fired early (throttled tabs, clock changes): wait the rest
          return;
        }
        setState('idle');
        send('idle', { idleForMs: still });
      },
      Math.max(0, lastInput + idleMs - time.now()),
    );
  };

  if (state === 'active') armIdle();

  return {
    state: () => state,
    input() {
      if (disposed || state === 'paused' || state === 'hidden') return;
      lastInput = time.now();
      if (state === 'idle') {
        setState('active');
        send('input');
      } else if (lastInput - lastReport >= heartbeatMs) send('input');
      armIdle();
    },
    hidden() {
      if (disposed || state === 'paused' || state === 'hidden') return;
      stopTimer();
      setState('hidden');
      send('idle', { idleForMs: 0 });
    },
    visible() {
      if (disposed || state !== 'hidden') return;
      lastInput = time.now();
      setState('active');
      send('resume');
      armIdle();
    },
    systemIdle(idleForMs) {
      if (disposed || state !== 'active') return;
      // Input this page saw is input: the later of the two last inputs counts.
      const still = Math.min(idleForMs, time.now() - lastInput);
      if (still < idleMs) return;
      stopTimer();
      setState('idle');
      send('idle', { idleForMs: still });
    },
    pause() {
      if (disposed || state === 'paused') return;
      stopTimer();
      setState('paused');
      send('pause');
    },
    resume() {
      if (disposed || state !== 'paused') return;
      lastInput = time.now();
      setState('active');
      send('unpause');
      armIdle();
    },
    dispose() {
      disposed = true;
      stopTimer();
    },
  };
}
