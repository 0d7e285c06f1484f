import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MethodOutput } from '../../../shared/api/contract';
import type { ApiClient } from '../../../renderer/api/client-core';
import { createClient } from '../../../renderer/api/client-core';
import { SAVE_DELAY_MS } from '../../../renderer/stores/sessions/session-state';
import { createSessionStore } from '../../../renderer/stores/sessions/session-store';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempServices } from '../../support/services';
import { fakeTime } from '../../unit/sessions/fake-time';

/**
 * The session screen's store against the real sessions service (issue 24: the unit test's fake
 * server re-implemented the service's revision check, so a conflict test there could only
 * agree with itself). Two stores are two windows on one workspace; every save goes through the
 * registry to SessionService and SQLite, which decide what is a conflict.
 */

type Ctx = Awaited<ReturnType<typeof tempServices>>;

/** A renderer client calling the registry in-process, as the CLI and the tests call it. */
function clientOf(ctx: Ctx): ApiClient {
  return createClient(
    {
      call: (method, input) => ctx.services.registry.call(method, input),
      subscribe: () => () => undefined,
    },
    'web',
  );
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
};

describe.skipIf(!hasData)('two windows on one expert session (real service)', () => {
  let ctx: Ctx;
  let datasetId: number;
  beforeAll(async () => {
    ctx = await tempServices();
    const r = await ctx.services.registry.call('datasets.import', {
      path: dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'),
      format: 'tatqa',
    });
    if (!r.ok) throw new Error(r.error.message);
    datasetId = (r.value as { dataset: { id: number } }).dataset.id;
  }, 120_000);
  afterAll(() => ctx?.cleanup());

  async function session(seed: number): Promise<number> {
    const r = await ctx.services.registry.call('sessions.create', {
      datasetId,
      questionCount: 3,
      seed,
      budgetSeconds: 3600,
      expert: 'CFA one',
    });
    if (!r.ok) throw new Error(r.error.message);
    return (r.value as MethodOutput<'sessions.create'>).sessionId;
  }

  function window(storage = new Map<string, string>()) {
    const clk = fakeTime();
    const store = createSessionStore(clientOf(ctx), {
      time: clk.time,
      storage: {
        getItem: (k) => storage.get(k) ?? null,
        setItem: (k, v) => void storage.set(k, v),
        removeItem: (k) => void storage.delete(k),
      },
    });
    /** Types into the current question and lets the autosave go out. */
    const type = async (value: string) => {
      store.getState().edit({ value });
      clk.advance(SAVE_DELAY_MS);
      await settle();
    };
    return { store, clk, storage, type };
  }

  const stored = async (sessionId: number, questionId: number) => {
    const r = await ctx.services.registry.call('sessions.get', { sessionId });
    if (!r.ok) throw new Error(r.error.message);
    return (r.value as MethodOutput<'sessions.get'>).answers.find(
      (a) => a.questionId === questionId,
    );
  };

  it('a save over another window’s answer is a conflict; keeping mine saves on their revision', async () => {
    const id = await session(101);
    const a = window();
    const b = window();
    await a.store.getState().open(id);
    await b.store.getState().open(id);
    const q = a.store.getState().currentId!;
    expect(b.store.getState().currentId).toBe(q);

    await a.type('99');
    expect(a.store.getState().saveState[q]).toBe('saved');
    await b.type('12');
    expect(b.store.getState().saveState[q]).toBe('conflict');
    expect(b.store.getState().conflict).toMatchObject({
      questionId: q,
      theirs: { value: '99' },
      mine: { value: '12' },
    });
    // Typing on in the conflicted window does not overwrite the other window's answer.
    await b.type('123');
    expect(await stored(id, q)).toMatchObject({ value: '99', revision: 1 });

    await b.store.getState().resolveConflict('mine');
    await settle();
    expect(b.store.getState().conflict).toBeUndefined();
    expect(await stored(id, q)).toMatchObject({ value: '123', revision: 2 });
    // The first window's next save is now the stale one.
    await a.type('98');
    expect(a.store.getState().conflict).toMatchObject({ theirs: { value: '123' } });
  }, 30_000);

  it('keeping theirs takes the other window’s answer into the box', async () => {
    const id = await session(102);
    const a = window();
    const b = window();
    await a.store.getState().open(id);
    await b.store.getState().open(id);
    const q = a.store.getState().currentId!;
    a.store.getState().edit({ unit: '%' });
    await a.type('99');
    await b.type('12');
    await b.store.getState().resolveConflict('theirs');
    expect(b.store.getState().drafts[q]).toMatchObject({ value: '99', unit: '%' });
    expect(b.store.getState().saveState[q]).toBe('saved');
    expect(await stored(id, q)).toMatchObject({ value: '99', revision: 1 });
  }, 30_000);

  it('a draft left by a reload that another window has since saved over is a conflict on open', async () => {
    const id = await session(103);
    const storage = new Map<string, string>();
    const first = window(storage);
    await first.store.getState().open(id);
    const q = first.store.getState().currentId!;
    // Typed, then reloaded before the save delay: the draft is only in this window's storage.
    first.store.getState().edit({ value: 'mine' });
    const other = window();
    await other.store.getState().open(id);
    await other.type('theirs');
    const second = window(storage);
    await second.store.getState().open(id);
    await settle();
    expect(second.store.getState().conflict).toMatchObject({
      questionId: q,
      theirs: { value: 'theirs' },
      mine: { value: 'mine' },
    });
    expect(await stored(id, q)).toMatchObject({ value: 'theirs' });
    await second.store.getState().resolveConflict('mine');
    await settle();
    expect(await stored(id, q)).toMatchObject({ value: 'mine', revision: 2 });
  }, 30_000);
});

if (!hasData) console.log(`[skip] ${noDataMessage}`);
