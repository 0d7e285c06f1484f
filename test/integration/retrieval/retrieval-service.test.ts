import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsRepo } from '../../../main/db/documents-repo';
import { openDatabase } from '../../../main/db/open';
import type { Embedder } from '../../../main/retrieval/embeddings';
import { RetrievalService, searchDocument } from '../../../main/retrieval/retrieval-service';
import { WorkbenchError } from '../../../shared/api/result';
import { documentSchemaVersion, type Document } from '../../../shared/document';
import { buildContext } from '../../../shared/retrieval/context';
import { inDocumentOrder } from '../../../shared/retrieval/document-order';
import { RetrievalHit } from '../../../shared/retrieval/hit';
import { ingestFiling } from '../../support/cell-addressing';
import { dataPath, hasData, noDataMessage } from '../../support/data-dir';
import { tempDir } from '../../support/temp-dir';

const NVDA = dataPath('sec', 'NVDA_10-K_FY2025', 'nvda-10-k-2025-02-26.html');

/** A deterministic stand-in for an embeddings endpoint: hashed bag of words. */
const fakeEmbedder =
  (calls: string[][]): Embedder =>
  (texts) => {
    calls.push(texts);
    return Promise.resolve(
      texts.map((t) => {
        const v = new Array<number>(64).fill(0);
        for (const w of t.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
          let h = 0;
          for (const ch of w) h = (h * 31 + ch.charCodeAt(0)) % 64;
          v[h]! += 1;
        }
        return v;
      }),
    );
  };

