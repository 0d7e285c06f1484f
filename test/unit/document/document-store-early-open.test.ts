import { describe, expect, it } from 'vitest';
import { ok } from '../../../shared/api/result';
import type { MethodOutput } from '../../../shared/api/contract';
import { createDocumentStore } from '../../../renderer/stores/document/document-store';
import type { FirstScreen } from '../../../shared/document/first-screen-json';
import { fakeClient } from '../questions/fake-client';

// Opening the app on a document asks for it as the first script runs (stores/document/
// early-open.ts); the store takes that answer once, for that document, and asks the API itself
// for any other open.

const opened = (id: number, name: string) =>
  ({
    document: { id, name },
    model: { tables: [], blocks: [] },
  }) as unknown as MethodOutput<'document.open'>;

describe('the document store and an open asked for at load', () => {
  it('uses the early answer once for its document, then asks the API', async () => {
    const api = fakeClient({
      'document.open': ({ id }) => ok(opened(id, 'from the API')),
      'evidence.list': () => ok({ marks: [] }),
    });
    let early: ReturnType<typeof Promise.all> | undefined = Promise.all([
      Promise.resolve(ok(opened(7, 'asked at load'))),
      Promise.resolve(ok({ marks: [] })),
    ]);
    const store = createDocumentStore(api.client, (id) => {
      if (id !== 7 || !early) return undefined;
      const answers = early;
      early = undefined;
      return { answers: () => answers as never, firstScreen: undefined };
    });
    await store.getState().open(7);
    expect(store.getState().document?.name).toBe('asked at load');
    expect(api.calls).toEqual([]);
    await store.getState().open(8);
    expect(store.getState().document?.name).toBe('from the API');
    await store.getState().open(7);
    expect(store.getState().document?.name).toBe('from the API');
    expect(api.calls.map((c) => c.method)).toEqual([
      'document.open',
      'evidence.list',
      'document.open',
      'evidence.list',
    ]);
  });

  it('shows a cached first screen as the prefix, and parses the whole only once it is drawn', async () => {
    const api = fakeClient({});
    const screen = {
      document: { id: 7, name: 'first screen' },
      blocks: [{ id: 't0', type: 'table' }],
      tables: [{ id: 't0' }],
    } as unknown as FirstScreen;
    let asked = 0;
    const answers = Promise.all([
      Promise.resolve(ok(opened(7, 'whole'))),
      Promise.resolve(ok({ marks: [] })),
    ]);
    const store = createDocumentStore(api.client, () => ({
      answers: () => {
        asked++;
        return answers;
      },
      firstScreen: screen,
    }));
    const opening = store.getState().open(7);
    const shown = store.getState();
    expect(shown.status).toBe('loading');
    expect(shown.partialOf).toBe('first-screen');
    expect(shown.partial?.blocks.map((b) => b.id)).toEqual(['t0']);
    expect(shown.document?.name).toBe('first screen');
    await new Promise((r) => setTimeout(r, 20));
    // Not taken (parsed) before the view says the first screen is drawn.
    expect(asked).toBe(0);
    store.getState().firstScreenDrawn();
    await opening;
    expect(asked).toBe(1);
    expect(store.getState()).toMatchObject({ status: 'ready', partial: undefined });
    expect(store.getState().partialOf).toBeUndefined();
    expect(store.getState().document?.name).toBe('whole');
    expect(api.calls).toEqual([]);
  });
});
