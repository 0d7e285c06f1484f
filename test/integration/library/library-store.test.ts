import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WorkbenchBridge } from '../../../shared/api/bridge';
import { createClient } from '../../../renderer/api/client-core';
import { createLibraryStore } from '../../../renderer/stores/library/library-store';
import { contract } from '../../../shared/api/contract';
import { expandJsonBytes, isJsonBytes } from '../../../shared/api/json-bytes';
import { tempServices } from '../../support/services';

type Ctx = Awaited<ReturnType<typeof tempServices>>;

/** The renderer store against real services, through a bridge shaped like the preload's. */
function inProcessBridge(ctx: Ctx): WorkbenchBridge {
  return {
    call: (method, input) => ctx.services.registry.call(method, input),
    subscribe: (event, handler) =>
      ctx.services.bus.subscribe((name, payload) => name === event && handler(payload)),
  };
}

describe('library store (renderer) on real services', () => {
  let ctx: Ctx;
  beforeEach(async () => {
    ctx = await tempServices({ host: 'web' });
  });
  afterEach(() => ctx.cleanup());

  it('loads, imports files, keeps per-file failures, and refreshes on push events', async () => {
    const store = createLibraryStore(createClient(inProcessBridge(ctx), 'web'));
    await store.getState().refresh();
    expect(store.getState()).toMatchObject({ loaded: true, documents: [] });

    const good = new File(['<html>SECURITIES AND EXCHANGE COMMISSION 10-K</html>'], 'a-10k.htm');
    const empty = new File([], 'empty.pdf');
    await store.getState().importFiles([good, empty]);
    const s = store.getState();
    expect(s.busy).toBe(false);
    expect(s.documents.map((d) => d.name)).toEqual(['a-10k.htm']);
    expect(s.lastImport.map((i) => [i.name, i.ok])).toEqual([
      ['a-10k.htm', true],
      ['empty.pdf', false],
    ]);

    // Another client (the CLI, the menu) imports: the push event refreshes this store.
    await ctx.services.registry.call('library.importSample', {});
    await expect.poll(() => store.getState().documents.length).toBe(2);

    await store.getState().remove(s.documents[0]!.id);
    expect(store.getState().documents.map((d) => d.name)).toEqual([
      'northwind-instruments-10-k-2025.html',
    ]);
  });

  it("the screen's load joins a refresh on its way instead of asking again", async () => {
    const calls: string[] = [];
    const bridge = inProcessBridge(ctx);
    const counting: WorkbenchBridge = {
      ...bridge,
      call: (method, input) => {
        calls.push(method);
        return bridge.call(method, input);
      },
    };
    const store = createLibraryStore(createClient(counting, 'web'));
    const early = store.getState().load(); // as the app loads
    const onShow = store.getState().load(); // the screen's first render
    await Promise.all([early, onShow]);
    expect(calls.filter((m) => m === 'library.list')).toHaveLength(1);
    // Just answered: showing the screen again keeps it; a refresh (a change) asks again.
    await store.getState().load();
    expect(calls.filter((m) => m === 'library.list')).toHaveLength(1);
    await store.getState().refresh();
    expect(calls.filter((m) => m === 'library.list')).toHaveLength(2);
    expect(store.getState()).toMatchObject({ loaded: true, documents: [], datasets: [] });
  });

  it('the list is answered to transports as JSON bytes that parse to what the contract says', async () => {
    await ctx.services.registry.call('library.importSample', {});
    await ctx.services.facts.fill();
    const viaTransport = await ctx.services.registry.callForTransport('library.list', {});
    expect(viaTransport.ok).toBe(true);
    const value = (viaTransport as { value: unknown }).value;
    expect(isJsonBytes(value)).toBe(true);
    const parsed = contract['library.list'].output.parse(expandJsonBytes(value));
    const inProcess = await ctx.services.registry.call('library.list', {});
    expect(inProcess).toEqual({ ok: true, value: parsed });
    expect(parsed.documents[0]).toMatchObject({
      name: 'northwind-instruments-10-k-2025.html',
      kind: 'sec-html',
      facts: { form: '10-K' },
    });
  });
});
