import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../main/db/migrate';
import { migrations } from '../../../main/db/migrations';
import { openDatabase } from '../../../main/db/open';
import { documentsRepo } from '../../../main/db/documents-repo';
import { questionsRepo } from '../../../main/db/questions-repo';
import { tempDir } from '../../support/temp-dir';

/*
 * Migration 5 rebuilds `documents` (AUTOINCREMENT, dataset records) and `questions`
 * (document_id, the one evidence shape) under existing data, with foreign keys switched off
 * around it. A workspace written by the previous version must come through whole.
 */

const sha = (c: string) => c.repeat(64);
const v2doc = (externalId: string, kind: 'dataset' | 'pdf', file?: string) => ({
  schemaVersion: 2,
  externalId,
  source: {
    name: 'd.json',
    kind,
    bytes: 10,
    format: kind === 'pdf' ? 'financebench' : 'tatqa',
    ...(file ? { file } : {}),
  },
  title: `Title ${externalId}`,
  blocks: [],
  tables: [],
  warnings: [],
});

describe('migration 5: one document identity', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((c) => c()));

  function version4(): string {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const path = join(t.dir, 'workbench.sqlite');
    const db = new Database(path);
    db.pragma('foreign_keys = ON');
    migrate(db, migrations.slice(0, 4));
    const at = '2026-01-01T00:00:00.000Z';
    const doc = db.prepare(
      'INSERT INTO documents (id, name, kind, size, sha256, imported_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    doc.run(1, 'tatqa.json', 'dataset', 100, sha('a'), at);
    doc.run(2, 'report.pdf', 'pdf', 200, sha('b'), at);
    doc.run(3, 'aapl.htm', 'sec-html', 300, sha('c'), at);
    db.prepare(
      "INSERT INTO evidence_marks (document_id, target, block_id, created_at) VALUES (3, 'p:p1', 'p1', ?)",
    ).run(at);
    db.prepare(
      "INSERT INTO datasets (id, name, format, source_document_id, imported_at) VALUES (1, 'tatqa.json', 'tatqa', 1, ?), (2, 'fb.jsonl', 'financebench', NULL, ?)",
    ).run(at, at);
    const dd = db.prepare(
      'INSERT INTO dataset_documents (dataset_id, external_id, source_document_id, document) VALUES (?, ?, ?, ?)',
    );
    dd.run(1, 'T1', null, JSON.stringify(v2doc('T1', 'dataset')));
    dd.run(2, 'FB', 2, JSON.stringify(v2doc('FB', 'pdf', 'pdfs/report.pdf')));
    dd.run(2, 'GONE', null, JSON.stringify(v2doc('GONE', 'pdf', 'pdfs/gone.pdf')));
    const q = db.prepare(
      `INSERT INTO questions (id, dataset_id, external_id, document_external_id, question, gold, scale, type, evidence)
       VALUES (?, ?, ?, ?, ?, '{"answer":1}', NULL, 't', ?)`,
    );
    q.run(
      7,
      1,
      'q1',
      'T1',
      'how much?',
      JSON.stringify([
        { kind: 'block', ref: '2', blockId: 'p2' },
        { kind: 'cell', ref: '0-1-2', tableId: 't0', sourceRow: 1, sourceCol: 2 },
        { kind: 'unresolved', ref: 'x', reason: 'no such thing' },
      ]),
    );
    q.run(
      9,
      2,
      'fb1',
      'FB',
      'pdf question',
      JSON.stringify([
        { kind: 'page', ref: 'evidence[0]', page: 12, text: 'quote', note: '0-based 11' },
      ]),
    );
    q.run(10, 2, 'fb2', 'GONE', 'missing pdf', '[]');
    // A deleted question left AUTOINCREMENT's mark at 12.
    q.run(12, 1, 'q-deleted', 'T1', 'x', '[]');
    db.prepare('DELETE FROM questions WHERE id = 12').run();
    db.close();
    return path;
  }

  it('keeps files, marks and question ids; datasets records become documents', () => {
    const db = openDatabase(version4());
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(
      documentsRepo(db)
        .list()
        .map((d) => d.id),
    ).toEqual([3, 2, 1]);
    expect(db.prepare('SELECT count(*) AS n FROM evidence_marks').get()).toEqual({ n: 1 });

    const repo = questionsRepo(db);
    const [q1] = repo.storedQuestions(1);
    expect(q1).toMatchObject({ id: 7, externalId: 'q1', documentExternalId: 'T1' });
    const record = documentsRepo(db).findById(q1!.documentId!);
    expect(record).toMatchObject({
      kind: 'record',
      sha256: null,
      name: 'Title T1',
      dataset: { id: 1, externalId: 'T1' },
    });
    expect(q1!.evidence).toEqual([
      { ref: '2', target: { type: 'paragraph', blockId: 'p2' } },
      { ref: '0-1-2', target: { type: 'cell', tableId: 't0', sourceRow: 1, sourceCol: 2 } },
      { ref: 'x', target: null, reason: 'no such thing' },
    ]);
    expect(repo.document(1, 'T1')?.title).toBe('Title T1');

    const fb = repo.storedQuestions(2);
    expect(fb.map((q) => [q.id, q.documentId])).toEqual([
      [9, 2],
      [10, null],
    ]);
    expect(fb[0]!.evidence).toEqual([
      { ref: 'evidence[0]', target: { type: 'page', page: 12 }, text: 'quote', note: '0-based 11' },
    ]);

    // Ids are never handed out again: not the deleted question's, not a removed file's.
    const again = repo.store({
      name: 'tatqa.json',
      format: 'tatqa',
      sourceDocumentId: 1,
      importedAt: 'now',
      documents: [v2doc('T1', 'dataset') as never],
      questions: [
        {
          id: 'q1',
          documentExternalId: 'T1',
          question: 'how much?',
          gold: { answer: 1 },
          scale: null,
          type: 't',
          evidence: q1!.evidence,
        },
        {
          id: 'q-new',
          documentExternalId: 'T1',
          question: 'new',
          gold: { answer: 2 },
          scale: null,
          type: 't',
          evidence: [],
        },
      ],
    });
    expect(again.questions).toMatchObject({ added: 1, unchanged: 1 });
    expect(repo.storedQuestions(1).map((q) => q.id)).toEqual([7, 13]);
    documentsRepo(db).remove(3);
    const next = documentsRepo(db).insert({
      name: 'n.htm',
      kind: 'sec-html',
      size: 1,
      sha256: sha('d'),
      importedAt: 'now',
    });
    expect(next.id).toBeGreaterThan(Math.max(3, record!.id));
    db.close();
  });

  it('removing a library PDF leaves its questions, pointing at no document', () => {
    const db = openDatabase(version4());
    documentsRepo(db).remove(2);
    expect(
      questionsRepo(db)
        .storedQuestions(2)
        .map((q) => q.documentId),
    ).toEqual([null, null]);
    db.close();
  });
});
