import {
  existsSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PARSER_VERSION } from '../../../main/document/document-service';
import { HOUSEKEEPING_GRACE_MS } from '../../../main/workspace/housekeeping';
import { openWorkspace } from '../../../main/workspace/workspace';
import type { ImportReport } from '../../../shared/library/document';
import { Document } from '../../../shared/document';
import { tempServices } from '../../support/services';

type Ctx = Awaited<ReturnType<typeof tempServices>>;

describe('the model cache (files under models/, one row each)', () => {
  let ctx: Ctx;
  let id: number;
  const open = () => ctx.services.registry.call('document.open', { id });
  const row = () =>
    ctx.services.workspace.db
      .prepare(
        'SELECT parser_version AS v, model_file AS file, model_bytes AS bytes FROM document_models WHERE document_id = ?',
      )
      .get(id) as { v: number; file: string; bytes: number } | undefined;
  const modelsDir = () => ctx.services.workspace.models.dir;

  beforeEach(async () => {
    ctx = await tempServices();
    const imported = await ctx.services.registry.call('library.importSample', {});
    const item = (imported as { value: ImportReport }).value.items[0];
    if (!item?.ok) throw new Error('sample import failed');
    id = item.document.id;
    expect((await open()).ok).toBe(true);
  });
  afterEach(() => ctx.cleanup());

  it('stores the model as a file the row points at, with its size', () => {
    const r = row()!;
    expect(r.v).toBe(PARSER_VERSION);
    expect(statSync(join(modelsDir(), r.file)).size).toBe(r.bytes);
  });

  it('parses again, never serves or crashes, when an older parser wrote the model', async () => {
    // What parser 1 stored: Document schema 1, without warnings or a page count.
    const old = Buffer.from(
      JSON.stringify({
        schemaVersion: 1,
        source: { name: 'sample', kind: 'sec-html', bytes: 1 },
        title: 'stale',
        blocks: [],
        tables: [],
      }),
    );
    const file = await ctx.services.workspace.models.write(id, PARSER_VERSION - 1, old);
    ctx.services.workspace.db
      .prepare(
        'UPDATE document_models SET parser_version = ?, model_file = ?, model_bytes = ? WHERE document_id = ?',
      )
      .run(PARSER_VERSION - 1, file, old.byteLength, id);

    const reopened = await open();
    expect(reopened.ok).toBe(true);
    const model = Document.parse((reopened as { value: { model: unknown } }).value.model);
    expect(model.title).not.toBe('stale');
    expect(model.warnings).toEqual([]);
    expect(model.tables.length).toBeGreaterThan(0);
    expect(row()!.v).toBe(PARSER_VERSION);
  });

  it('parses again when the file is gone or cut short', async () => {
    const first = await open();
    const path = join(modelsDir(), row()!.file);
    truncateSync(path, 100);
    expect(await open()).toEqual(first);
    expect(statSync(path).size).toBe(row()!.bytes);
    rmSync(path);
    expect(await open()).toEqual(first);
    expect(existsSync(path)).toBe(true);
  });

  it('sweeps orphans and temporaries when the workspace opens, keeping current models', async () => {
    const current = row()!.file;
    // Left by a crash over an hour ago (younger ones may be another process's writes).
    const past = new Date(Date.now() - HOUSEKEEPING_GRACE_MS - 60_000);
    for (const [name, text] of [
      ['.crashed-write.tmp', 'half'],
      ['999-p1.json', '{}'],
    ] as const) {
      writeFileSync(join(modelsDir(), name), text);
      utimesSync(join(modelsDir(), name), past, past);
    }
    utimesSync(join(modelsDir(), current), past, past); // current models stay however old
    const again = await openWorkspace(ctx.dir);
    again.close();
    expect(readdirSync(modelsDir())).toEqual([current]);
  });

  it('still opens the document when the model cannot be cached', async () => {
    const first = await open();
    ctx.services.workspace.db.prepare('DELETE FROM document_models').run();
    rmSync(modelsDir(), { recursive: true });
    writeFileSync(modelsDir(), 'not a folder'); // so every write into it fails
    expect(await open()).toEqual(first);
    expect(row()).toBeUndefined();
  });

  it('removes the model files with the document', async () => {
    await ctx.services.registry.call('library.remove', { id });
    expect(readdirSync(modelsDir())).toEqual([]);
  });
});
