import type { Migration } from './migration';

/**
 * The retrieval index: FTS5 units per document with their places, one row per indexed document
 * saying which model version it was built from, and optional embedding vectors. Everything goes
 * with its document (ON DELETE CASCADE, and a trigger for the FTS rows).
 *
 * Frozen: this is the DDL as it shipped (commit 195290a). It used to be imported from
 * main/retrieval/index-schema.ts, so when that file gained `retrieval_unit_meta`'s length and
 * lead-in columns (5bc120b) a new workspace got them here while an older one never did;
 * migration 20 brings both to the same table. A migration never imports live code
 * (eslint.config.mjs): what it creates must not change after it ships.
 */
export const m0009Retrieval: Migration = {
  version: 9,
  name: 'retrieval',
  up: (db) => {
    db.exec(`
    CREATE TABLE retrieval_indexes (
      document_id INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
      version_key TEXT    NOT NULL,
      unit_count  INTEGER NOT NULL CHECK (unit_count >= 0),
      first_unit  INTEGER NOT NULL,
      last_unit   INTEGER NOT NULL,
      built_at    TEXT    NOT NULL
    ) STRICT;

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
  `);
  },
};
