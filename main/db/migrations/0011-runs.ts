import type { Migration } from './migration';

/**
 * Evaluation runs (main/runs): a run, what it answered per question, and each scorer's verdict
 * per answer. Imported prediction files and (later) the engine's model calls write the same
 * rows. Items are committed as they are written, so an interrupted run keeps what it has;
 * `pid` lets a reader see that the process writing a `running` run is gone (interrupted).
 * An item points at its question by our stable id; a question removed by a dataset re-import
 * leaves the item (SET NULL) with the dataset's own id, so the run's report can say so.
 * Verdicts are one row per item and scorer: a re-grade replaces one scorer's rows only.
 */
export const m0011Runs: Migration = {
  version: 11,
  name: 'runs',
  up: (db) => {
    db.exec(`
      CREATE TABLE runs (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        dataset_id INTEGER REFERENCES datasets(id) ON DELETE SET NULL,
        source     TEXT    NOT NULL CHECK (source IN ('engine', 'imported')),
        model      TEXT    NOT NULL,
        mode       TEXT    CHECK (mode IN ('direct', 'cot', 'pot', 'pot-python', 'table-first')),
        status     TEXT    NOT NULL CHECK (status IN ('running', 'paused', 'interrupted', 'done', 'failed')),
        total      INTEGER NOT NULL CHECK (total >= 0),
        manifest   TEXT    NOT NULL CHECK (json_valid(manifest)),
        pid        INTEGER,
        message    TEXT,
        created_at TEXT    NOT NULL,
        updated_at TEXT    NOT NULL
      ) STRICT;

      CREATE TABLE run_items (
        id           INTEGER PRIMARY KEY,
        run_id       INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        question_id  INTEGER REFERENCES questions(id) ON DELETE SET NULL,
        external_id  TEXT    NOT NULL CHECK (external_id <> ''),
        output       TEXT,
        answer       TEXT    CHECK (answer IS NULL OR json_valid(answer)),
        answer_kind  TEXT    NOT NULL CHECK (answer_kind IN ('text', 'extracted', 'executed')),
        answer_scale TEXT,
        program      TEXT,
        execution    TEXT    CHECK (execution IS NULL OR json_valid(execution)),
        usage        TEXT    CHECK (usage IS NULL OR json_valid(usage)),
        latency_ms   REAL,
        error        TEXT,
        created_at   TEXT    NOT NULL,
        UNIQUE (run_id, question_id),
        UNIQUE (run_id, external_id)
      ) STRICT;
      CREATE INDEX run_items_by_question ON run_items (question_id);

      CREATE TABLE run_verdicts (
        item_id         INTEGER NOT NULL REFERENCES run_items(id) ON DELETE CASCADE,
        run_id          INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        scorer          TEXT    NOT NULL CHECK (scorer <> ''),
        scorer_version  TEXT    NOT NULL,
        correct         INTEGER NOT NULL CHECK (correct IN (0, 1)),
        score           REAL    NOT NULL,
        outcome         TEXT    NOT NULL CHECK (outcome IN ('correct', 'incorrect', 'refusal', 'no-answer', 'error')),
        rule            TEXT    NOT NULL,
        extracted       TEXT,
        pred_normalized TEXT    NOT NULL,
        gold_normalized TEXT    NOT NULL,
        PRIMARY KEY (item_id, scorer)
      ) STRICT;
      CREATE INDEX run_verdicts_by_run ON run_verdicts (run_id, scorer);
    `);
  },
};
