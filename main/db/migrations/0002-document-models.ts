import type { Migration } from './migration';

/**
 * Parsed documents were cached here as JSON text next to their library row (0004 moved them to
 * files under models/, main/workspace/parse-cache.ts), so opening a 10-K twice parses it once;
 * `parser_version` lets a newer parser invalidate old caches. Evidence marks
 * are what the user flagged in the document view (later used by Ask and human sessions).
 */
export const m0002DocumentModels: Migration = {
  version: 2,
  name: 'document-models',
  up: (db) => {
    db.exec(`
      CREATE TABLE document_models (
        document_id    INTEGER PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE,
        parser_version INTEGER NOT NULL,
        model          TEXT    NOT NULL,
        parsed_at      TEXT    NOT NULL
      ) STRICT;

      CREATE TABLE evidence_marks (
        id          INTEGER PRIMARY KEY,
        document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        -- "p:<blockId>" for a paragraph, "c:<tableId>:<sourceRow>:<sourceCol>" for a cell
        target      TEXT    NOT NULL,
        block_id    TEXT    NOT NULL,
        table_id    TEXT,
        source_row  INTEGER,
        source_col  INTEGER,
        created_at  TEXT    NOT NULL,
        UNIQUE (document_id, target)
      ) STRICT;
    `);
  },
};
