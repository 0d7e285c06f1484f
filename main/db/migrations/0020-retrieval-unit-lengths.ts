import type { Migration } from './migration';

/**
 * `retrieval_unit_meta` as BM25F ranking reads it: each unit's token count per FTS column
 * (`len_text`, `len_headers`, `len_caption`, for length normalisation) and, for a paragraph
 * right before a table, that table's id (`lead_in_of`).
 *
 * Those columns reached workspaces without a migration: migration 9 used to import its DDL
 * from main/retrieval, and a later commit added them there. So a workspace at version 9..19
 * has one of two tables: without the columns (created before that commit; indexing a document
 * there fails, the insert names columns it lacks) or with them (created after). Both become the
 * table below, so every workspace ends with the same schema:
 * - with the columns: every row is copied as it is;
 * - without: the index cannot be kept (the lengths come from the tokenizer, not from SQL, and
 *   a NOT NULL column needs a value), and it is only a cache of the documents: its rows, FTS
 *   rows and embedding vectors are removed, and each document is indexed again on its next
 *   search (main/retrieval/retrieval-service.ts). Those indexes were stale anyway: they carry
 *   index version 1, and the app rebuilds any index whose version key differs.
 *
 * The table is renamed away, created anew from the text here and the rows copied back. Nothing
 * references it (vectors point at `retrieval_indexes`), so foreign keys can stay on. Its trigger
 * is dropped first and created again with the new table.
 */
export const m0020RetrievalUnitLengths: Migration = {
  version: 20,
  name: 'retrieval-unit-lengths',
  up: (db) => {
    const columns = db
      .prepare<[], string>("SELECT name FROM pragma_table_info('retrieval_unit_meta')")
      .pluck()
      .all();
    const hasLengths = ['len_text', 'len_headers', 'len_caption', 'lead_in_of'].every((c) =>
      columns.includes(c),
    );
    db.exec(`
      DROP TRIGGER retrieval_unit_meta_deleted;
      ALTER TABLE retrieval_unit_meta RENAME TO retrieval_unit_meta_old;
    `);
    db.exec(`
    CREATE TABLE retrieval_unit_meta (
      unit_id         INTEGER PRIMARY KEY,
      document_id     INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
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
    ) STRICT;`);
    if (hasLengths) {
      db.exec(`
        INSERT INTO retrieval_unit_meta (unit_id, document_id, ordinal, kind, block_id,
            table_index, source_row, source_col, page, paragraph_index, text,
            len_text, len_headers, len_caption, lead_in_of)
          SELECT unit_id, document_id, ordinal, kind, block_id,
            table_index, source_row, source_col, page, paragraph_index, text,
            len_text, len_headers, len_caption, lead_in_of
          FROM retrieval_unit_meta_old;
      `);
    } else {
      db.exec(`
        DELETE FROM retrieval_vectors;
        DELETE FROM retrieval_indexes;
        INSERT INTO retrieval_units (retrieval_units) VALUES ('delete-all');
      `);
    }
    db.exec(`
      DROP TABLE retrieval_unit_meta_old;
      CREATE TRIGGER retrieval_unit_meta_deleted AFTER DELETE ON retrieval_unit_meta BEGIN
      DELETE FROM retrieval_units WHERE rowid = old.unit_id;
    END;
    `);
  },
};
