import { describe, expect, it } from 'vitest';
import { ok } from '../../../shared/api/result';
import type { MethodInput } from '../../../shared/api/contract';
import type { SessionAnswer, SessionDetail } from '../../../shared/sessions/session';
import { createSessionStore } from '../../../renderer/stores/sessions/session-store';
import {
  liveActiveSeconds,
  questionStatus,
  SAVE_DELAY_MS,
} from '../../../renderer/stores/sessions/session-state';
import { fakeClient } from '../questions/fake-client';
import { fakeTime } from './fake-time';
import { clock, detail, storedAnswer } from './session-fixtures';
import { compact } from '../../../shared/util/compact';

const settle = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};

/**
 * A fake server that keeps what is saved. It decides no conflicts: what a conflict is belongs
 * to main/sessions, and the store's conflict handling is tested against the real service in
 * test/integration/sessions/session-store-windows.test.ts (two windows on one workspace).
 */
function setup(start: SessionDetail = detail(), storage = new Map<string, string>()) {
  const answers = new Map<number, SessionAnswer>(start.answers.map((a) => [a.questionId, a]));
  const clk = fakeTime();
  const api = fakeClient({
    'sessions.get': () => ok({ ...start, answers: [...answers.values()] }),
    'sessions.event': (input) =>
      ok({ clock: clock({ focusQuestionId: input.questionId ?? null }) }),
    'sessions.saveAnswer': (input: MethodInput<'sessions.saveAnswer'>) => {
      const stored = answers.get(input.questionId);
      const { sessionId: _s, questionId, baseRevision, ...fields } = input;
      const next = {
        ...(stored ?? storedAnswer(questionId, 0)),
        // As main does: a field the save leaves out (undefined) keeps its stored value.
        ...compact(fields),
        revision: baseRevision + 1,
      };
      answers.set(questionId, next);
      return ok({ status: 'saved', answer: next, clock: clock() });
    },
    'sessions.submit': (input) => {
      const stored = answers.get(input.questionId)!;
      const next = { ...stored, revision: stored.revision + 1, submitted: true };
      answers.set(input.questionId, next);
      return ok({ status: 'saved', answer: next, clock: clock() });
    },
    'sessions.scratch': (input) =>
      ok({
        run: {
          id: 1,
          questionId: input.questionId,
          program: input.program,
          ok: true,
          value: 3,
          error: null,
          logs: '',
          reads: 0,
          at: 'now',
        },
      }),
    'sessions.finish': () =>
      ok({
        session: { ...start.session, status: 'finished' },
        clock: clock({ state: 'finished' }),
      }),
  });
  const localStorage = {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
  };
  const store = createSessionStore(api.client, { time: clk.time, storage: localStorage });
  const saves = () => api.calls.filter((c) => c.method === 'sessions.saveAnswer');
  const events = () =>
    api.calls
      .filter((c) => c.method === 'sessions.event')
      .map((c) => (c.input as MethodInput<'sessions.event'>).type);
  return { api, store, clk, answers, storage, saves, events };
}

