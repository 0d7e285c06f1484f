import { describe, expect, it } from 'vitest';
import {
  createActivityTracker,
  type ActivityReport,
} from '../../../renderer/stores/sessions/activity-tracker';
import { computeClock, type ClockEvent } from '../../../shared/sessions/clock';
import { fakeTime } from './fake-time';

/**
 * Two windows on one session (docs/sessions.md "Two windows"): each runs its own tracker on its
 * own input, both report into the one event log, and the clock is derived from the merged log.
 * What one window says (idle, hidden) stops the clock only until the other window's next
 * heartbeat: at most one heartbeat (10 s) is lost, and idle time is never counted.
 */
function twoWindows() {
  const clock = fakeTime();
  const t0 = clock.now();
  const events: ClockEvent[] = [{ type: 'start', atMs: t0, questionId: null }];
  // The server stamps its own time and backdates idle as main/sessions/timeline.ts does.
  const toEvent = (r: ActivityReport): ClockEvent => ({
    type: r.kind,
    atMs: r.at,
    questionId: null,
    ...(r.kind === 'idle'
      ? {
          idleFromMs: Math.max(events.at(-1)?.atMs ?? r.at, r.at - (r.idleForMs ?? 0)),
        }
      : {}),
  });
  const window = () =>
    createActivityTracker({ time: clock.time, report: (r) => events.push(toEvent(r)) });
  const a = window();
  const b = window();
  const active = () =>
    computeClock(events, {
      budgetSeconds: 3600,
      perQuestionCapSeconds: null,
      questionIds: [],
      nowMs: clock.now(),
    });
  /** The expert works in one window: an input every second for `seconds`. */
  const workIn = (w: ReturnType<typeof window>, seconds: number) => {
    for (let i = 0; i < seconds; i++) {
      w.input();
      clock.advance(1000);
    }
  };
  return { clock, a, b, active, workIn, events };
}

describe('the clock with two windows open', () => {
  it('a window left alone going idle costs at most one heartbeat while the other is used', () => {
    const { a, b, active, workIn, events } = twoWindows();
    workIn(b, 600);
    // Window A reported idle once (2 min after its last input, backdated to it).
    expect(events.filter((e) => e.type === 'idle')).toHaveLength(1);
    expect(a.state()).toBe('idle');
    const c = active();
    expect(c.state).toBe('active');
    expect(c.activeSeconds).toBeGreaterThanOrEqual(600 - 10);
    expect(c.activeSeconds).toBeLessThanOrEqual(600);
  });

  it('a window hidden stops the clock until the other window’s next heartbeat', () => {
    const { a, b, active, workIn } = twoWindows();
    workIn(b, 60);
    const before = active().activeSeconds;
    a.hidden();
    expect(active().state).toBe('idle');
    workIn(b, 60);
    const c = active();
    expect(c.state).toBe('active');
    expect(c.activeSeconds - before).toBeGreaterThanOrEqual(60 - 10);
    expect(c.activeSeconds - before).toBeLessThanOrEqual(60);
  });

  it('both windows still: nothing counted while nobody works, at most one heartbeat lost', () => {
    const { clock, a, b, active, workIn } = twoWindows();
    workIn(a, 30);
    workIn(b, 30);
    clock.advance(10 * 60_000);
    const c = active();
    expect(c.state).toBe('idle');
    // A's idle report closes the segment at B's last heartbeat (B's own later input was not
    // reported yet): B's seconds after that heartbeat are the loss, under 10 s.
    expect(c.activeSeconds).toBeGreaterThanOrEqual(60 - 10);
    expect(c.activeSeconds).toBeLessThanOrEqual(60);
    expect(a.state()).toBe('idle');
    expect(b.state()).toBe('idle');
  });

  it('a pause in one window holds for both: the other window’s input does not end it', () => {
    const { a, b, active, workIn } = twoWindows();
    workIn(a, 20);
    b.pause();
    const paused = active().activeSeconds;
    workIn(a, 120);
    expect(active()).toMatchObject({ state: 'paused', activeSeconds: paused });
    b.resume();
    workIn(a, 30);
    expect(active().activeSeconds - paused).toBeGreaterThanOrEqual(29);
  });
});
