import type { Migration } from './migration';

/**
 * The `pot-python` mode (DocMath-Eval's Python PoT, run in the Pyodide sandbox) in the Ask
 * history and the user's templates. SQLite cannot change a CHECK constraint in place, so both
 * tables are rebuilt with the wider one and their rows copied; nothing references them.
 */
const MODES = "('direct', 'cot', 'pot', 'table-first', 'pot-python')";

export const m0016AskPythonMode: Migration = {
  version: 16,
  name: 'ask-python-mode',
  up: (db) => {
    db.exec(`
      CREATE TABLE asks_new (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        ask_id      TEXT    NOT NULL,
        document_id INTEGER REFERENCES documents(id) ON DELETE CASCADE,
        question_id INTEGER REFERENCES questions(id) ON DELETE SET NULL,
        mode        TEXT    NOT NULL CHECK (mode IN ${MODES}),
        model       TEXT    NOT NULL,
        created_at  TEXT    NOT NULL,
        result      TEXT    NOT NULL CHECK (json_valid(result))
      ) STRICT;
      INSERT INTO asks_new (id, ask_id, document_id, question_id, mode, model, created_at, result)
        SELECT id, ask_id, document_id, question_id, mode, model, created_at, result FROM asks;
      DROP TABLE asks;
      ALTER TABLE asks_new RENAME TO asks;
      CREATE INDEX asks_by_document ON asks (document_id, id);
      CREATE INDEX asks_by_question ON asks (question_id, id);

      CREATE TABLE prompt_templates_new (
        id         TEXT PRIMARY KEY CHECK (id <> ''),
        name       TEXT NOT NULL,
        mode       TEXT NOT NULL CHECK (mode IN ${MODES}),
        system     TEXT NOT NULL,
        user       TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      INSERT INTO prompt_templates_new SELECT id, name, mode, system, user, updated_at FROM prompt_templates;
      DROP TABLE prompt_templates;
      ALTER TABLE prompt_templates_new RENAME TO prompt_templates;
    `);
  },
};
