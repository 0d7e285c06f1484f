import type { ClockSummary, SessionEventType } from './session';

/**
 * The active-time clock, derived from a session's events every time it is read (never a stored
 * counter, so a crash cannot leave it wrong). Active time is a sum of segments, as in
 * inspect_ai's human agent and ActivityWatch's afk watcher:
 *
 * - a segment opens at `start` and whenever activity follows idle (`input`, `focus`, a save,
 *   a skip or submit, `resume`), or `unpause` / `resume` after a pause;
 * - it closes at `pause`, `finish`, or `idle` — backdated to the expert's last input
 *   (`idleFromMs`), not to when the idle timeout fired;
 * - a gap longer than IDLE_AFTER_MS between two events with no `idle` in it (a crash, a reload,
 *   a closed laptop) is idle from the event before the gap: the last thing known to be activity.
 *   A shorter gap counts: the screen would have reported idle after 2 minutes without input.
 *
 * Time goes to the focused question (the last `focus`); before any focus it counts for the
 * session only. Times are read from `atMs`, the session's own non-decreasing timeline.
 */

export const IDLE_AFTER_MS = 120_000;

export interface ClockEvent {
  type: SessionEventType;
  questionId: number | null;
  atMs: number;
  idleFromMs?: number | undefined;
}

export interface ClockOptions {
  budgetSeconds: number;
  perQuestionCapSeconds: number | null;
  /** The session's questions (each gets a line, with 0 s when never focused). */
  questionIds: readonly number[];
  /** Server time now: a running segment extends to here (at most IDLE_AFTER_MS past its last event). */
  nowMs: number;
  idleAfterMs?: number;
}

/** Events that show the expert at work: they end an idle stretch (not a pause). */
const ACTIVITY: ReadonlySet<SessionEventType> = new Set<SessionEventType>([
  'start',
  'focus',
  'input',
  'resume',
  'unpause',
  'answer-saved',
  'skip',
  'submit',
]);

const round3 = (s: number) => Math.round(s * 1000) / 1000;

/** The clock while the events are read. */
interface Tally {
  state: ClockSummary['state'];
  focus: number | null;
  totalMs: number;
  perQuestion: Map<number, number>;
  /** Start of the part of the open segment not yet credited. */
  from: number;
  /** Time of the last event (the timeline never runs backwards, even if a row says so). */
  last: number;
  jumps: number;
}

/** Credits the open segment up to `to`, to the session and the focused question. */
function credit(c: Tally, to: number): void {
  const ms = Math.max(0, to - c.from);
  c.totalMs += ms;
  if (c.focus !== null) c.perQuestion.set(c.focus, (c.perQuestion.get(c.focus) ?? 0) + ms);
  c.from = Math.max(c.from, to);
}

/** The segment an event at `t` opens or closes (start, idle, pause, finish, anything else). */
function closeOrOpen(c: Tally, e: ClockEvent, t: number): void {
  switch (e.type) {
    case 'start':
      if (c.state === 'not-started') {
        c.state = 'active';
        c.from = t;
      }
      break;
    case 'idle':
      if (c.state === 'active') {
        // Backdated to the last input, but never before the segment began or after now.
        const idleFrom = Math.min(t, Math.max(c.from, e.idleFromMs ?? t));
        credit(c, idleFrom);
        c.state = 'idle';
      }
      break;
    case 'pause':
      if (c.state === 'active') credit(c, t);
      if (c.state === 'active' || c.state === 'idle') c.state = 'paused';
      break;
    case 'finish':
      if (c.state === 'active') credit(c, t);
      c.state = 'finished';
      break;
    case 'clock-jump':
      c.jumps++;
      if (c.state === 'active') credit(c, t);
      break;
    default:
      if (c.state === 'active') credit(c, t);
      break;
  }
}

