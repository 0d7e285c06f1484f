import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ftsIndex } from '../../../main/retrieval/fts-index';
import { retrievalSchemaSql } from '../../../main/retrieval/index-schema';
import { indexVersionKey, RetrievalService } from '../../../main/retrieval/retrieval-service';
import type { Document } from '../../../shared/document';
import { indexPassages } from '../../../shared/retrieval/passages';
import { smallDocument } from '../../unit/retrieval/small-document';

// `RetrievalService.prepare` builds a group of records' indexes in one write transaction, and
// each record inside it without a savepoint of its own: a savepoint makes FTS5 flush its
// pending terms to a new segment, one per record (issue 26, the run's index build).

const records = (n: number): { documentId: number; document: Document }[] =>
  Array.from({ length: n }, (_, i) => {
    const d = structuredClone(smallDocument());
    d.title = `record ${i}`;
    return { documentId: i + 1, document: d };
  });

/** An in-memory retrieval database that logs every statement it runs (real SQLite). */
function loggedDatabase() {
  const log: string[] = [];
  const nativeBinding = process.env.WORKBENCH_SQLITE_BINDING;
  const db = new Database(':memory:', {
    verbose: (sql) => log.push(String(sql)),
    ...(nativeBinding ? { nativeBinding } : {}),
  });
  db.exec(retrievalSchemaSql({ documentsTable: false }));
  log.length = 0;
  return { db, log };
}

const transactionStatements = (log: readonly string[]) =>
  log.filter((s) => /^(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/i.test(s));

describe('RetrievalService.prepare: one transaction per group, no savepoint per record', () => {
  it('builds three records in one BEGIN IMMEDIATE … COMMIT, with the rows of three builds', () => {
    const { db, log } = loggedDatabase();
    try {
      const group = records(3);
      expect(new RetrievalService(db).prepare(group)).toBe(3);
      expect(transactionStatements(log)).toEqual(['BEGIN IMMEDIATE', 'COMMIT']);
      const repo = ftsIndex(db);
      for (const { documentId, document } of group) {
        const index = repo.get(documentId)!;
        expect(index.version_key).toBe(indexVersionKey(document));
        expect(index.unit_count).toBe(indexPassages(document).length);
        expect(repo.hasPostings(documentId)).toBe(true);
      }
      // Consecutive unit ranges, as one build after the other gives them.
      const [a, b, c] = group.map(({ documentId }) => repo.get(documentId)!);
      expect([b!.first_unit, c!.first_unit]).toEqual([a!.last_unit + 1, b!.last_unit + 1]);
    } finally {
      db.close();
    }
  });

  it('keeps nothing of the group when one record cannot be written', () => {
    const { db, log } = loggedDatabase();
    try {
      const group = records(3);
      // The third record's index row is already there: its build fails on the primary key.
      const repo = ftsIndex(db);
      const taken = group[2]!;
      db.prepare(
        `INSERT INTO retrieval_indexes (document_id, version_key, unit_count, first_unit, last_unit, built_at)
         VALUES (?, 'old', 0, 0, 0, 'then')`,
      ).run(taken.documentId);
      db.exec(`CREATE TRIGGER refuse BEFORE INSERT ON retrieval_indexes
        WHEN new.document_id = ${taken.documentId} BEGIN SELECT RAISE(ABORT, 'refused'); END`);
      log.length = 0;
      expect(() => new RetrievalService(db).prepare(group)).toThrow(/refused/);
      expect(transactionStatements(log)).toEqual(['BEGIN IMMEDIATE', 'ROLLBACK']);
      expect(repo.get(group[0]!.documentId)).toBeUndefined();
      expect(repo.get(group[1]!.documentId)).toBeUndefined();
      expect(repo.get(taken.documentId)?.version_key).toBe('old');
      expect(db.prepare('SELECT count(*) FROM retrieval_unit_meta').pluck().get()).toBe(0);
    } finally {
      db.close();
    }
  });

  it('buildInTransaction refuses to run outside a transaction', () => {
    const { db } = loggedDatabase();
    try {
      const [{ documentId, document }] = records(1) as [{ documentId: number; document: Document }];
      expect(() =>
        ftsIndex(db).buildInTransaction(
          documentId,
          indexVersionKey(document),
          indexPassages(document),
        ),
      ).toThrow(/needs an open write transaction/);
      expect(ftsIndex(db).get(documentId)).toBeUndefined();
    } finally {
      db.close();
    }
  });
});
