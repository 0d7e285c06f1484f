import type { Migration } from './migration';

/**
 * Question sets (main/question-sets, docs/sessions.md "Question sets"): a named list of a
 * dataset's questions that sessions and runs are made from. `question_set_key` is the sessions'
 * key (main/sessions/question-set-key.ts) of the same questions, so the sessions on a set are
 * found by it. Question ids are our stable ids without a foreign key, as sessions keep theirs:
 * a re-import that removes a question leaves its row (with the dataset's own id), and a set
 * refuses to make a session or run while one of its questions is gone. Removing the dataset
 * removes its sets.
 */
export const m0019QuestionSets: Migration = {
  version: 19,
  name: 'question-sets',
  up: (db) => {
    db.exec(`
      CREATE TABLE question_sets (
        id               INTEGER PRIMARY KEY AUTOINCREMENT,
        name             TEXT    NOT NULL UNIQUE CHECK (name <> ''),
        description      TEXT    NOT NULL,
        dataset_id       INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
        question_set_key TEXT    NOT NULL,
        selection        TEXT    NOT NULL CHECK (json_valid(selection)),
        created_at       TEXT    NOT NULL
      ) STRICT;
      CREATE INDEX question_sets_by_key ON question_sets (question_set_key);
      CREATE INDEX question_sets_by_dataset ON question_sets (dataset_id);

      CREATE TABLE question_set_questions (
        set_id      INTEGER NOT NULL REFERENCES question_sets(id) ON DELETE CASCADE,
        position    INTEGER NOT NULL CHECK (position >= 0),
        question_id INTEGER NOT NULL,
        external_id TEXT    NOT NULL CHECK (external_id <> ''),
        PRIMARY KEY (set_id, position),
        UNIQUE (set_id, question_id)
      ) STRICT;
    `);
  },
};
