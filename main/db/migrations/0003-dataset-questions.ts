import type { Migration } from './migration';

/**
 * Benchmark datasets read into our Document model, with their questions. A dataset is one
 * imported file; re-importing it replaces it (the repository deletes and inserts in one
 * transaction). Documents and questions go with their dataset (ON DELETE CASCADE); a stored
 * original removed from the library leaves the dataset in place (SET NULL). Dataset and question
 * ids are AUTOINCREMENT: a replaced import never hands its ids to new rows, so anything that
 * recorded a question id (a grading run) cannot silently point at another question.
 */
export const m0003DatasetQuestions: Migration = {
  version: 3,
  name: 'dataset-questions',
  up: (db) => {
    db.exec(`
      CREATE TABLE datasets (
        id                 INTEGER PRIMARY KEY AUTOINCREMENT,
        name               TEXT    NOT NULL CHECK (name <> ''),
        format             TEXT    NOT NULL CHECK (format IN ('tatqa', 'tathqa', 'finqa', 'multihiertt', 'docmath', 'financebench', 'tablequest')),
        source_document_id INTEGER REFERENCES documents(id) ON DELETE SET NULL,
        imported_at        TEXT    NOT NULL,
        UNIQUE (format, name)
      ) STRICT;

      CREATE TABLE dataset_documents (
        id                 INTEGER PRIMARY KEY,
        dataset_id         INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
        external_id        TEXT    NOT NULL CHECK (external_id <> ''),
        source_document_id INTEGER REFERENCES documents(id) ON DELETE SET NULL,
        document           TEXT    NOT NULL CHECK (json_valid(document)),
        UNIQUE (dataset_id, external_id)
      ) STRICT;

      CREATE TABLE questions (
        id                   INTEGER PRIMARY KEY AUTOINCREMENT,
        dataset_id           INTEGER NOT NULL REFERENCES datasets(id) ON DELETE CASCADE,
        external_id          TEXT    NOT NULL CHECK (external_id <> ''),
        document_external_id TEXT    NOT NULL,
        question             TEXT    NOT NULL,
        gold                 TEXT    NOT NULL CHECK (json_valid(gold)),
        scale                TEXT    CHECK (scale IN ('', 'thousand', 'million', 'billion', 'percent')),
        type                 TEXT    NOT NULL,
        evidence             TEXT    NOT NULL CHECK (json_valid(evidence) AND json_type(evidence) = 'array'),
        UNIQUE (dataset_id, external_id),
        FOREIGN KEY (dataset_id, document_external_id)
          REFERENCES dataset_documents(dataset_id, external_id) ON DELETE CASCADE
      ) STRICT;

      CREATE INDEX questions_by_document ON questions (dataset_id, document_external_id);
    `);
  },
};
