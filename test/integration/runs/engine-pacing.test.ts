import { describe, expect, it } from 'vitest';
import {
  AdaptiveConcurrency,
  type ReleaseQuestion,
} from '../../../main/runs/engine/adaptive-concurrency';
import { RateGate } from '../../../main/runs/engine/rate-gate';

// The engine's pacing parts with a hand-moved clock: AIMD concurrency (halve on 429 with a
// cooldown ≥ Retry-After, one cut per cooldown, +1 after `limit` saturated successes) and the
// requests-per-minute gate.

describe('AdaptiveConcurrency', () => {
  it('halves on 429, holds during the cooldown, then grows by one when saturated and healthy', async () => {
    let now = 0;
    const c = new AdaptiveConcurrency({ max: 8, now: () => now });
    const signal = new AbortController().signal;
    // Each acquire hands back its slot's release (a question's hold on it).
    const held: ReleaseQuestion[] = [];
    for (let i = 0; i < 8; i++) held.push(await c.acquire(signal));
    expect(c.inFlight).toBe(8);

    expect(c.rateLimited(3000)).toBe(true);
    expect(c.limit).toBe(4);
    // A second 429 within the cooldown (≥ the 3 s Retry-After) is the same congestion event.
    now = 2000;
    expect(c.rateLimited(500)).toBe(false);
    expect(c.limit).toBe(4);
    // No growth while cooling down, however many succeed.
    for (let i = 0; i < 8; i++) held.pop()!(true);
    expect(c.limit).toBe(4);
    expect(c.inFlight).toBe(0);

    // After it: 4 successes completed with every slot busy → 5.
    now = 3500;
    for (let i = 0; i < 4; i++) held.push(await c.acquire(signal));
    for (let i = 0; i < 4; i++) {
      held.shift()!(true);
      held.push(await c.acquire(signal)); // keep the slots busy (saturated)
    }
    expect(c.limit).toBe(5);
    // Failures do not count toward growth; never beyond max.
    for (let i = 0; i < 50; i++) {
      held.shift()!(i % 2 === 0);
      held.push(await c.acquire(signal));
    }
    expect(c.limit).toBeLessThanOrEqual(8);
    expect(c.cuts).toBe(1);
  });

  it('a waiting acquire is granted when a slot frees and rejected when the run stops', async () => {
    const c = new AdaptiveConcurrency({ max: 1 });
    const stop = new AbortController();
    const first = await c.acquire(stop.signal);
    let granted = false;
    const waiting = c.acquire(stop.signal).then(() => (granted = true));
    first(true);
    await waiting;
    expect(granted).toBe(true);
    const refused = c.acquire(stop.signal);
    stop.abort('paused');
    await expect(refused).rejects.toMatchObject({ code: 'cancelled' });
  });
});

describe('RateGate', () => {
  it('spaces calls 60000/rpm ms apart and lets them through at once without a cap', async () => {
    const gate = new RateGate(1200); // one per 50 ms
    const started = performance.now();
    for (let i = 0; i < 5; i++) await gate.turn();
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    const open = new RateGate(undefined);
    const t0 = performance.now();
    for (let i = 0; i < 100; i++) await open.turn();
    expect(performance.now() - t0).toBeLessThan(50);
  });
});
