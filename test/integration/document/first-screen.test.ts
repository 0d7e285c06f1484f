import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../shared/library/document';
import type { Document } from '../../../shared/document';
import type { FirstScreen } from '../../../shared/document/first-screen-json';
import { parseInWorker } from '../../../main/document/parse-in-worker';
import { startServices } from '../../../main/services';
import { dataPath, hasData } from '../../support/data-dir';
import { tempDir } from '../../support/temp-dir';
import { tempServices } from '../../support/services';

type Ctx = Awaited<ReturnType<typeof tempServices>>;

// document.firstScreen (issue 26): what a window opened on a filing draws before its app has
// started: the summary, the first 30 blocks and the tables they name, equal to those pieces of
// the model document.open answers, whether the service cut them after the parse or from the
// cache file; for a big filing still read, the same pieces read from its beginning, `partial`,
// before the read of the whole has ended.
describe('a filing’s first screen', () => {
  let ctx: Ctx;
  beforeEach(async () => {
    ctx = await tempServices();
  });
  afterEach(() => ctx.cleanup());

  const sampleId = async (c: Ctx) => {
    const r = await c.services.registry.call('library.importSample', {});
    const item = r.ok ? (r.value as ImportReport).items[0] : undefined;
    if (!item?.ok) throw new Error(`import failed: ${JSON.stringify(r)}`);
    return item.document.id;
  };
  const firstScreen = async (c: Ctx, id: number) => {
    const r = await c.services.registry.call('document.firstScreen', { id });
    if (!r.ok) throw new Error(r.error.message);
    return r.value as FirstScreen | null;
  };
  const expectPiecesOf = (first: FirstScreen | null, model: Document, name: string) => {
    expect(first).not.toBeNull();
    expect(first!.document.name).toBe(name);
    expect(first!.blocks).toEqual(model.blocks.slice(0, 30));
    const ids = new Set(first!.blocks.filter((b) => b.type === 'table').map((b) => b.id));
    expect(ids.size).toBeGreaterThan(0);
    expect(first!.tables).toEqual(model.tables.filter((t) => ids.has(t.id)));
  };

  it('reads a filing not read yet, then answers the pieces of the model, from memory and from the cache file', async () => {
    const id = await sampleId(ctx);
    // The sample is small: no beginning is read apart, the whole's first screen is answered.
    const before = await firstScreen(ctx, id);
    expect(before?.partial).toBeUndefined();
    const opened = await ctx.services.registry.call('document.open', { id });
    if (!opened.ok) throw new Error(opened.error.message);
    const { model, document } = opened.value as { model: Document; document: { name: string } };
    expectPiecesOf(before, model, document.name);
    const jobs = ctx.services.workspace.db.prepare('SELECT count(*) AS n FROM jobs').get() as {
      n: number;
    };
    expect(jobs.n).toBe(1); // one read, shared by both calls
    expectPiecesOf(await firstScreen(ctx, id), model, document.name);

    // Services started again on the same workspace (nothing in memory): cut from the cache file.
    const again = await startServices({ workspaceDir: ctx.dir, host: { kind: 'cli' } });
    try {
      const r = await again.registry.call('document.firstScreen', { id });
      expectPiecesOf(r.ok ? (r.value as FirstScreen | null) : null, model, document.name);
    } finally {
      again.close();
    }
  });

  it.skipIf(!hasData)(
    'answers a big filing’s beginning while the rest is still read, equal to the whole’s',
    async () => {
      const dir = tempDir('workbench-ws-');
      // The worker holds 4 s after sending the beginning: the whole cannot be read before.
      const services = await startServices({
        workspaceDir: dir.dir,
        host: { kind: 'cli' },
        parse: parseInWorker({ testOnlyHtmlHoldMs: 4000 }),
      });
      try {
        const file = dataPath('sec-more', 'ba-10-k-2025-02-03.html');
        const r = await services.registry.call('library.importPaths', { paths: [file] });
        const item = r.ok ? (r.value as ImportReport).items[0] : undefined;
        if (!item?.ok) throw new Error('import failed');
        const id = item.document.id;
        const t0 = performance.now();
        const first = await services.registry.call('document.firstScreen', { id });
        const firstMs = performance.now() - t0;
        const open = await services.registry.call('document.open', { id });
        const openMs = performance.now() - t0;
        if (!first.ok || !open.ok) throw new Error('a call failed');
        const beginning = first.value as FirstScreen;
        expect(beginning.partial).toBe(true);
        expect(firstMs).toBeLessThan(openMs - 3000);
        const { model } = open.value as { model: Document };
        expectPiecesOf({ ...beginning, partial: undefined }, model, item.document.name);
        // Read now: the whole's first screen, not partial.
        const after = await services.registry.call('document.firstScreen', { id });
        expect(after.ok && (after.value as FirstScreen).partial).toBeUndefined();
      } finally {
        services.close();
        dir.cleanup();
      }
    },
    60_000,
  );

  it('refuses an unknown document as document.open does', async () => {
    const r = await ctx.services.registry.call('document.firstScreen', { id: 999 });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('not-found');
  });
});
