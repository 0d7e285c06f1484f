import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Method, MethodInput, MethodOutput } from '../../../shared/api/contract';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';

/*
 * Issue 25, done-when 2: a bundle made from a dataset imported through the Library (the UI's
 * way: the stored original, named by its SHA-256) imports with no warning into a workspace where
 * the same file was imported by path (the CLI's way, named by its file name); a document whose
 * content differs still warns. Three real workspaces.
 */

type Ctx = Awaited<ReturnType<typeof tempServices>>;

function tatqaFile(path: string, paragraph: string): string {
  const q = (uid: string, question: string, answer: number) => ({
    uid,
    order: 1,
    question,
    answer,
    derivation: '',
    answer_type: 'arithmetic',
    answer_from: 'table',
    rel_paragraphs: [],
    req_comparison: false,
    scale: '',
  });
  const records = [
    {
      table: {
        uid: 't-1',
        table: [
          ['', '2019', '2018'],
          ['Product', '100', '80'],
          ['Total', '150', '120'],
        ],
      },
      paragraphs: [{ uid: 'p-1', order: 1, text: paragraph }],
      questions: [
        q('q-2019', 'What were total sales in 2019?', 150),
        q('q-2018', 'What were total sales in 2018?', 120),
      ],
    },
  ];
  writeFileSync(path, JSON.stringify(records));
  return path;
}

describe('bundle import matches documents by content, whatever name they were imported under', () => {
  const files = tempDir('bundle-identity-');
  let ui: Ctx;
  let cli: Ctx;
  let changed: Ctx;
  let bundle: Uint8Array<ArrayBuffer>;

  const call = async <M extends Method>(ctx: Ctx, method: M, input: MethodInput<M>) => {
    const r = await ctx.services.registry.call(method, input);
    if (!r.ok) throw new Error(`${method}: ${r.error.code}: ${r.error.message}`);
    return r.value as MethodOutput<M>;
  };

  beforeAll(async () => {
    const file = tatqaFile(join(files.dir, 'tatqa_small.json'), 'Sales grew in 2019.');
    [ui, cli, changed] = await Promise.all([tempServices(), tempServices(), tempServices()]);

    // The Library's way: the bytes are uploaded, stored by hash, then read as a dataset.
    const stored = await call(ui, 'library.importBytes', {
      name: 'tatqa_small.json',
      bytes: new Uint8Array(readFileSync(file)),
    });
    const item = stored.items[0]!;
    if (!item.ok) throw new Error(item.error.message);
    const { dataset } = await call(ui, 'datasets.importDocument', {
      documentId: item.document.id,
      format: 'tatqa',
    });
    // The CLI's way: by path.
    await call(cli, 'datasets.import', { path: file, format: 'tatqa' });
    // The same questions over a document whose paragraph says something else.
    const other = tatqaFile(join(files.dir, 'tatqa_changed.json'), 'Sales fell in 2019.');
    await call(changed, 'datasets.import', { path: other, format: 'tatqa' });

    const { sessionId } = await call(ui, 'sessions.create', {
      datasetId: dataset.id,
      questionCount: 2,
      seed: 1,
      budgetSeconds: 600,
      expert: 'Ana',
    });
    for (const q of (await call(ui, 'sessions.get', { sessionId })).questions) {
      const saved = await call(ui, 'sessions.saveAnswer', {
        sessionId,
        questionId: q.id,
        baseRevision: 0,
        value: '150',
      });
      if (saved.status !== 'saved') throw new Error('not saved');
      await call(ui, 'sessions.submit', {
        sessionId,
        questionId: q.id,
        baseRevision: saved.answer.revision,
      });
    }
    await call(ui, 'sessions.finish', { sessionId });
    bundle = new Uint8Array((await call(ui, 'sessions.bundleBytes', { sessionId })).bytes);
  }, 60_000);

  afterAll(() => {
    for (const ctx of [ui, cli, changed]) ctx?.cleanup();
    files.cleanup();
  });

  it('imports into the CLI-imported workspace with no warning', async () => {
    const r = await call(cli, 'sessions.importBundleBytes', { name: 'ana.json', bytes: bundle });
    expect(r.warnings).toEqual([]);
  });

  it('still warns, naming the document, where the content differs', async () => {
    const r = await call(changed, 'sessions.importBundleBytes', {
      name: 'ana.json',
      bytes: bundle,
    });
    expect(r.warnings.length).toBe(2);
    expect(r.warnings[0]).toMatch(/document .+ here differs from the one the expert saw/);
  });
});
