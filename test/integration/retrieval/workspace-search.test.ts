import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentsRepo } from '../../../main/db/documents-repo';
import { openDatabase } from '../../../main/db/open';
import { RetrievalService, searchDocument } from '../../../main/retrieval/retrieval-service';
import type { Document } from '../../../shared/document';
import { WorkspaceSearchResult } from '../../../shared/retrieval/hit';
import { smallDocument } from '../../unit/retrieval/small-document';
import { tempDir } from '../../support/temp-dir';

/** The small filing with its income table's row renamed: each document its own line item. */
function filing(item: string): Document {
  const d = smallDocument();
  const table = d.tables[0]!;
  const rename = (s: string) => (s === 'Research and development' ? item : s);
  return {
    ...d,
    tables: [
      {
        ...table,
        rows: table.rows.map((r) => ({ ...r, label: rename(r.label), path: r.path.map(rename) })),
        cells: table.cells.map((c) => ({ ...c, rowPath: c.rowPath.map(rename) })),
      },
    ],
  };
}

const ITEMS = ['Crude oil refining', 'Cloud subscriptions', 'Aircraft deliveries'];
const DOCUMENTS = 30;

describe('retrieval across all documents of a workspace (real SQLite, FTS5)', () => {
  let tmp: ReturnType<typeof tempDir>;
  let db: Database;
  let service: RetrievalService;
  const ids: number[] = [];

  beforeAll(async () => {
    tmp = tempDir('workspace-search-');
    db = openDatabase(join(tmp.dir, 'workbench.sqlite'));
    service = new RetrievalService(db);
    for (let i = 0; i < DOCUMENTS; i++) {
      const item = ITEMS[i] ?? `Line item ${i}`;
      const id = documentsRepo(db).insert({
        name: i === 7 ? 'harbor-terminal.htm' : `filing-${i}.htm`,
        kind: 'sec-html',
        size: 1,
        sha256: i.toString(16).padStart(64, '0'),
        importedAt: new Date().toISOString(),
      }).id;
      ids.push(id);
      await service.search(id, filing(item), 'revenue');
    }
  });

  afterAll(() => {
    db.close();
    tmp.cleanup();
  });

  it("finds a document's cell without naming the document, and searches only matching documents", () => {
    const r = service.searchAll('What was crude oil refining?');
    expect(WorkspaceSearchResult.parse(r)).toEqual(r);
    expect(r.indexed).toBe(DOCUMENTS);
    // Only the one document whose summary holds the words had its units ranked.
    expect(r.documents).toEqual([ids[0]]);
    // A word every document holds ("2025") adds documents after the one the others name.
    expect(service.searchAll('What was crude oil refining in 2025?').documents[0]).toBe(ids[0]);
    expect(r.hits.every((h) => h.documentId === ids[0])).toBe(true);
    const cell = r.hits.find((h) => h.kind === 'cell');
    expect(cell?.text).toContain('Crude oil refining');
  });

  it('ranks the units of at most `documents` documents, merged by score', () => {
    // "Revenue" is in every document: only the best 3 are searched.
    const r = service.searchAll('revenue 2025', { documents: 3, k: 12 });
    expect(r.documents).toHaveLength(3);
    expect(new Set(r.hits.map((h) => h.documentId))).toEqual(new Set(r.documents));
    const scores = r.hits.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(r.hits).toHaveLength(12);
  });

  it('a term only in a document name finds that document', () => {
    const r = service.searchAll('harbor terminal revenue');
    expect(r.documents[0]).toBe(ids[7]);
  });

  it('summarizes indexes built before the summaries existed, from their stored units', () => {
    db.exec('DELETE FROM retrieval_document_summaries');
    expect(db.prepare('SELECT count(*) AS n FROM retrieval_documents').get()).toEqual({ n: 0 });
    const r = service.searchAll('aircraft deliveries');
    expect(r.documents).toEqual([ids[2]]);
    expect(db.prepare('SELECT count(*) AS n FROM retrieval_document_summaries').get()).toEqual({
      n: DOCUMENTS,
    });
  });

  it('a rebuilt index keeps one summary; a removed document leaves none behind', async () => {
    // A changed model rebuilds the index (and its summary) in place.
    const changed = filing('Satellite launches');
    changed.source = { ...changed.source, bytes: 2000 };
    await service.search(ids[1]!, changed, 'revenue');
    expect(service.searchAll('cloud subscriptions').documents).toEqual([]);
    expect(service.searchAll('satellite launches').documents).toEqual([ids[1]]);
    documentsRepo(db).remove(ids[1]!);
    expect(service.searchAll('satellite launches').documents).toEqual([]);
    expect(db.prepare('SELECT count(*) AS n FROM retrieval_documents').get()).toEqual({
      n: DOCUMENTS - 1,
    });
    expect(service.searchAll('revenue').indexed).toBe(DOCUMENTS - 1);
  });

  it('a question with no searchable words is refused; one matching nothing finds nothing', () => {
    expect(() => service.searchAll('  ')).toThrow(/needs a question/);
    expect(service.searchAll('zeppelin')).toEqual({ hits: [], documents: [], indexed: 29 });
  });

  it('the in-memory index of a file outside the workspace still searches (no documents table)', () => {
    const hits = searchDocument(filing('Cloud subscriptions'), 'cloud subscriptions 2024');
    expect(hits.some((h) => h.text.includes('Cloud subscriptions'))).toBe(true);
  });
});
