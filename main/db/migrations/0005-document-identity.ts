import type { Database } from 'better-sqlite3';
import type { Migration } from './migration';

/**
 * One document identity for everything a question can stand on, and ids that never come back.
 *
 * - `documents` gets AUTOINCREMENT (a deleted document's id was handed to the next import) and
 *   a second kind of row, `record`: a document read from a benchmark file (a TAT-QA table with
 *   its paragraphs, a MultiHiertt report). A record has no stored original (`sha256` NULL); it
 *   belongs to its dataset (`dataset_id`, `external_id`) and its model JSON is in
 *   `dataset_records`. Library files keep their rows and ids.
 * - `questions.document_id` names the document a question is about: the record, or, for PDF
 *   datasets (FinanceBench, TableQuest), the PDF stored in the library. SET NULL when a library
 *   PDF is removed, so the question stays and says its document is gone.
 * - Gold evidence moves to the one evidence shape (`{ref, target, text?, note?, reason?}`, see
 *   shared/document/evidence.ts). The conversion is written out here, not imported, so this
 *   migration keeps meaning what it meant when it shipped.
 */
export const m0005DocumentIdentity: Migration = {
  version: 5,
  name: 'document-identity',
  rebuildsTables: true,
  // eslint-disable-next-line max-lines-per-function -- a frozen migration: its DDL and table rebuild must keep meaning what they meant when shipped; the row moves are already in helpers below
  up: (db) => {
    db.exec(`
      CREATE TABLE documents_new (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        name        TEXT    NOT NULL,
        kind        TEXT    NOT NULL CHECK (kind IN ('sec-html', 'pdf', 'dataset', 'other', 'record')),
        size        INTEGER NOT NULL CHECK (size >= 0),
        sha256      TEXT    UNIQUE CHECK (sha256 IS NULL OR length(sha256) = 64),
        imported_at TEXT    NOT NULL,
        dataset_id  INTEGER REFERENCES datasets(id) ON DELETE CASCADE,
        external_id TEXT    CHECK (external_id IS NULL OR external_id <> ''),
        CHECK ((kind = 'record') = (sha256 IS NULL)),
        CHECK ((kind = 'record') = (dataset_id IS NOT NULL)),
        CHECK ((dataset_id IS NULL) = (external_id IS NULL)),
        UNIQUE (dataset_id, external_id)
      ) STRICT;
      INSERT INTO documents_new (id, name, kind, size, sha256, imported_at)
        SELECT id, name, kind, size, sha256, imported_at FROM documents;

      CREATE TABLE dataset_records (
        document_id INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
        model       TEXT    NOT NULL CHECK (json_valid(model))
      ) STRICT;

      CREATE TABLE questions_new (
        id                   INTEGER PRIMARY KEY AUTOINCREMENT,
        dataset_id           INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
        external_id          TEXT    NOT NULL CHECK (external_id <> ''),
        document_id          INTEGER REFERENCES documents(id) ON DELETE SET NULL,
        document_external_id TEXT    NOT NULL,
        question             TEXT    NOT NULL,
        gold                 TEXT    NOT NULL CHECK (json_valid(gold)),
        scale                TEXT    CHECK (scale IN ('', 'thousand', 'million', 'billion', 'percent')),
        type                 TEXT    NOT NULL,
        evidence             TEXT    NOT NULL CHECK (json_valid(evidence) AND json_type(evidence) = 'array'),
        UNIQUE (dataset_id, external_id)
      ) STRICT;
    `);
    const documentIds = moveDatasetDocuments(db);
    const insertQuestion = db.prepare(
      `INSERT INTO questions_new (id, dataset_id, external_id, document_id, document_external_id,
         question, gold, scale, type, evidence) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const questions = db.prepare('SELECT * FROM questions ORDER BY id').all() as {
      id: number;
      dataset_id: number;
      external_id: string;
      document_external_id: string;
      question: string;
      gold: string;
      scale: string | null;
      type: string;
      evidence: string;
    }[];
    for (const q of questions) {
      insertQuestion.run(
        q.id,
        q.dataset_id,
        q.external_id,
        documentIds.get(`${q.dataset_id}\u0000${q.document_external_id}`) ?? null,
        q.document_external_id,
        q.question,
        q.gold,
        q.scale,
        q.type,
        JSON.stringify((JSON.parse(q.evidence) as OldEvidence[]).map(convertEvidence)),
      );
    }
    // Questions had AUTOINCREMENT already: keep its high-water mark (ids of deleted rows stay
    // used). Dropping the old table drops its sqlite_sequence row, so read it first.
    const seq = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'questions'").get() as
      { seq: number } | undefined;
    db.exec(`
      DROP TABLE questions;
      DROP TABLE dataset_documents;
      DROP TABLE documents;
      ALTER TABLE documents_new RENAME TO documents;
      ALTER TABLE questions_new RENAME TO questions;
      CREATE INDEX questions_by_document ON questions (document_id);
      CREATE INDEX documents_by_dataset ON documents (dataset_id);
    `);
    if (seq) {
      const now = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'questions'").get();
      if (now)
        db.prepare("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'questions'").run(
          seq.seq,
        );
      else
        db.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES ('questions', ?)").run(seq.seq);
    }
  },
};

/**
 * Dataset documents become `record` rows (with their model in dataset_records); PDF-backed
 * ones (a FinanceBench PDF) are the library PDF they referenced. Returns the document id per
 * "datasetId NUL externalId".
 */
function moveDatasetDocuments(db: Database): Map<string, number> {
  const rows = db
    .prepare(
      `SELECT dd.dataset_id, dd.external_id, dd.source_document_id, dd.document, d.imported_at
       FROM dataset_documents dd JOIN datasets d ON d.id = dd.dataset_id ORDER BY dd.id`,
    )
    .all() as {
    dataset_id: number;
    external_id: string;
    source_document_id: number | null;
    document: string;
    imported_at: string;
  }[];
  const insertRecord = db.prepare(
    `INSERT INTO documents_new (name, kind, size, sha256, imported_at, dataset_id, external_id)
     VALUES (?, 'record', ?, NULL, ?, ?, ?) RETURNING id`,
  );
  const insertModel = db.prepare('INSERT INTO dataset_records (document_id, model) VALUES (?, ?)');
  const ids = new Map<string, number>();
  for (const r of rows) {
    const key = `${r.dataset_id}\u0000${r.external_id}`;
    const model = JSON.parse(r.document) as { title?: unknown; source?: { kind?: unknown } };
    if (model.source?.kind === 'pdf') {
      if (r.source_document_id !== null) ids.set(key, r.source_document_id);
      continue;
    }
    const name =
      typeof model.title === 'string' && model.title.trim() !== '' ? model.title : r.external_id;
    const { id } = insertRecord.get(
      name,
      Buffer.byteLength(r.document),
      r.imported_at,
      r.dataset_id,
      r.external_id,
    ) as { id: number };
    insertModel.run(id, r.document);
    ids.set(key, id);
  }
  return ids;
}

/** Gold evidence as stored by migration 3 (a `kind` per shape). */
type OldEvidence = { kind: string; ref: string } & Record<string, unknown>;

function convertEvidence(e: OldEvidence): Record<string, unknown> {
  const extra = (k: 'text' | 'note') => (typeof e[k] === 'string' ? { [k]: e[k] } : {});
  switch (e.kind) {
    case 'block':
      return { ref: e.ref, target: { type: 'paragraph', blockId: e.blockId } };
    case 'table':
      return { ref: e.ref, target: { type: 'table', tableId: e.tableId } };
    case 'row':
      return { ref: e.ref, target: { type: 'row', tableId: e.tableId, sourceRow: e.sourceRow } };
    case 'cell':
      return {
        ref: e.ref,
        target: {
          type: 'cell',
          tableId: e.tableId,
          sourceRow: e.sourceRow,
          sourceCol: e.sourceCol,
        },
      };
    case 'page':
      return {
        ref: e.ref,
        target: { type: 'page', page: e.page },
        ...extra('text'),
        ...extra('note'),
      };
    default:
      return {
        ref: e.ref,
        target: null,
        reason: typeof e.reason === 'string' ? e.reason : `unknown evidence kind ${e.kind}`,
      };
  }
}
