import type { Migration } from './migration';

/**
 * Parsed models move out of SQLite into files (main/workspace/parse-cache.ts): the row keeps
 * which file holds the current model and its size. The old rows were only a cache (every model
 * can be parsed again from its stored original), so the table is recreated empty.
 */
export const m0004DocumentModelFiles: Migration = {
  version: 4,
  name: 'document-model-files',
  up: (db) => {
    db.exec(`
      DROP TABLE document_models;
      CREATE TABLE document_models (
        document_id    INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
        parser_version INTEGER NOT NULL,
        model_file     TEXT    NOT NULL,
        model_bytes    INTEGER NOT NULL,
        parsed_at      TEXT    NOT NULL
      ) STRICT;
    `);
  },
};
