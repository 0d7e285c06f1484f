import type { Migration } from './migration';

/**
 * Retrieval across all documents (issue 26): one FTS5 row per indexed document, so a search of
 * the whole workspace ranks documents in one small index (a row per document) and then searches
 * only the best few documents' unit indexes, instead of every unit of every document.
 *
 * - `retrieval_documents`: FTS5 over the document's name (`title`) and a summary of its content
 *   (`text`: its table units' captions, column headers and row labels, and the opening of its
 *   prose, the cover page), built from `retrieval_unit_meta` with the document's unit index.
 *   Contentless with contentless_delete, the same tokenizer as `retrieval_units`.
 * - `retrieval_document_summaries`: which documents have a row there (an FTS5 table cannot be
 *   asked that cheaply); it goes with the document's unit index (ON DELETE CASCADE from
 *   `retrieval_indexes`), and a trigger removes the FTS row with it.
 *
 * Existing unit indexes get their summary on the next workspace search (from their stored
 * units, no document is opened).
 */
export const m0023RetrievalDocuments: Migration = {
  version: 23,
  name: 'retrieval-documents',
  up: (db) => {
    db.exec(`
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
    `);
  },
};