describe('session store', () => {
  it('opens in position order, starts the clock and focuses the first question', async () => {
    const { store, events, api } = setup();
    await store.getState().open(5);
    const s = store.getState();
    expect(s.status).toBe('ready');
    expect(s.questions.map((q) => q.id)).toEqual([12, 11, 13]);
    expect(s.currentId).toBe(12);
    expect(events()).toEqual(['start', 'focus']);
    expect(api.calls.at(-1)?.input).toMatchObject({ type: 'focus', questionId: 12 });
    expect(s.clock?.focusQuestionId).toBe(12);
  });

  it('resumes at the question last in focus, without a second start', async () => {
    const { store, events } = setup(
      detail({ clock: clock({ state: 'idle', focusQuestionId: 13 }) }),
    );
    await store.getState().open(5);
    expect(store.getState().currentId).toBe(13);
    expect(events()).toEqual(['focus']);
  });

  it('autosaves once after typing stops, with the revision; a later edit sends the next revision', async () => {
    const { store, clk, saves } = setup();
    await store.getState().open(5);
    for (const v of ['1', '12', '12.', '12.5']) {
      store.getState().edit({ value: v });
      clk.advance(100);
    }
    expect(saves()).toHaveLength(0);
    expect(store.getState().saveState[12]).toBe('pending');
    clk.advance(SAVE_DELAY_MS);
    await settle();
    expect(saves()).toHaveLength(1);
    expect(saves()[0]!.input).toMatchObject({ questionId: 12, baseRevision: 0, value: '12.5' });
    expect(store.getState().saveState[12]).toBe('saved');
    store.getState().edit({ unit: 'USD', scale: 'million' });
    clk.advance(SAVE_DELAY_MS);
    await settle();
    expect(saves()[1]!.input).toMatchObject({ baseRevision: 1, unit: 'USD', scale: 'million' });
    expect(store.getState().answers[12]?.revision).toBe(2);
  });

  it('saves at once when the expert moves to another question', async () => {
    const { store, saves, events } = setup();
    await store.getState().open(5);
    store.getState().edit({ value: '7' });
    await store.getState().step(1);
    expect(saves()).toHaveLength(1);
    expect(store.getState().currentId).toBe(11);
    expect(events().at(-1)).toBe('focus');
    await store.getState().step(-1);
    expect(store.getState().currentId).toBe(12);
    expect(store.getState().drafts[12]?.value).toBe('7');
  });

  it('marks evidence into the answer and takes it out again', async () => {
    const { store, clk, saves } = setup();
    await store.getState().open(5);
    const cell = { type: 'cell' as const, tableId: 't1', sourceRow: 2, sourceCol: 3 };
    store.getState().toggleMark(cell);
    store.getState().toggleMark({ type: 'paragraph', blockId: 'p4' });
    clk.advance(SAVE_DELAY_MS);
    await settle();
    expect(saves().at(-1)!.input).toMatchObject({
      evidence: [cell, { type: 'paragraph', blockId: 'p4' }],
    });
    store.getState().toggleMark(cell);
    expect(store.getState().drafts[12]?.evidence).toEqual([{ type: 'paragraph', blockId: 'p4' }]);
  });

  it('a draft cut off by a reload is saved when the session opens again', async () => {
    const storage = new Map<string, string>();
    const first = setup(detail(), storage);
    await first.store.getState().open(5);
    first.store.getState().edit({ value: '42', notes: 'from the table' });
    // Reload before the save delay: nothing reached the server, the draft is in storage.
    expect(first.saves()).toHaveLength(0);
    const second = setup(detail(), storage);
    await second.store.getState().open(5);
    expect(second.saves()[0]!.input).toMatchObject({ baseRevision: 0, value: '42' });
    expect(second.store.getState().drafts[12]).toMatchObject({ notes: 'from the table' });
    expect([...storage.keys()]).toEqual([]);
  });

  it('submits the saved answer; an empty answer is refused with a sentence', async () => {
    const { store, api } = setup();
    await store.getState().open(5);
    expect(await store.getState().submit()).toBe(false);
    expect(store.getState().actionError?.message).toMatch(/Type an answer/);
    store.getState().edit({ value: '5' });
    expect(await store.getState().submit()).toBe(true);
    expect(api.calls.at(-1)).toMatchObject({
      method: 'sessions.submit',
      input: { questionId: 12, baseRevision: 1 },
    });
    expect(questionStatus(store.getState(), 12)).toBe('submitted');
  });

  it('skip goes to the next question without a submitted answer and says skipped', async () => {
    const { store, events } = setup(
      detail({ answers: [storedAnswer(11, 2, { value: '1' }, { submitted: true })] }),
    );
    await store.getState().open(5);
    await store.getState().skip();
    expect(events()).toEqual(['start', 'focus', 'skip', 'focus']);
    expect(store.getState().currentId).toBe(13);
    const s = store.getState();
    expect([12, 11, 13].map((id) => questionStatus(s, id))).toEqual([
      'skipped',
      'submitted',
      'unseen',
    ]);
  });

  it('runs scratch programs and keeps them in order', async () => {
    const { store } = setup();
    await store.getState().open(5);
    await store.getState().scratchRun('1 + 2');
    expect(store.getState().scratch.map((r) => [r.questionId, r.value])).toEqual([[12, 3]]);
  });

  it('finish saves what is pending first', async () => {
    const { store, api } = setup();
    await store.getState().open(5);
    store.getState().edit({ value: '8' });
    expect(await store.getState().finish()).toBe(true);
    const methods = api.calls.map((c) => c.method);
    expect(methods.indexOf('sessions.saveAnswer')).toBeLessThan(methods.indexOf('sessions.finish'));
    expect(store.getState().session?.status).toBe('finished');
  });

  it('the clock runs on locally while active and stops when the tracker says so', () => {
    const c = clock({
      activeSeconds: 100,
      focusQuestionId: 12,
      perQuestion: [{ questionId: 12, activeSeconds: 30, capReached: false }],
    });
    const live = liveActiveSeconds(c, 1_000, 6_000, true);
    expect(live.active).toBe(105);
    expect(live.remaining).toBe(495);
    expect(live.question(12)).toBe(35);
    expect(liveActiveSeconds(c, 1_000, 6_000, false).active).toBe(100);
    expect(liveActiveSeconds({ ...c, state: 'paused' }, 1_000, 6_000, true).active).toBe(100);
  });
});
