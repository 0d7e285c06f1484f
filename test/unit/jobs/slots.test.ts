import { describe, expect, it } from 'vitest';
import { JobError } from '../../../main/jobs/job-error';
import { Slots } from '../../../main/jobs/slots';

describe('Slots: at most `limit` holders, the others queued in order', () => {
  it('grants in arrival order and never more than the limit', async () => {
    const slots = new Slots(2);
    const order: string[] = [];
    const a = await slots.acquire();
    const b = await slots.acquire();
    const c = slots.acquire().then((r) => (order.push('c'), r));
    const d = slots.acquire().then((r) => (order.push('d'), r));
    expect(slots).toMatchObject({ running: 2, queued: 2 });
    a();
    a(); // a second release is ignored
    (await c)();
    b();
    (await d)();
    expect(order).toEqual(['c', 'd']);
    expect(slots).toMatchObject({ running: 0, queued: 0, peak: 2 });
  });

  it('a waiter whose signal aborts leaves the queue at once with a cancelled JobError', async () => {
    const slots = new Slots(1);
    const held = await slots.acquire();
    const stop = new AbortController();
    const waiting = slots.acquire(stop.signal);
    const next = slots.acquire();
    stop.abort('closed by the user');
    await expect(waiting).rejects.toEqual(
      new JobError('cancelled', 'cancelled while queued (closed by the user)'),
    );
    expect(slots.queued).toBe(1);
    held();
    (await next)();
    await expect(slots.acquire(AbortSignal.abort())).rejects.toBeInstanceOf(JobError);
    expect(slots).toMatchObject({ running: 0, queued: 0 });
  });

  it('says when the queue is full, and releases on failure in run()', async () => {
    const slots = new Slots(1, 1);
    const held = await slots.acquire();
    expect(slots.full).toBe(false);
    const queued = slots.run(() => Promise.reject(new Error('boom')));
    expect(slots.full).toBe(true);
    held();
    await expect(queued).rejects.toThrow('boom');
    expect(slots).toMatchObject({ running: 0, queued: 0, full: false });
    expect(() => new Slots(0)).toThrow(/≥ 1/);
  });
});

describe('Slots: a limit that changes while holders run', () => {
  it('a higher limit grants waiters at once; a lower one takes no slot back', async () => {
    const slots = new Slots(1);
    const a = await slots.acquire();
    const granted: string[] = [];
    const b = slots.acquire().then((r) => (granted.push('b'), r));
    const c = slots.acquire().then((r) => (granted.push('c'), r));
    slots.limit = 2;
    const releaseB = await b;
    expect(granted).toEqual(['b']);
    expect(slots).toMatchObject({ running: 2, queued: 1 });

    // Lowered below the holders: both keep their slot, the waiter waits for two releases.
    slots.limit = 1;
    a();
    await Promise.resolve();
    expect(slots).toMatchObject({ running: 1, queued: 1 });
    releaseB();
    (await c)();
    expect(granted).toEqual(['b', 'c']);
    expect(slots).toMatchObject({ running: 0, queued: 0, peak: 2 });
    expect(() => (slots.limit = 0)).toThrow(/≥ 1/);
    expect(() => (slots.limit = 1.5)).toThrow(/≥ 1/);
  });

  it('rejects an aborted waiter with the error the owner chose', async () => {
    const slots = new Slots(1, Number.POSITIVE_INFINITY, () => new Error('the run stopped'));
    const held = await slots.acquire();
    const stop = new AbortController();
    const waiting = slots.acquire(stop.signal);
    stop.abort();
    await expect(waiting).rejects.toThrow('the run stopped');
    held();
  });
});

/** A task the test ends by hand. */
function gate(): { promise: Promise<void>; open: () => void; fail: (e: Error) => void } {
  let open!: () => void;
  let fail!: (e: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

/** Lets every pending promise callback run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('Slots.each: every item in a slot of its own', () => {
  it('starts the items in order, never more than the limit at once', async () => {
    const slots = new Slots(3);
    const started: number[] = [];
    let inFlight = 0;
    let most = 0;
    await slots.each([...Array(20).keys()], async (i) => {
      started.push(i);
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, (i * 7) % 5));
      inFlight--;
    });
    expect(started).toEqual([...Array(20).keys()]);
    expect(most).toBe(3);
    expect(slots).toMatchObject({ running: 0, queued: 0, peak: 3 });
  });

  it('starts nothing more once stop() says so or the signal aborts, and waits for those in flight', async () => {
    const slots = new Slots(2);
    const gates = Array.from({ length: 6 }, gate);
    const started: number[] = [];
    let stop = false;
    let ended = false;
    const all = slots
      .each([0, 1, 2, 3, 4, 5], (i) => (started.push(i), gates[i]!.promise), {
        stop: () => stop,
      })
      .then(() => (ended = true));
    await settle();
    expect(started).toEqual([0, 1]);
    stop = true; // decided by the work that ends next, as the judge pool does
    gates[0]!.open();
    await settle();
    expect(started).toEqual([0, 1]);
    expect(ended).toBe(false); // item 1 still runs
    gates[1]!.open();
    await all;
    expect(slots.running).toBe(0);

    const abort = new AbortController();
    const more = Array.from({ length: 4 }, gate);
    const begun: number[] = [];
    const run = slots.each([0, 1, 2, 3], (i) => (begun.push(i), more[i]!.promise), {
      signal: abort.signal,
    });
    await settle();
    abort.abort();
    more[0]!.open();
    more[1]!.open();
    await run;
    expect(begun).toEqual([0, 1]);
    expect(slots).toMatchObject({ running: 0, queued: 0 });
  });

  it('an item that throws stops further starts; the error comes once the others have ended', async () => {
    const slots = new Slots(2);
    const gates = Array.from({ length: 4 }, gate);
    const started: number[] = [];
    let settled = false;
    const all = slots.each([0, 1, 2, 3], (i) => (started.push(i), gates[i]!.promise));
    all.catch(() => undefined).finally(() => (settled = true));
    await settle();
    gates[0]!.fail(new Error('disk full'));
    await settle();
    expect(settled).toBe(false); // item 1 still runs
    expect(started).toEqual([0, 1]);
    gates[1]!.open();
    await expect(all).rejects.toThrow('disk full');
    expect(started).toEqual([0, 1]);
    expect(slots.running).toBe(0);
  });
});
