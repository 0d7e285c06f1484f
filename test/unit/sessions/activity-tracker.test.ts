import { describe, expect, it } from 'vitest';
import {
  createActivityTracker,
  type ActivityReport,
  type ActivityState,
} from '../../../renderer/stores/sessions/activity-tracker';
import { fakeTime } from './fake-time';

function setup(initial?: 'active' | 'paused') {
  const clock = fakeTime();
  const reports: ActivityReport[] = [];
  const states: ActivityState[] = [];
  const tracker = createActivityTracker({
    time: clock.time,
    report: (r) => reports.push(r),
    onState: (s) => states.push(s),
    ...(initial ? { initial } : {}),
  });
  const t0 = clock.now();
  const kinds = () => reports.map((r) => r.kind);
  return { clock, reports, states, tracker, t0, kinds };
}

describe('activity tracker (the active-time clock)', () => {
  it('sends an input heartbeat at most every 10 s while the user works', () => {
    const { clock, tracker, reports, t0 } = setup();
    for (let i = 0; i < 30; i++) {
      tracker.input();
      clock.advance(1_000);
    }
    // Inputs at 0..29 s: heartbeats at 0, 10 and 20 s only.
    expect(reports.map((r) => [r.kind, r.at - t0])).toEqual([
      ['input', 0],
      ['input', 10_000],
      ['input', 20_000],
    ]);
    expect(tracker.state()).toBe('active');
  });

  it('goes idle after 2 minutes without input, naming the last input; the next input resumes at once', () => {
    const { clock, tracker, reports, states, t0, kinds } = setup();
    tracker.input();
    clock.advance(30_000);
    tracker.input(); // 30 s: heartbeat (more than 10 s since the first)
    clock.advance(119_999);
    expect(tracker.state()).toBe('active');
    clock.advance(1);
    expect(tracker.state()).toBe('idle');
    expect(reports.at(-1)).toEqual({ kind: 'idle', at: t0 + 150_000, idleForMs: 120_000 });
    // Idle for ten more minutes: nothing more is reported.
    clock.advance(600_000);
    expect(kinds()).toEqual(['input', 'input', 'idle']);
    // Back: an input is reported immediately, even within 10 s of the last heartbeat's clock.
    tracker.input();
    expect(reports.at(-1)).toEqual({ kind: 'input', at: t0 + 750_000 });
    expect(states).toEqual(['idle', 'active']);
  });

  it('counts idle from the last input, not from the last heartbeat', () => {
    const { clock, tracker, reports, t0 } = setup();
    tracker.input(); // heartbeat at 0
    clock.advance(5_000);
    tracker.input(); // no heartbeat (5 s), but the idle countdown restarts
    clock.advance(120_000);
    expect(reports.at(-1)).toEqual({ kind: 'idle', at: t0 + 125_000, idleForMs: 120_000 });
  });

  it('a hidden page stops the clock until it is visible again', () => {
    const { clock, tracker, kinds, reports, t0 } = setup();
    tracker.input();
    clock.advance(3_000);
    tracker.hidden();
    expect(tracker.state()).toBe('hidden');
    // Reading counts until the page is hidden: nothing is backdated.
    expect(reports.at(-1)).toEqual({ kind: 'idle', at: t0 + 3_000, idleForMs: 0 });
    // Input events while hidden (none should come, but a stray one) and the idle timer do nothing.
    tracker.input();
    clock.advance(300_000);
    expect(kinds()).toEqual(['input', 'idle']);
    tracker.visible();
    expect(tracker.state()).toBe('active');
    expect(reports.at(-1)).toEqual({ kind: 'resume', at: t0 + 303_000 });
    // And the idle countdown runs again from there.
    clock.advance(120_000);
    expect(tracker.state()).toBe('idle');
  });

  it('pause and resume are explicit: input does not resume a pause', () => {
    const { clock, tracker, kinds } = setup();
    tracker.input();
    tracker.pause();
    clock.advance(500_000);
    tracker.input();
    tracker.hidden();
    tracker.visible();
    expect(tracker.state()).toBe('paused');
    expect(kinds()).toEqual(['input', 'pause']);
    tracker.resume();
    expect(tracker.state()).toBe('active');
    clock.advance(120_000);
    expect(kinds()).toEqual(['input', 'pause', 'unpause', 'idle']);
    // Pause from idle is allowed too (the expert steps away and says so).
    tracker.pause();
    expect(tracker.state()).toBe('paused');
  });

  it('starts paused when the session was paused before a reload', () => {
    const { clock, tracker, kinds } = setup('paused');
    clock.advance(300_000);
    tracker.input();
    expect(kinds()).toEqual([]);
    tracker.resume();
    expect(kinds()).toEqual(['unpause']);
  });

  it('a timer that fires early waits for the rest of the 2 minutes', () => {
    const clock = fakeTime();
    const reports: ActivityReport[] = [];
    // A time source whose timers fire after half the asked delay (a throttled or skewed tab).
    const early = {
      ...clock.time,
      setTimeout: (fn: () => void, ms: number) => clock.time.setTimeout(fn, ms / 2),
    };
    const tracker = createActivityTracker({ time: early, report: (r) => reports.push(r) });
    tracker.input();
    clock.advance(60_000);
    expect(tracker.state()).toBe('active');
    clock.advance(60_000);
    expect(tracker.state()).toBe('idle');
  });

  it('dispose stops the timers and reports nothing more', () => {
    const { clock, tracker, kinds } = setup();
    tracker.input();
    tracker.dispose();
    clock.advance(500_000);
    tracker.input();
    tracker.pause();
    expect(kinds()).toEqual(['input']);
    expect(clock.pending()).toBe(0);
  });
});

describe('the OS idle state (Electron powerMonitor)', () => {
  it('goes idle when the OS says so and this page saw no input either, even with its timers throttled', () => {
    const clock = fakeTime();
    const t0 = clock.now();
    const reports: ActivityReport[] = [];
    // A background window whose timers do not fire (throttled): only the OS's word is heard.
    const tracker = createActivityTracker({
      time: { now: () => clock.now(), setTimeout: () => 0, clearTimeout: () => undefined },
      report: (r) => reports.push(r),
    });
    tracker.input();
    clock.advance(60_000);
    tracker.input(); // this page's last input: 60 s
    clock.advance(30_000);
    // The OS counts 3 minutes, but this page saw input 30 s ago: still active.
    tracker.systemIdle(180_000);
    expect(tracker.state()).toBe('active');
    clock.advance(95_000);
    // 125 s since this page's input, 125 s by the OS: idle, backdated to that input.
    tracker.systemIdle(125_000);
    expect(tracker.state()).toBe('idle');
    expect(reports.at(-1)).toEqual({ kind: 'idle', at: t0 + 185_000, idleForMs: 125_000 });
    tracker.systemIdle(200_000);
    expect(reports.filter((r) => r.kind === 'idle')).toHaveLength(1);
  });

  it('an OS idle shorter than the threshold, or while paused, changes nothing', () => {
    const { tracker, reports } = setup();
    tracker.systemIdle(60_000);
    expect(tracker.state()).toBe('active');
    tracker.pause();
    tracker.systemIdle(10 * 60_000);
    expect(tracker.state()).toBe('paused');
    expect(reports.map((r) => r.kind)).toEqual(['pause']);
  });
});
