/**
 * The retrieval index's tables as the code here reads and writes them, for the in-memory
 * database that indexes a document outside the workspace (`workbench retrieve --doc FILE`),
 * which has no `documents` table to point at. A workspace gets its tables from its migrations
 * (main/db/migrations/0009-retrieval.ts, 0020-retrieval-unit-lengths.ts,
 * 0023-retrieval-documents.ts, 0024-retrieval-postings.ts), which hold their own
 * copy of this SQL and never import it: changing a table here needs a new migration as well.
 * test/integration/db/upgrade-from-every-version.test.ts fails while the two differ
 * (`documentsTable: true` gives the workspace's form, where each row belongs to a document
 * and goes with it).
 *
 * - `retrieval_units`: FTS5 over three columns ranked with separate weights (text, headers,
 *   caption; main/retrieval/bm25f.ts). Contentless (the text is in `retrieval_unit_meta`, stored once) with
 *   contentless_delete so a document's rows can be deleted. Porter stemming: "revenues" finds
 *   "Revenue", "expenditures" finds "expenditure".
 * - `retrieval_unit_meta`: where each unit is (kind, block, table index, row, col, page,
 *   paragraph index), its document order (`ordinal`) and the text a hit shows; `unit_id` is the
 *   FTS rowid. A document's units take consecutive ids, so a search limits FTS5 to that range.
 * - `retrieval_indexes`: one row per indexed document, with the key (index version, parser
 *   version, a fingerprint of the model) that says whether the index is still current.
 * - `retrieval_vectors`: optional dense embeddings, float32 little-endian, per unit and model.
 * - `retrieval_documents`: one FTS5 row per indexed document (its name and a summary of its
 *   tables and cover), what a search across all documents ranks first;
 *   `retrieval_document_summaries` says which documents have one (main/retrieval/fts-index.ts).
 * - `retrieval_postings`: each document's own postings, one row per (document, term): the units
 *   holding the term and the columns holding it (varints, main/retrieval/postings.ts), so a
 *   document's search costs its own matches, not the term's matches across the workspace.
 * - `retrieval_ranking_units`: what ranking reads of each of a document's units, in one value
 *   (main/retrieval/ranking-passages.ts); its row says the postings are written too (an index
 *   built before migration 24 is searched through `retrieval_units` and `retrieval_unit_meta`
 *   until its document's next own search writes both).
 *
 * Deleting a unit's meta row deletes its FTS row (trigger), so removing a document (ON DELETE
 * CASCADE) or rebuilding its index never leaves text behind in the FTS table.
 */
export function retrievalSchemaSql(options: { documentsTable: boolean }): string {
  const doc = options.documentsTable
    ? 'INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE'
    : 'INTEGER NOT NULL';
  const docKey = options.documentsTable
    ? 'INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE'
    : 'INTEGER PRIMARY KEY';
  return `
    CREATE TABLE retrieval_indexes (
      document_id ${docKey},
      version_key TEXT    NOT NULL,
      unit_count  INTEGER NOT NULL CHECK (unit_count >= 0),
      first_unit  INTEGER NOT NULL,
      last_unit   INTEGER NOT NULL,
      built_at    TEXT    NOT NULL
    ) STRICT;

    CREATE TABLE retrieval_unit_meta (
      unit_id         INTEGER PRIMARY KEY,
      document_id     ${doc},
      ordinal         INTEGER NOT NULL,
      kind            TEXT    NOT NULL CHECK (kind IN ('cell', 'row', 'table', 'paragraph')),
      block_id        TEXT    NOT NULL,
      table_index     INTEGER,
      source_row      INTEGER,
      source_col      INTEGER,
      page            INTEGER,
      paragraph_index INTEGER,
      text            TEXT    NOT NULL,
      -- tokens in each FTS column, for BM25F's length normalisation
      len_text        INTEGER NOT NULL,
      len_headers     INTEGER NOT NULL,
      len_caption     INTEGER NOT NULL,
      -- a paragraph leading into a table (the paragraph right before it): the table's id
      lead_in_of      TEXT,
      UNIQUE (document_id, ordinal)
    ) STRICT;

    CREATE VIRTUAL TABLE retrieval_units USING fts5(
      text, headers, caption,
      content = '', contentless_delete = 1,
      tokenize = 'porter unicode61 remove_diacritics 2'
    );

    CREATE TRIGGER retrieval_unit_meta_deleted AFTER DELETE ON retrieval_unit_meta BEGIN
      DELETE FROM retrieval_units WHERE rowid = old.unit_id;
    END;

    CREATE TABLE retrieval_vectors (
      document_id INTEGER NOT NULL,
      model       TEXT    NOT NULL,
      ordinal     INTEGER NOT NULL,
      vector      BLOB    NOT NULL,
      PRIMARY KEY (document_id, model, ordinal),
      FOREIGN KEY (document_id) REFERENCES retrieval_indexes(document_id) ON DELETE CASCADE
    ) STRICT;

    CREATE TABLE retrieval_document_summaries (
      document_id INTEGER PRIMARY KEY REFERENCES retrieval_indexes(document_id) ON DELETE CASCADE,
      summarized_at TEXT NOT NULL
    ) STRICT;

    CREATE VIRTUAL TABLE retrieval_documents USING fts5(
      title, text,
      content = '', contentless_delete = 1,
      tokenize = 'porter unicode61 remove_diacritics 2'
    );

    CREATE TRIGGER retrieval_document_summaries_deleted AFTER DELETE ON retrieval_document_summaries BEGIN
      DELETE FROM retrieval_documents WHERE rowid = old.document_id;
    END;

    CREATE TABLE retrieval_postings (
      document_id INTEGER NOT NULL REFERENCES retrieval_indexes(document_id) ON DELETE CASCADE,
      term        TEXT    NOT NULL,
      units       BLOB    NOT NULL,
      PRIMARY KEY (document_id, term)
    ) STRICT, WITHOUT ROWID;

    CREATE TABLE retrieval_ranking_units (
      document_id INTEGER PRIMARY KEY REFERENCES retrieval_indexes(document_id) ON DELETE CASCADE,
      units       BLOB    NOT NULL,
      built_at    TEXT    NOT NULL
    ) STRICT;
  `;
}