describe.skipIf(!hasData)('retrieval over NVIDIA’s 10-K in a workspace database', () => {
  let tmp: ReturnType<typeof tempDir>;
  let db: Database;
  let doc: Document;
  let id: number;
  let service: RetrievalService;

  beforeAll(() => {
    tmp = tempDir('retrieval-');
    db = openDatabase(join(tmp.dir, 'workbench.sqlite'));
    doc = ingestFiling(NVDA);
    id = documentsRepo(db).insert({
      name: 'nvda.htm',
      kind: 'sec-html',
      size: 1,
      sha256: 'a'.repeat(64),
      importedAt: new Date().toISOString(),
    }).id;
    service = new RetrievalService(db);
  }, 120_000);
  afterAll(() => {
    db.close();
    tmp.cleanup();
  });

  const indexRow = () =>
    db.prepare('SELECT * FROM retrieval_indexes WHERE document_id = ?').get(id) as
      | {
          version_key: string;
          unit_count: number;
          built_at: string;
          first_unit: number;
          last_unit: number;
        }
      | undefined;

  it('finds the revenue cells, in rank order, with valid hits', async () => {
    const hits = await service.search(id, doc, 'What was total revenue in fiscal year 2025?', {
      k: 10,
    });
    expect(hits).toHaveLength(10);
    for (const h of hits) expect(RetrievalHit.safeParse(h).success).toBe(true);
    const scores = hits.map((h) => h.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const cells = hits.filter((h) => h.kind === 'cell');
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.some((h) => /revenue/i.test(h.text) && h.text.includes('130,497'))).toBe(true);
    for (const c of cells) {
      expect(c.blockId).toMatch(/^t\d+$/);
      expect(c.tableSourceIndex).toBe(Number(c.blockId.slice(1)));
      expect(
        doc.tables
          .find((t) => t.id === c.blockId)
          ?.cells.some((x) => x.sourceRow === c.sourceRow && x.sourceCol === c.sourceCol),
      ).toBe(true);
    }
  });

  it('ranks rows and whole tables for the row and block units', async () => {
    const rows = await service.search(id, doc, 'research and development expenses', {
      k: 5,
      unit: 'row',
    });
    expect(rows.every((h) => h.kind === 'row' || h.kind === 'paragraph')).toBe(true);
    expect(rows.some((h) => h.kind === 'row' && /Research and development/.test(h.text))).toBe(
      true,
    );
    const tables = await service.search(id, doc, 'consolidated balance sheets total assets', {
      k: 5,
      unit: 'block',
    });
    expect(tables.every((h) => h.kind === 'table' || h.kind === 'paragraph')).toBe(true);
    expect(tables.some((h) => h.kind === 'table')).toBe(true);
  });

  it('puts hits back in document order and builds a context that cites cell() addresses', async () => {
    const hits = await service.search(id, doc, 'Data Center revenue growth fiscal 2025', { k: 12 });
    const ordered = inDocumentOrder(doc, hits);
    const blockAt = new Map(doc.blocks.map((b, i) => [b.id, i]));
    const positions = ordered.map((h) => blockAt.get(h.blockId)!);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const context = buildContext(doc, hits, { tokenBudget: 3000 });
    expect(context.tokens).toBeLessThanOrEqual(3000);
    expect(context.text).toMatch(/cell\("t\d+", \d+, \d+\)/);
    expect(context.hits).toEqual(inDocumentOrder(doc, context.hits));
  });

  it('builds the index once, and again when the model changes', async () => {
    const first = indexRow()!;
    expect(first.unit_count).toBeGreaterThan(2000);
    await service.search(id, doc, 'gaming revenue');
    expect(indexRow()).toEqual(first);
    const changed: Document = {
      ...doc,
      tables: doc.tables.slice(1),
      blocks: doc.blocks.filter((b) => b.id !== doc.tables[0]!.id),
    };
    await service.search(id, changed, 'gaming revenue');
    const rebuilt = indexRow()!;
    expect(rebuilt.version_key).not.toBe(first.version_key);
    expect(rebuilt.unit_count).toBeLessThan(first.unit_count);
    // Back to the real model for the tests below.
    await service.search(id, doc, 'gaming revenue');
  });

  it('fuses an embeddings ranking by RRF, embedding each unit once per model', async () => {
    const calls: string[][] = [];
    const embed = fakeEmbedder(calls);
    const options = { k: 8, embeddings: { providerId: 1, model: 'fake-embed' } };
    const hits = await service.search(id, doc, 'total revenue 2025', options, embed);
    expect(hits).toHaveLength(8);
    expect(
      hits.every((h) => h.ranks !== undefined && (h.ranks.bm25 ?? h.ranks.dense) !== undefined),
    ).toBe(true);
    expect(hits[0]!.score).toBeCloseTo(
      (hits[0]!.ranks!.bm25 ? 1 / (60 + hits[0]!.ranks!.bm25) : 0) +
        (hits[0]!.ranks!.dense ? 1 / (60 + hits[0]!.ranks!.dense) : 0),
    );
    const embedded = calls.reduce((n, c) => n + c.length, 0);
    const stored = db
      .prepare('SELECT count(*) AS n FROM retrieval_vectors WHERE document_id = ?')
      .get(id) as { n: number };
    expect(stored.n).toBe(embedded - 1); // every cell and paragraph, plus the question
    calls.length = 0;
    await service.search(id, doc, 'gross margin', options, embed);
    expect(calls).toEqual([['gross margin']]);
    await expect(service.search(id, doc, 'x', options)).rejects.toThrow(WorkbenchError);
  });

  it('refuses an empty question with a clear error', async () => {
    await expect(service.search(id, doc, '   ')).rejects.toMatchObject({ code: 'invalid-input' });
    expect(() => searchDocument(doc, '')).toThrow(/needs a question/);
  });

  it('returns no hits for a question without a usable word', async () => {
    expect(await service.search(id, doc, 'what is the?')).toEqual([]);
  });

  it('drops the index, its FTS rows and its vectors when the document is removed', () => {
    const { first_unit, last_unit } = indexRow()!;
    const ftsRows = () =>
      (
        db
          .prepare(
            `SELECT count(*) AS n FROM retrieval_units WHERE retrieval_units MATCH '"revenue"' AND rowid BETWEEN ? AND ?`,
          )
          .get(first_unit, last_unit) as { n: number }
      ).n;
    expect(ftsRows()).toBeGreaterThan(0);
    expect(documentsRepo(db).remove(id)).toBe(true);
    expect(indexRow()).toBeUndefined();
    expect(ftsRows()).toBe(0);
    for (const table of ['retrieval_unit_meta', 'retrieval_vectors'])
      expect((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n).toBe(0);
  });

  it('searches a document outside the workspace in memory, ranking like the workspace', async () => {
    const q = 'What were purchases of property and equipment in fiscal 2025?';
    const inMemory = searchDocument(doc, q, { k: 5 });
    const other = new RetrievalService(db);
    const id2 = documentsRepo(db).insert({
      name: 'nvda2.htm',
      kind: 'sec-html',
      size: 1,
      sha256: 'b'.repeat(64),
      importedAt: new Date().toISOString(),
    }).id;
    // Per-document statistics: the same hits whatever else the workspace holds.
    expect(await other.search(id2, doc, q, { k: 5 })).toEqual(inMemory);
    other.remove(id2);
    expect(db.prepare('SELECT count(*) AS n FROM retrieval_indexes').get()).toEqual({ n: 0 });
  });
});

if (!hasData) console.warn(`[skip] retrieval on NVIDIA's 10-K: ${noDataMessage}`);

describe('retrieval on edge-case input', () => {
  it('searches a document with no text, and a very long question, quickly and without error', () => {
    const empty: Document = {
      schemaVersion: documentSchemaVersion,
      source: { name: 'empty.htm', kind: 'sec-html', bytes: 0 },
      title: '',
      blocks: [],
      tables: [],
      warnings: [],
    };
    expect(searchDocument(empty, 'total revenue 2025')).toEqual([]);
    const long = Array.from({ length: 2000 }, (_, i) => `word${i}`).join(' ');
    const started = performance.now();
    expect(searchDocument(empty, long)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
