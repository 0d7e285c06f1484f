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
