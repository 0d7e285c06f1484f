import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsRepo } from '../../../main/db/documents-repo';
import { openDatabase } from '../../../main/db/open';
import { ftsIndex, kindsFor } from '../../../main/retrieval/fts-index';
import { RetrievalService } from '../../../main/retrieval/retrieval-service';
import type { Document } from '../../../shared/document';
import type { PassageKind } from '../../../shared/retrieval/hit';
import { indexPassages } from '../../../shared/retrieval/passages';
import { questionTerms, searchTerms } from '../../../shared/retrieval/terms';
import { smallDocument } from '../../unit/retrieval/small-document';
import { tempDir } from '../../support/temp-dir';

const UNITS: PassageKind[] = ['cell', 'row', 'block'];

/** Three variants of the small income table: different captions, rows and values. */
function documents(): Document[] {
  return [0, 1, 2].map((n) => {
    const d = structuredClone(smallDocument());
    d.title = `record ${n}`;
    d.source = { ...d.source, name: `record-${n}.json` };
    d.tables[0]!.caption = ['Consolidated Statements of Income', 'Segment revenue', 'Cash flows'][
      n
    ]!;
    for (const c of d.tables[0]!.cells) if (c.value !== null) c.value += n;
    return d;
  });
}

/** Library rows for `count` records (ids in order), as the importer would add them. */
function insertDocuments(conn: Database, count: number): number[] {
  return Array.from(
    { length: count },
    (_, n) =>
      documentsRepo(conn).insert({
        name: `record-${n}.json`,
        kind: 'sec-html',
        size: 1,
        sha256: (n + 1).toString(16).padStart(64, '0'),
        importedAt: new Date().toISOString(),
      }).id,
  );
}

/**
 * Small documents (a dataset record: a few dozen units) keep their postings and unit rows in
 * memory after their first search (fts-index.ts, `LoadedPassages.small`), and a run builds its
 * records' indexes together (`RetrievalService.prepare`): the hits must be those of the index
 * searched row by row, and of an index built by its own first search.
 */
describe('small documents: searched from memory, indexed together (real SQLite)', () => {
  let tmp: ReturnType<typeof tempDir>;
  let db: Database;
  const docs = documents();
  const ids: number[] = [];

  beforeAll(() => {
    tmp = tempDir('small-search-');
    db = openDatabase(join(tmp.dir, 'workbench.sqlite'));
    ids.push(...insertDocuments(db, docs.length));
  });

  afterAll(() => {
    db?.close();
    tmp?.cleanup();
  });

  /** Every word of the documents' units, and a few questions, as questions. */
  const questions = () => [
    ...new Set(
      docs.flatMap((d) => indexPassages(d).flatMap((u) => questionTerms(`${u.text} ${u.headers}`))),
    ),
    'What was revenue in 2024?',
    'net income 2023 cost of revenue',
    'How much were operating expenses?',
  ];

  /** Each document's hits for every question and unit kind, through `search` on `conn`. */
  const hitsOn = (conn: Database) => {
    const repo = ftsIndex(conn);
    return ids.map((id) => {
      const index = repo.get(id)!;
      return UNITS.flatMap((unit) =>
        questions().map((q) =>
          repo.search(index, searchTerms(q), kindsFor(unit), 10).map((r) => [r.ordinal, r.hit]),
        ),
      );
    });
  };

  it('builds the missing indexes in one call, and none a second time', () => {
    const service = new RetrievalService(db);
    expect(service.prepare(ids.map((documentId, i) => ({ documentId, document: docs[i]! })))).toBe(
      3,
    );
    for (const id of ids) expect(ftsIndex(db).hasPostings(id)).toBe(true);
    expect(service.prepare(ids.map((documentId, i) => ({ documentId, document: docs[i]! })))).toBe(
      0,
    );
  });

  it('leaves a document over the unit bound to its first search', () => {
    const service = new RetrievalService(db);
    const changed = structuredClone(docs[0]!);
    changed.title = 'changed';
    const key = ftsIndex(db).get(ids[0]!)!.version_key;
    // Stale (its model changed) but over a bound of 1 unit: not built here.
    expect(service.prepare([{ documentId: ids[0]!, document: changed }], 1)).toBe(0);
    expect(ftsIndex(db).get(ids[0]!)!.version_key).toBe(key);
  });

  it('gives, from memory, the hits its rows and postings give read one by one', () => {
    // `db` has the documents loaded (their second search reads memory); a fresh connection
    // reads them once, then memory too; an index without its ranking value goes row by row.
    const cached = hitsOn(db);
    const again = hitsOn(db);
    const saved = db.prepare('SELECT * FROM retrieval_ranking_units').raw().all();
    db.prepare('DELETE FROM retrieval_ranking_units').run();
    const fresh = openDatabase(join(tmp.dir, 'workbench.sqlite'));
    let rowByRow: unknown;
    try {
      for (const id of ids) expect(ftsIndex(fresh).hasPostings(id)).toBe(false);
      rowByRow = hitsOn(fresh);
    } finally {
      fresh.close();
      const put = db.prepare('INSERT INTO retrieval_ranking_units VALUES (?, ?, ?)');
      for (const row of saved) put.run(...(row as [number, Buffer, string]));
    }
    expect(cached.flat(2).length).toBeGreaterThan(200);
    expect(JSON.stringify(again)).toBe(JSON.stringify(cached));
    expect(JSON.stringify(rowByRow)).toBe(JSON.stringify(cached));
  });

  it('gives the hits of indexes built one by one on their first search', async () => {
    const other = tempDir('small-search-b-');
    const conn = openDatabase(join(other.dir, 'workbench.sqlite'));
    try {
      const service = new RetrievalService(conn);
      const theirIds = insertDocuments(conn, docs.length);
      const q = 'What was revenue in 2024?';
      for (const [i, id] of theirIds.entries()) {
        const one = await service.search(id, docs[i]!, q, { unit: 'cell' });
        const together = await new RetrievalService(db).search(ids[i]!, docs[i]!, q, {
          unit: 'cell',
        });
        expect(together.length).toBeGreaterThan(0);
        expect(together).toEqual(one);
      }
    } finally {
      conn.close();
      other.cleanup();
    }
  });

  it('sees an index another connection rebuilt (the memory is dropped with it)', async () => {
    const service = new RetrievalService(db);
    const q = 'zebra crossings';
    expect(await service.search(ids[0]!, docs[0]!, q)).toEqual([]);
    // Another process re-imports the record with a paragraph that says it, and rebuilds.
    const changed = structuredClone(docs[0]!);
    const p = changed.blocks.find((b) => b.type === 'paragraph')!;
    if (p.type === 'paragraph') p.text = `${p.text} Zebra crossings were repainted.`;
    const fresh = openDatabase(join(tmp.dir, 'workbench.sqlite'));
    try {
      // A millisecond later at least, so its built_at differs.
      await new Promise((r) => setTimeout(r, 5));
      await new RetrievalService(fresh).search(ids[0]!, changed, q);
    } finally {
      fresh.close();
    }
    const after = await service.search(ids[0]!, changed, q);
    expect(after.map((h) => h.text)).toEqual([p.text]);
  });
});
