import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../shared/library/document';
import type { Document } from '../../../shared/document';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';

type Ctx = Awaited<ReturnType<typeof tempServices>>;

describe('opening documents (parse in a worker, cache in SQLite) and evidence marks', () => {
  let ctx: Ctx;
  let files: ReturnType<typeof tempDir>;
  beforeEach(async () => {
    ctx = await tempServices();
    files = tempDir();
  });
  afterEach(() => {
    ctx.cleanup();
    files.cleanup();
  });

  const importOne = async (path: string) => {
    const r = await ctx.services.registry.call('library.importPaths', { paths: [path] });
    const item = r.ok ? (r.value as ImportReport).items[0] : undefined;
    if (!item?.ok) throw new Error(`import failed: ${JSON.stringify(r)}`);
    return item.document.id;
  };
  const open = (id: number) => ctx.services.registry.call('document.open', { id });

  it('parses the sample filing once, reports progress-free success, and serves the cache after', async () => {
    const r = await ctx.services.registry.call('library.importSample', {});
    const id =
      r.ok && (r.value as ImportReport).items[0]!.ok
        ? ((r.value as ImportReport).items[0] as { document: { id: number } }).document.id
        : -1;
    const first = await open(id);
    expect(first.ok).toBe(true);
    const model = (first as { value: { model: Document } }).value.model;
    expect(model.tables.length).toBeGreaterThanOrEqual(3);
    const cached = ctx.services.workspace.db
      .prepare('SELECT count(*) AS n FROM document_models')
      .get() as { n: number };
    expect(cached.n).toBe(1);
    const t0 = performance.now();
    const second = await open(id);
    expect(performance.now() - t0).toBeLessThan(500);
    expect(second).toEqual(first);
  });

  it('shares one parse between concurrent opens', async () => {
    const r = await ctx.services.registry.call('library.importSample', {});
    const id = ((r as { value: ImportReport }).value.items[0] as { document: { id: number } })
      .document.id;
    const [a, b] = await Promise.all([open(id), open(id)]);
    expect(a).toEqual(b);
    expect(a.ok).toBe(true);
  });

  it('model(id) is the model open answers: a file, and a dataset record read once', async () => {
    const r = await ctx.services.registry.call('library.importSample', {});
    const fileId = ((r as { value: ImportReport }).value.items[0] as { document: { id: number } })
      .document.id;
    const record = {
      table: {
        uid: 't1',
        table: [
          ['', '2019', '2018'],
          ['Revenue', '1,200', '1,000'],
        ],
      },
      paragraphs: [{ uid: 'p1', order: 1, text: 'Revenue grew in 2019.' }],
      questions: [
        {
          uid: 'q1',
          order: 1,
          question: 'What was the revenue in 2019?',
          answer: ['1,200'],
          derivation: '',
          answer_type: 'span',
          answer_from: 'table',
          rel_paragraphs: [],
          req_comparison: false,
          scale: 'thousand',
        },
      ],
    };
    const path = join(files.dir, 'tatqa.json');
    writeFileSync(path, JSON.stringify([record]));
    const stored = await ctx.services.datasets.importFile('tatqa', path);
    const [question] = ctx.services.datasets.storedQuestions(stored.datasetId);
    const recordId = question!.documentId!;
    for (const id of [fileId, recordId]) {
      const opened = await open(id);
      const model = await ctx.services.documents.model(id);
      expect(model).toEqual((opened as { value: { model: Document } }).value.model);
    }
    await expect(ctx.services.documents.model(999_999)).rejects.toThrow(/no document #999999/);
  });

  it('says clearly why a document has no view, and keeps unknown ids apart', async () => {
    const p = join(files.dir, 'data.json');
    writeFileSync(p, '[{"table": {}}]');
    const id = await importOne(p);
    expect(await open(id)).toMatchObject({
      ok: false,
      error: {
        code: 'unsupported',
        message: expect.stringMatching(/data\.json: a dataset file/) as unknown,
      },
    });
    expect(await open(9999)).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });

  it('toggles evidence on a cell and a paragraph, persisted and removed with the document', async () => {
    const r = await ctx.services.registry.call('library.importSample', {});
    const id = ((r as { value: ImportReport }).value.items[0] as { document: { id: number } })
      .document.id;
    const target = { type: 'cell' as const, tableId: 't3', sourceRow: 4, sourceCol: 2 };
    expect(await ctx.services.registry.call('evidence.toggle', { documentId: id, target })).toEqual(
      { ok: true, value: { marked: true } },
    );
    await ctx.services.registry.call('evidence.toggle', {
      documentId: id,
      target: { type: 'paragraph', blockId: 'p-5' },
    });
    const list = await ctx.services.registry.call('evidence.list', { documentId: id });
    expect(
      list.ok && (list.value as { marks: { target: unknown }[] }).marks.map((m) => m.target),
    ).toEqual([target, { type: 'paragraph', blockId: 'p-5' }]);
    expect(await ctx.services.registry.call('evidence.toggle', { documentId: id, target })).toEqual(
      { ok: true, value: { marked: false } },
    );
    await ctx.services.registry.call('library.remove', { id });
    expect(
      ctx.services.workspace.db.prepare('SELECT count(*) AS n FROM evidence_marks').get(),
    ).toEqual({ n: 0 });
    expect(await ctx.services.registry.call('evidence.list', { documentId: id })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });

  it('returns the original bytes for the page view', async () => {
    const p = join(files.dir, 'x.pdf');
    writeFileSync(p, '%PDF-1.4\n%%EOF\n');
    const id = await importOne(p);
    const r = await ctx.services.registry.call('document.original', { id });
    expect(r.ok && Buffer.from((r.value as { bytes: Uint8Array }).bytes).toString()).toBe(
      '%PDF-1.4\n%%EOF\n',
    );
  });
});
