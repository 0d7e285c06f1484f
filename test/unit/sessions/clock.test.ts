import { describe, expect, it } from 'vitest';
import { computeClock, nextTimestamp, type ClockEvent } from '../../../shared/sessions/clock';

const S = 1000;
const T0 = 1_700_000_000_000;
const at = (s: number) => T0 + s * S;
const ev = (
  type: ClockEvent['type'],
  s: number,
  questionId: number | null = null,
  idleFromS?: number,
): ClockEvent => ({
  type,
  atMs: at(s),
  questionId,
  ...(idleFromS !== undefined ? { idleFromMs: at(idleFromS) } : {}),
});
const opts = (nowS: number, cap: number | null = null) => ({
  budgetSeconds: 600,
  perQuestionCapSeconds: cap,
  questionIds: [1, 2],
  nowMs: at(nowS),
});
const secondsOn = (c: ReturnType<typeof computeClock>, q: number) =>
  c.perQuestion.find((p) => p.questionId === q)?.activeSeconds;

describe('session clock (derived from events)', () => {
  it('counts nothing before start and runs to now after it', () => {
    expect(computeClock([ev('focus', 0, 1)], opts(50)).activeSeconds).toBe(0);
    const c = computeClock([ev('start', 10), ev('focus', 10, 1), ev('input', 40, 1)], opts(70));
    expect(c).toMatchObject({ state: 'active', activeSeconds: 60, remainingSeconds: 540 });
    expect(secondsOn(c, 1)).toBe(60);
  });

  it('backdates idle to the last input, not to when the timeout fired', () => {
    // Last input at 30 s; the screen reports idle at 150 s (2 min later), backdated to 30 s.
    const events = [
      ev('start', 0),
      ev('focus', 0, 1),
      ev('input', 30, 1),
      ev('idle', 150, null, 30),
    ];
    const c = computeClock(events, opts(400));
    expect(c).toMatchObject({ state: 'idle', activeSeconds: 30 });
    // Input again at 400 s: a new segment from there.
    const c2 = computeClock([...events, ev('input', 400, 1)], opts(410));
    expect(c2).toMatchObject({ state: 'active', activeSeconds: 40 });
  });

  it('excludes paused time; input does not end a pause, unpause does', () => {
    const events = [
      ev('start', 0),
      ev('focus', 0, 1),
      ev('pause', 20),
      ev('input', 100, 1),
      ev('unpause', 200),
      ev('input', 210, 1),
    ];
    expect(computeClock(events, opts(230))).toMatchObject({ state: 'active', activeSeconds: 50 });
  });

  it('a reload or crash: a gap over 2 minutes without events is idle from the last event', () => {
    const events = [ev('start', 0), ev('focus', 0, 1), ev('input', 50, 1), ev('input', 600, 1)];
    // 0–50 counts, 50–600 is a silent gap (idle), then 600 → now 610.
    expect(computeClock(events, opts(610)).activeSeconds).toBe(60);
    // A short gap (under 2 minutes) counts: the screen would have reported idle otherwise.
    const short = [ev('start', 0), ev('input', 100)];
    expect(computeClock(short, opts(100)).activeSeconds).toBe(100);
    // And the running segment stops counting 2 minutes after the last event at most.
    expect(computeClock([ev('start', 0), ev('input', 10)], opts(1000))).toMatchObject({
      state: 'idle',
      activeSeconds: 10,
    });
  });

  it('gives time to the focused question and marks its cap', () => {
    const events = [ev('start', 0), ev('focus', 0, 1), ev('focus', 40, 2), ev('input', 100, 2)];
    const c = computeClock(events, opts(100, 45));
    expect(secondsOn(c, 1)).toBe(40);
    expect(secondsOn(c, 2)).toBe(60);
    expect(c.perQuestion.map((p) => p.capReached)).toEqual([false, true]);
  });

  it('stops at finish and ignores anything after it', () => {
    const events = [ev('start', 0), ev('input', 30), ev('finish', 45), ev('input', 50)];
    expect(computeClock(events, opts(500))).toMatchObject({ state: 'finished', activeSeconds: 45 });
  });

  it('reports an exhausted budget and never a negative remainder', () => {
    const events = Array.from({ length: 80 }, (_, i) => ev(i === 0 ? 'start' : 'input', i * 10));
    expect(computeClock(events, opts(790))).toMatchObject({
      activeSeconds: 790,
      remainingSeconds: 0,
      exhausted: true,
    });
  });

  it('never counts negative time when a stored event goes back in time', () => {
    const events = [ev('start', 100), ev('input', 50), ev('clock-jump', 50), ev('input', 120)];
    const c = computeClock(events, opts(120));
    expect(c.activeSeconds).toBe(20);
    expect(c.clockJumps).toBe(1);
  });
});

describe('session timeline (clock jumps)', () => {
  it('starts at the wall clock', () => {
    expect(nextTimestamp(null, 5000, 1)).toEqual({ atMs: 5000, jumpMs: null });
  });

  it('in one process, measures with the monotonic clock and reports a wall-clock jump', () => {
    const prev = { atMs: at(0), wallMs: at(0), monoMs: 1000 };
    // 10 s later by both clocks: no jump.
    expect(nextTimestamp(prev, at(10), 11_000)).toEqual({ atMs: at(10), jumpMs: null });
    // The wall clock was set back an hour while 10 s passed: 10 s on the timeline, jump −3610 s.
    expect(nextTimestamp(prev, at(-3600), 11_000)).toEqual({ atMs: at(10), jumpMs: -3_610_000 });
    // Set forward a day: still 10 s.
    expect(nextTimestamp(prev, at(86_400), 11_000)).toMatchObject({ atMs: at(10) });
  });

  it('across processes, clamps a backwards wall clock to zero and reports it', () => {
    const prev = { atMs: at(100), wallMs: at(100), monoMs: null };
    expect(nextTimestamp(prev, at(40), 5)).toEqual({ atMs: at(100), jumpMs: -60_000 });
    expect(nextTimestamp(prev, at(130), 5)).toEqual({ atMs: at(130), jumpMs: null });
  });

  it('keeps the offset after a jump: later events follow the wall clock from there', () => {
    // The timeline ran 1 h ahead of the wall after a jump; a restart keeps counting deltas.
    const prev = { atMs: at(3600), wallMs: at(0), monoMs: null };
    expect(nextTimestamp(prev, at(30), null)).toEqual({ atMs: at(3630), jumpMs: null });
  });
});
