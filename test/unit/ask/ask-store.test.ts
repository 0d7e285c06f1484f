import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../shared/api/result';
import type { MethodInput } from '../../../shared/api/contract';
import { createAskStore, draftProblem } from '../../../renderer/stores/ask/ask-store';
import { fakeClient } from '../questions/fake-client';
import { askResult } from './panel-fixtures';

/** An ask store over a fake API whose ask.run answers `answer(input)`; ids are ask-1, ask-2… */
function setup(
  answer: (input: MethodInput<'ask.run'>) => ReturnType<typeof ok> | ReturnType<typeof fail>,
) {
  let n = 0;
  const api = fakeClient({
    'ask.history': () => ok({ asks: [askResult(1)] }),
    'ask.run': (input) => answer(input) as never,
    'ask.cancel': () => ok({ cancelled: true }),
  });
  const store = createAskStore(api.client, () => `ask-id-${++n}`);
  return { api, store };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('ask store', () => {
  it('opens a document: loads its history, keeps the model choice across documents', async () => {
    const { api, store } = setup(() => ok(askResult(2)));
    store.getState().open({ documentId: 7 });
    await settle();
    expect(store.getState().history).toMatchObject({ status: 'ready', asks: [{ id: 1 }] });
    expect(api.calls[0]).toEqual({ method: 'ask.history', input: { documentId: 7, limit: 50 } });
    store.getState().setDraft({ providerId: 3, model: 'm', mode: 'cot', question: 'Q?' });
    store.getState().open({ questionId: 9, documentId: 8, question: 'Gold question?' });
    await settle();
    expect(store.getState().draft).toMatchObject({
      providerId: 3,
      model: 'm',
      mode: 'cot',
      question: 'Gold question?',
    });
    // A question's history is its own.
    expect(api.calls.at(-1)).toEqual({
      method: 'ask.history',
      input: { questionId: 9, limit: 50 },
    });
  });

  it('says why an ask cannot start', () => {
    const draft = { question: '', mode: 'pot' as const, model: '', samples: 1 };
    expect(draftProblem(draft, undefined)).toMatch(/Open a document/);
    expect(draftProblem(draft, { documentId: 1 })).toMatch(/Type a question/);
    expect(draftProblem({ ...draft, question: 'Q' }, { documentId: 1 })).toMatch(/provider/);
    expect(draftProblem({ ...draft, question: 'Q', providerId: 1 }, { documentId: 1 })).toMatch(
      /model/,
    );
    // A dataset question may be asked as it stands.
    expect(draftProblem({ ...draft, providerId: 1, model: 'm' }, { questionId: 4 })).toBeNull();
  });

  it('runs: streams the phase and text of its own askId, then shows the result first in the history', async () => {
    const { api, store } = setup(() => ok(askResult(5, { askId: 'ask-id-1' })));
    store.getState().open({ documentId: 7 });
    await settle();
    store.getState().setDraft({
      question: ' What was revenue? ',
      providerId: 1,
      model: 'small-model',
      k: 8,
      unit: 'cell',
      samples: 3,
    });
    api.hold();
    const done = store.getState().run();
    await settle();
    expect(store.getState().running).toMatchObject({ askId: 'ask-id-1', output: '' });
    api.emit('ask.progress', { askId: 'ask-id-1', phase: 'retrieving' });
    api.emit('ask.progress', { askId: 'ask-id-1', phase: 'generating', delta: 'function ' });
    api.emit('ask.progress', { askId: 'other', phase: 'generating', delta: 'NOT MINE' });
    api.emit('ask.progress', {
      askId: 'ask-id-1',
      phase: 'generating',
      delta: 'solution()',
      message: 'retrying in 2 s after 429',
    });
    expect(store.getState().running).toMatchObject({
      phase: 'generating',
      output: 'function solution()',
      messages: ['retrying in 2 s after 429'],
    });
    api.release();
    await done;
    const run = api.calls.find((c) => c.method === 'ask.run');
    expect(run?.input).toEqual({
      askId: 'ask-id-1',
      documentId: 7,
      question: 'What was revenue?',
      mode: 'pot',
      providerId: 1,
      model: 'small-model',
      retrieval: { k: 8, unit: 'cell' },
      samples: 3,
    });
    expect(store.getState().running).toBeUndefined();
    expect(store.getState().shown?.id).toBe(5);
    const h = store.getState().history;
    expect(h.status === 'ready' && h.asks.map((a) => a.id)).toEqual([5, 1]);
  });

  it('asks a dataset question by id; the text is sent only when typed', async () => {
    const { api, store } = setup(() => ok(askResult(6)));
    store.getState().open({ questionId: 4, documentId: 8, question: 'Gold?' });
    store.getState().setDraft({ question: '', providerId: 1, model: 'm' });
    await store.getState().run();
    expect(api.calls.find((c) => c.method === 'ask.run')?.input).toEqual({
      askId: 'ask-id-1',
      questionId: 4,
      mode: 'pot',
      providerId: 1,
      model: 'm',
    });
  });

  it('cancel mid-stream: ask.cancel with the askId, the run ends as cancelled keeping the text so far', async () => {
    const { api, store } = setup(() => fail('cancelled', 'the ask was cancelled'));
    store.getState().open({ documentId: 7 });
    store.getState().setDraft({ question: 'Q?', providerId: 1, model: 'm' });
    api.hold();
    const done = store.getState().run();
    await settle();
    api.emit('ask.progress', { askId: 'ask-id-1', phase: 'generating', delta: 'function sol' });
    const cancelling = store.getState().cancel();
    expect(store.getState().running?.cancelling).toBe(true);
    api.release();
    await Promise.all([done, cancelling]);
    expect(api.calls.filter((c) => c.method === 'ask.cancel')).toEqual([
      { method: 'ask.cancel', input: { askId: 'ask-id-1' } },
    ]);
    expect(store.getState().running).toBeUndefined();
    expect(store.getState().ended).toMatchObject({
      error: { code: 'cancelled' },
      output: 'function sol',
      phase: 'generating',
    });
    // A late delta of the cancelled ask changes nothing.
    api.emit('ask.progress', { askId: 'ask-id-1', phase: 'generating', delta: 'x' });
    expect(store.getState().ended?.output).toBe('function sol');
  });

  it('a failed ask keeps its error code and message (each llm-* code shown as it came)', async () => {
    const { store } = setup(() => fail('llm-unauthorized', 'http://x/v1 refused the key (401)'));
    store.getState().open({ documentId: 7 });
    store.getState().setDraft({ question: 'Q?', providerId: 1, model: 'm' });
    await store.getState().run();
    expect(store.getState().ended?.error).toEqual({
      code: 'llm-unauthorized',
      message: 'http://x/v1 refused the key (401)',
    });
  });

  it('moving to another document while an ask runs cancels it and drops its late answer', async () => {
    const { api, store } = setup(() => ok(askResult(9)));
    store.getState().open({ documentId: 7 });
    store.getState().setDraft({ question: 'Q?', providerId: 1, model: 'm' });
    api.hold();
    const done = store.getState().run();
    await settle();
    store.getState().open({ documentId: 8 });
    api.release();
    await done;
    await settle();
    expect(api.calls.some((c) => c.method === 'ask.cancel')).toBe(true);
    expect(store.getState().shown).toBeUndefined();
    expect(store.getState().context).toEqual({ documentId: 8 });
  });

  it('shows an ask from the history; a history failure is reported', async () => {
    const { store } = setup(() => ok(askResult(2)));
    store.getState().open({ documentId: 7 });
    await settle();
    store.getState().show(1);
    expect(store.getState().shown?.id).toBe(1);
    const api = fakeClient({ 'ask.history': () => fail('unsupported', 'asking is not built yet') });
    const s2 = createAskStore(api.client);
    s2.getState().open({ documentId: 1 });
    await settle();
    expect(s2.getState().history).toEqual({
      status: 'error',
      error: { code: 'unsupported', message: 'asking is not built yet' },
    });
  });

  it('makes UUID ask ids by default', async () => {
    const api = fakeClient({
      'ask.history': () => ok({ asks: [] }),
      'ask.run': () => ok(askResult(1)),
    });
    const store = createAskStore(api.client);
    store.getState().open({ documentId: 1 });
    store.getState().setDraft({ question: 'Q', providerId: 1, model: 'm' });
    await store.getState().run();
    const input = api.calls.find((c) => c.method === 'ask.run')?.input as { askId: string };
    expect(input.askId).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('loads templates, sends the chosen one, saves a copy and drops a template of another mode', async () => {
    const pot = {
      id: 'pot',
      name: 'PoT',
      mode: 'pot' as const,
      builtin: true,
      system: 's',
      user: 'u',
    };
    const docmath = { ...pot, id: 'docmath-pot', name: 'DocMath PoT' };
    const api = fakeClient({
      'ask.history': () => ok({ asks: [] }),
      'ask.templates': () => ok({ templates: [pot, docmath] }),
      'ask.saveTemplate': ({ template }) =>
        template.id === 'pot'
          ? fail('invalid-input', 'built-in ids are refused')
          : ok({ template }),
      'ask.run': () => ok(askResult(1)),
    });
    const store = createAskStore(api.client, () => 'ask-id-1');
    store.getState().open({ documentId: 1 });
    await store.getState().loadTemplates();
    await store.getState().loadTemplates();
    expect(api.calls.filter((c) => c.method === 'ask.templates')).toHaveLength(1);
    store
      .getState()
      .setDraft({ question: 'Q', providerId: 1, model: 'm', templateId: 'docmath-pot' });
    await store.getState().run();
    expect(api.calls.find((c) => c.method === 'ask.run')?.input).toMatchObject({
      templateId: 'docmath-pot',
    });
    expect(await store.getState().saveTemplate(pot)).toMatchObject({ code: 'invalid-input' });
    const mine = { ...pot, id: 'my-pot', name: 'Mine', builtin: true, user: 'edited {question}' };
    expect(await store.getState().saveTemplate(mine)).toBeUndefined();
    // Saved as the user's own (never built-in) and picked.
    expect(api.calls.at(-1)?.input).toEqual({ template: { ...mine, builtin: false } });
    expect(store.getState().draft.templateId).toBe('my-pot');
    const t = store.getState().templates;
    expect(t.status === 'ready' && t.templates.map((x) => x.id)).toEqual([
      'pot',
      'docmath-pot',
      'my-pot',
    ]);
    // Another mode: its own default template.
    store.getState().setDraft({ mode: 'cot' });
    expect(store.getState().draft.templateId).toBeUndefined();
  });
});
