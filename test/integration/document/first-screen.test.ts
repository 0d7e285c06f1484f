import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../shared/library/document';
import type { Document } from '../../../shared/document';
import type { FirstScreen } from '../../../shared/document/first-screen-json';
import { startServices } from '../../../main/services';
import { tempServices } from '../../support/services';

type Ctx = Awaited<ReturnType<typeof tempServices>>;

// document.firstScreen (issue 26): what a window opened on a filing draws before its app has
// started. Null until the model is cached (asking for it parses nothing), then the summary, the
// first 30 blocks and the tables they name, equal to those pieces of the model document.open
// answers, whether the service cut them after the parse or from the cache file.
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

  it('is null before the parse, then the pieces of the model, from memory and from the cache file', async () => {
    const id = await sampleId(ctx);
    expect(await firstScreen(ctx, id)).toBeNull();
    const jobs = ctx.services.workspace.db.prepare('SELECT count(*) AS n FROM jobs').get() as {
      n: number;
    };
    expect(jobs.n).toBe(0); // asking parsed nothing
    const opened = await ctx.services.registry.call('document.open', { id });
    if (!opened.ok) throw new Error(opened.error.message);
    const { model, document } = opened.value as { model: Document; document: { name: string } };
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

  it('refuses an unknown document as document.open does', async () => {
    const r = await ctx.services.registry.call('document.firstScreen', { id: 999 });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('not-found');
  });
});
