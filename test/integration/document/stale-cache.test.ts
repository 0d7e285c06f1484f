import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PARSER_VERSION } from '../../../main/document/document-service';
import type { ImportReport } from '../../../shared/library/document';
import { Document } from '../../../shared/model';
import { tempServices } from '../../support/services';

type Ctx = Awaited<ReturnType<typeof tempServices>>;

describe('a model cached by an older parser', () => {
  let ctx: Ctx;
  beforeEach(async () => {
    ctx = await tempServices();
  });
  afterEach(() => ctx.cleanup());

  it('is parsed again (never served, never a crash) and the cache row is replaced', async () => {
    const { registry, workspace } = ctx.services;
    const imported = await registry.call('library.importSample', {});
    const item = (imported as { value: ImportReport }).value.items[0];
    if (!item?.ok) throw new Error('sample import failed');
    const id = item.document.id;
    const open = () => registry.call('document.open', { id });
    expect((await open()).ok).toBe(true);

    // What parser 1 stored: Document schema 1, without warnings or a page count.
    const old = JSON.stringify({
      schemaVersion: 1,
      source: { name: item.document.name, kind: 'sec-html', bytes: 1 },
      title: 'stale',
      blocks: [],
      tables: [],
    });
    const row = () =>
      workspace.db
        .prepare('SELECT parser_version AS v, model FROM document_models WHERE document_id = ?')
        .get(id) as { v: number; model: string };
    workspace.db
      .prepare('UPDATE document_models SET parser_version = ?, model = ? WHERE document_id = ?')
      .run(PARSER_VERSION - 1, old, id);

    const reopened = await open();
    expect(reopened.ok).toBe(true);
    const model = Document.parse((reopened as { value: { model: unknown } }).value.model);
    expect(model.title).not.toBe('stale');
    expect(model.warnings).toEqual([]);
    expect(model.tables.length).toBeGreaterThan(0);
    expect(row().v).toBe(PARSER_VERSION);
    expect(Document.parse(JSON.parse(row().model)).title).toBe(model.title);
  });
});
