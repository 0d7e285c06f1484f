import { describe, expect, it } from 'vitest';
import { ok } from '../../../shared/api/result';
import type { MethodOutput } from '../../../shared/api/contract';
import { createDocumentStore } from '../../../renderer/stores/document/document-store';
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
      return answers as never;
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
});
