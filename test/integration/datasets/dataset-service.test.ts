import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Method, MethodInput, MethodOutput } from '../../../shared/api/contract';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempServices } from '../../support/services';
import { tempDir } from '../../support/temp-dir';

type Ctx = Awaited<ReturnType<typeof tempServices>>;

/*
 * Datasets through the API as the renderer uses them: stable ids across re-imports, questions
 * that know their document, and documents that open whatever they came from.
 */
describe('datasets and questions through the API', () => {
  let ctx: Ctx;
  let src: ReturnType<typeof tempDir>;
  beforeEach(async () => {
    ctx = await tempServices();
    src = tempDir('workbench-src-');
  });
  afterEach(() => {
    ctx.cleanup();
    src.cleanup();
  });
  const call = async <M extends Method>(method: M, input: MethodInput<M>) => {
    const r = await ctx.services.registry.call(method, input);
    if (!r.ok) throw new Error(`${method}: ${r.error.code}: ${r.error.message}`);
    return r.value as MethodOutput<M>;
  };

  it('never hands a removed document id to the next import', async () => {
    const write = (name: string, body: string) => {
      const p = join(src.dir, name);
      writeFileSync(p, body);
      return p;
    };
    const a = await call('library.importPaths', {
      paths: [write('a.pdf', '%PDF-1.4 a')],
    });
    const first = a.items[0]!;
    if (!first.ok) throw new Error(first.error.message);
    await call('library.remove', { id: first.document.id });
    const b = await call('library.importPaths', {
      paths: [write('b.pdf', '%PDF-1.4 b')],
    });
    const second = b.items[0]!;
    expect(second.ok && second.document.id).toBeGreaterThan(first.document.id);
  });

  it.skipIf(!hasData)(
    're-importing a changed TAT-QA file keeps ids and reports the changes',
    async () => {
      const raw = readFileSync(dataPath('datasets', 'tatqa', 'tatqa_dataset_dev.json'), 'utf8');
      const records = JSON.parse(raw) as { questions: { uid: string; question: string }[] }[];
      const file = join(src.dir, 'tatqa_dataset_dev.json');
      writeFileSync(file, raw);
      const first = await call('datasets.import', { path: file, format: 'tatqa' });
      expect(first.replaced).toBe(false);
      expect(first.questions.added).toBe(1668);
      const datasetId = first.dataset.id;
      const before = (await call('datasets.questions', { datasetId })).questions;
      expect(before).toHaveLength(1668);

      // A new edition of the file: one question reworded, one dropped, one context dropped.
      const reworded = records[0]!.questions[0]!;
      reworded.question = `${reworded.question} (reworded)`;
      const dropped = records[1]!.questions.pop()!;
      const droppedContext = records.pop()!;
      writeFileSync(file, JSON.stringify(records));
      const second = await call('datasets.import', { path: file, format: 'tatqa' });
      expect(second.dataset.id).toBe(datasetId);
      expect(second.replaced).toBe(true);
      expect(second.questions.changed).toBe(1);
      expect(second.questions.examples.changed).toEqual([reworded.uid]);
      expect(second.questions.removed).toBe(1 + droppedContext.questions.length);
      expect(second.questions.examples.removed).toContain(dropped.uid);
      expect(second.documents.removed).toBe(1);

      const after = (await call('datasets.questions', { datasetId })).questions;
      const idOf = new Map(before.map((q) => [q.externalId, q.id]));
      for (const q of after) expect(q.id).toBe(idOf.get(q.externalId));
      const docOf = new Map(before.map((q) => [q.externalId, q.documentId]));
      for (const q of after) expect(q.documentId).toBe(docOf.get(q.externalId));
    },
  );

  it.skipIf(!hasData)('a question opens its document, a record or a library PDF', async () => {
    const mh = await call('datasets.import', {
      path: dataPath('datasets', 'multihiertt', 'dev_subset.json'),
      format: 'multihiertt',
    });
    const [q] = (await call('datasets.questions', { datasetId: mh.dataset.id })).questions;
    const detail = await call('questions.get', { id: q!.id });
    expect(detail.document).toMatchObject({
      kind: 'record',
      sha256: null,
      dataset: { id: mh.dataset.id },
    });
    const opened = await call('document.open', { id: detail.document!.id });
    expect(opened.model.externalId).toBe(q!.documentExternalId);
    // Every gold cell it cites is a cell of that document.
    for (const e of detail.question.evidence) {
      const t = e.target;
      if (t?.type !== 'cell') continue;
      const table = opened.model.tables.find((x) => x.id === t.tableId)!;
      expect(
        table.cells.some((c) => c.sourceRow === t.sourceRow && c.sourceCol === t.sourceCol),
      ).toBe(true);
    }
    // Records are not files: no original to fetch, not removable one by one.
    const original = await ctx.services.registry.call('document.original', {
      id: detail.document!.id,
    });
    expect(original).toMatchObject({ ok: false, error: { code: 'unsupported' } });
    const removed = await ctx.services.registry.call('library.remove', { id: detail.document!.id });
    expect(removed).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/remove the dataset/) as unknown },
    });
    // Nor listed in the Library.
    const { documents } = await call('library.list', {});
    expect(documents.every((d) => d.kind !== ('record' as string))).toBe(true);

    const fb = await call('datasets.import', {
      path: dataPath('financebench', 'questions.jsonl'),
      format: 'financebench',
    });
    const fbq = (await call('datasets.questions', { datasetId: fb.dataset.id })).questions;
    expect(fbq).toHaveLength(65);
    const fbDetail = await call('questions.get', { id: fbq[0]!.id });
    expect(fbDetail.document).toMatchObject({
      kind: 'pdf',
      name: `${fbq[0]!.documentExternalId}.pdf`,
    });
    expect(fbDetail.question.evidence[0]?.target).toMatchObject({ type: 'page' });
  });

  it.skipIf(!hasData)(
    'refuses to read a PDF-backed dataset from its library copy, saying why',
    async () => {
      const report = await call('library.importPaths', {
        paths: [dataPath('tablequest', 'easy.json')],
      });
      const item = report.items[0]!;
      if (!item.ok) throw new Error(item.error.message);
      const r = await ctx.services.registry.call('datasets.importDocument', {
        documentId: item.document.id,
        format: 'tablequest',
      });
      expect(r).toMatchObject({
        ok: false,
        error: {
          code: 'unsupported',
          message: expect.stringMatching(/^easy\.json: .*import it from that folder/) as unknown,
        },
      });
    },
  );

  it('answers not-found for an unknown question or dataset', async () => {
    expect(await ctx.services.registry.call('questions.get', { id: 999 })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    expect(await ctx.services.registry.call('datasets.questions', { datasetId: 5 })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });

  if (!hasData) it.skip(noDataMessage, () => undefined);
});
