import type { Migration } from './migration';

/**
 * The Ask panel's history and the user's prompt templates (main/ask). An ask is stored once it
 * completed, as its AskResult JSON (without the row id), with the columns the history is
 * listed by: per document and per question, newest first. An ask goes with its document; a
 * removed question (a dataset re-import dropping it) leaves the ask, unlinked. Built-in
 * templates live in code (shared/ask/templates.ts), only user templates here.
 */
export const m0010Asks: Migration = {
  version: 10,
  name: 'asks',
  up: (db) => {
    db.exec(`
      CREATE TABLE asks (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        ask_id      TEXT    NOT NULL,
        document_id INTEGER REFERENCES documents(id) ON DELETE CASCADE,
        question_id INTEGER REFERENCES questions(id) ON DELETE SET NULL,
        mode        TEXT    NOT NULL CHECK (mode IN ('direct', 'cot', 'pot', 'table-first')),
        model       TEXT    NOT NULL,
        created_at  TEXT    NOT NULL,
        result      TEXT    NOT NULL CHECK (json_valid(result))
      ) STRICT;
      CREATE INDEX asks_by_document ON asks (document_id, id);
      CREATE INDEX asks_by_question ON asks (question_id, id);

      CREATE TABLE prompt_templates (
        id         TEXT PRIMARY KEY CHECK (id <> ''),
        name       TEXT NOT NULL,
        mode       TEXT NOT NULL CHECK (mode IN ('direct', 'cot', 'pot', 'table-first')),
        system     TEXT NOT NULL,
        user       TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
    `);
  },
};