/** A `focus` moves the question time goes to; activity after idle (or an unpause) reopens. */
function focusAndWake(c: Tally, e: ClockEvent, t: number): void {
  if (e.type === 'focus' && e.questionId !== null && c.state !== 'finished') {
    c.focus = e.questionId;
    if (!c.perQuestion.has(c.focus)) c.perQuestion.set(c.focus, 0);
  }
  if (ACTIVITY.has(e.type) && e.type !== 'start') {
    const wakes =
      c.state === 'idle' || (c.state === 'paused' && (e.type === 'unpause' || e.type === 'resume'));
    if (wakes) {
      c.state = 'active';
      c.from = t;
    }
  }
}

function clockSummary(c: Tally, options: ClockOptions): ClockSummary {
  const activeSeconds = round3(c.totalMs / 1000);
  const cap = options.perQuestionCapSeconds;
  return {
    state: c.state,
    activeSeconds,
    budgetSeconds: options.budgetSeconds,
    remainingSeconds: round3(Math.max(0, options.budgetSeconds - activeSeconds)),
    exhausted: activeSeconds >= options.budgetSeconds,
    focusQuestionId: c.focus,
    perQuestion: [...c.perQuestion].map(([questionId, ms]) => {
      const activeSeconds = round3(ms / 1000);
      return { questionId, activeSeconds, capReached: cap !== null && activeSeconds >= cap };
    }),
    asOfMs: options.nowMs,
    clockJumps: c.jumps,
  };
}

export function computeClock(events: readonly ClockEvent[], options: ClockOptions): ClockSummary {
  const idleAfter = options.idleAfterMs ?? IDLE_AFTER_MS;
  const c: Tally = {
    state: 'not-started',
    focus: null,
    totalMs: 0,
    perQuestion: new Map<number, number>(options.questionIds.map((id) => [id, 0])),
    from: 0,
    last: -Infinity,
    jumps: 0,
  };

  for (const e of events) {
    if (c.state === 'finished') break;
    const t = Math.max(e.atMs, c.last === -Infinity ? e.atMs : c.last);
    if (c.state === 'active' && t - c.last > idleAfter) {
      // Nothing was heard for longer than the idle timeout: idle since the last event.
      credit(c, c.last);
      c.state = 'idle';
    }
    closeOrOpen(c, e, t);
    focusAndWake(c, e, t);
    c.last = t;
  }

  if (c.state === 'active') {
    const now = Math.max(options.nowMs, c.last);
    if (now - c.last > idleAfter) {
      credit(c, c.last);
      c.state = 'idle';
    } else credit(c, now);
  }
  return clockSummary(c, options);
}

/** Where the session's timeline stood at its last event. */
export interface TimelinePoint {
  atMs: number;
  wallMs: number;
  /** The writing process's monotonic clock at that event; null when another process wrote it. */
  monoMs: number | null;
}

/** Wall and monotonic clocks may drift apart by this much between events before it is a jump. */
export const CLOCK_JUMP_BOUND_MS = 5_000;

/**
 * The timeline time of a new event. Within one process the monotonic clock measures the time
 * since the previous event; when the wall clock moved by more than CLOCK_JUMP_BOUND_MS
 * differently (someone set the clock, NTP stepped it, the machine slept), the monotonic delta
 * is used and the jump reported. Across processes only the wall clock is known: a move
 * backwards is clamped to zero and reported; a forward jump looks like a gap, which the clock
 * counts as idle past 2 minutes anyway.
 */
export function nextTimestamp(
  prev: TimelinePoint | null,
  wallMs: number,
  monoMs: number | null,
  boundMs = CLOCK_JUMP_BOUND_MS,
): { atMs: number; jumpMs: number | null } {
  if (prev === null) return { atMs: wallMs, jumpMs: null };
  const wallDelta = wallMs - prev.wallMs;
  if (prev.monoMs !== null && monoMs !== null) {
    const monoDelta = Math.max(0, monoMs - prev.monoMs);
    const drift = wallDelta - monoDelta;
    return {
      atMs: prev.atMs + monoDelta,
      jumpMs: Math.abs(drift) > boundMs ? drift : null,
    };
  }
  if (wallDelta < 0) return { atMs: prev.atMs, jumpMs: wallDelta };
  return { atMs: prev.atMs + wallDelta, jumpMs: null };
}
